// Autosave in IndexedDB. One record holds the current game; a save that can't be read is moved aside
// under its own key (never overwritten), so a damaged save costs nothing. Each save is one transaction
// (all or nothing); a marker in localStorage while it runs lets the next start say that a save was cut
// off by closing the tab, and that the game is the one saved before it.
// A record that is not text at all (another kind of value written there, or by the developer tools) is
// moved aside the same way by load() itself, with the shell's sentence (issue 37): String() of it could
// throw ({"toString": 5}) and failed the page on every load.
import { lazyDatabase } from '../platform/idb.ts';
import { tellStored } from '../platform/stored.ts';
import { asideFileName, recordText } from '../platform/aside-record.ts';
import { StorageFullError, type CutOffSave, type SaveStore } from '../../board/index.ts';

/** What keeps the marker: localStorage, or nothing where it is refused. */
export type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const SAVING_KEY = 'o2conquest.board.saving';

function markerStorage(): MarkerStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // refused (some private modes): only the next start's notice is lost
  }
}

function takeMarker(ls: MarkerStorage | undefined): CutOffSave | undefined {
  let text: string | null | undefined;
  try {
    text = ls?.getItem(SAVING_KEY);
    if (text) ls?.removeItem(SAVING_KEY);
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    const m = JSON.parse(text) as Partial<CutOffSave>;
    return typeof m.startedAt === 'string' && !Number.isNaN(Date.parse(m.startedAt))
      ? { startedAt: m.startedAt }
      : undefined;
  } catch {
    return undefined;
  }
}

const DB_NAME = 'o2conquest-board';
const STORE = 'saves';
const CURRENT = 'current';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function isQuotaError(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);
}

export function indexedDbStore(
  factory: IDBFactory = indexedDB,
  marker: MarkerStorage | undefined = markerStorage(),
): SaveStore {
  const open = lazyDatabase(factory, DB_NAME, STORE);
  let guarded = false;
  const write = async (key: string, text: string): Promise<void> => {
    if (guarded && key === CURRENT)
      throw new Error('the unreadable saved game could not be set aside, so nothing is saved over it');
    const d = await open();
    try {
      const tx = d.transaction(STORE, 'readwrite');
      const done = new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error ?? new Error('the save transaction was aborted'));
        tx.onerror = () => reject(tx.error ?? new Error('the save transaction failed'));
      });
      tx.objectStore(STORE).put(text, key);
      await done;
    } catch (e) {
      if (isQuotaError(e)) throw new StorageFullError('browser storage is full');
      throw e;
    }
  };
  return {
    async load() {
      const d = await open();
      const value: unknown = await request(d.transaction(STORE, 'readonly').objectStore(STORE).get(CURRENT));
      if (typeof value === 'string' || value === undefined) return value ?? null;
      const aside = await moveAside(d, value);
      // Left in place: nothing may be saved over it.
      if (!aside.moved) guarded = true;
      tellStored(aside.sentence, { name: asideFileName(aside.key), text: () => recordText(value) });
      return null;
    },
    async save(text) {
      try {
        marker?.setItem(SAVING_KEY, JSON.stringify({ startedAt: new Date().toISOString() }));
      } catch {
        /* no marker, no notice */
      }
      try {
        await write(CURRENT, text);
      } finally {
        try {
          marker?.removeItem(SAVING_KEY);
        } catch {
          /* as above */
        }
      }
    },
    takeCutOff: () => takeMarker(marker),
    async keepAside(text) {
      const key = asideKey();
      await write(key, text);
      return key;
    },
    async clear() {
      const d = await open();
      await request(d.transaction(STORE, 'readwrite').objectStore(STORE).delete(CURRENT));
    },
  };
}

/** A name for a record set aside: the time, and a count against two in the same millisecond. */
let asideCount = 0;
function asideKey(): string {
  return `unreadable-${new Date().toISOString()}-${++asideCount}`;
}

/**
 * Moves the current record, not a text, to an aside key in one transaction (it is in one place or the
 * other) and returns the sentence for the page. Never throws.
 */
async function moveAside(d: IDBDatabase, value: unknown): Promise<{ moved: boolean; key: string; sentence: string }> {
  const what = `The saved game kept in this browser ("${DB_NAME}", "${CURRENT}") is not a saved game's text`;
  const key = asideKey();
  try {
    const tx = d.transaction(STORE, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('aborted'));
    });
    tx.objectStore(STORE).put(value, key);
    tx.objectStore(STORE).delete(CURRENT);
    await done;
    return {
      moved: true,
      key,
      sentence: `${what}: it was set aside in the same storage as "${key}", and a new game is used.`,
    };
  } catch {
    return {
      moved: false,
      key: `${DB_NAME}-${CURRENT}`,
      sentence: `${what}: it could not be set aside (this browser's storage refused it) and was left where it is, so autosave stays off; a new game is used.`,
    };
  }
}
