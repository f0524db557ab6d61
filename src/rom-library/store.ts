/**
 * The ROM library and save-state slots in IndexedDB. Images are keyed by kind, size and CRC32; states
 * by the machine they belong to (BIOS and cartridge CRCs) and slot. Nothing leaves the browser.
 *
 * Storage faults, each ending in a sentence for the page and never in a lost save: IndexedDB missing
 * or refused (private modes) fails open(); an upgrade blocked by another tab fails open() instead of
 * waiting for ever; another tab's upgrade closes this connection (so that tab is not blocked) and
 * later calls say why; a slot write is one transaction (all or nothing), and a marker in
 * localStorage while it runs lets the next start say that a save was cut off by closing the tab.
 * A record that is not what its store holds (records.ts) is set aside, never deleted: moved into the
 * `settings` store as `unreadable:STORE:KEY:N` with a sentence every page shows, and the read goes on
 * without it (issue 37: such a record made the console and the table fail on every load).
 */
import { readStored, tellStored } from '../platform/stored.ts';
import { asideFileName, recordText } from '../platform/aside-record.ts';
import { checkActive, checkRom, checkState, keyText, type Checked } from './records.ts';
import type { ActiveRoms, StoredRom, StoredState } from './records.ts';
const DB_NAME = 'o2conquest-console';
const DB_VERSION = 1;
const SAVING_KEY = 'o2conquest.console.saving';

export type { ActiveRoms, StoredRom, StoredState } from './records.ts';

export function romKey(kind: string, size: number, crcHex: string): string {
  return `${kind}:${size}:${crcHex}`;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * A write counts once its transaction has committed: a full quota fails the commit (the transaction
 * aborts with QuotaExceededError) after the request itself has already succeeded.
 */
function write(tx: IDBTransaction, start: (tx: IDBTransaction) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    start(tx);
  });
}

/** A slot save that was under way (kept in localStorage until its transaction ends). */
export interface PendingSave {
  machine: string;
  slot: number;
  frame: number;
  startedAt: number;
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // some private modes refuse localStorage too
  }
}

export class ConsoleStore {
  /** Set when another tab's upgrade closed this connection: the sentence every later call throws. */
  private closedWhy: string | undefined;

  private constructor(private readonly db: IDBDatabase) {}

  /** `onClosed` hears when another tab's upgrade takes the storage away from this page. */
  static async open(onClosed?: (why: string) => void): Promise<ConsoleStore> {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      let req: IDBOpenDBRequest;
      try {
        req = indexedDB.open(DB_NAME, DB_VERSION);
      } catch (e) {
        reject(new Error(`browser storage is unavailable (${e instanceof Error ? e.message : String(e)})`));
        return;
      }
      req.onupgradeneeded = () => {
        const d = req.result;
        if (!d.objectStoreNames.contains('roms')) d.createObjectStore('roms', { keyPath: 'key' });
        if (!d.objectStoreNames.contains('states')) d.createObjectStore('states', { keyPath: 'key' });
        if (!d.objectStoreNames.contains('settings')) d.createObjectStore('settings');
      };
      req.onblocked = () =>
        reject(
          new Error(
            'another tab of this page keeps the browser storage open in an older version; close that tab and reload',
          ),
        );
      req.onsuccess = () => resolve(req.result);
      req.onerror = () =>
        reject(
          new Error(
            req.error?.name === 'VersionError'
              ? 'the browser storage was upgraded by a newer version of this page in another tab; reload to use it'
              : `browser storage is unavailable (${req.error?.message ?? 'IndexedDB refused to open'})`,
          ),
        );
    });
    const store = new ConsoleStore(db);
    db.onversionchange = () => {
      db.close();
      store.closedWhy = 'another tab upgraded the browser storage, so this page let go of it; reload to save again';
      onClosed?.(store.closedWhy);
    };
    return store;
  }

  private transaction(name: string | string[], mode: IDBTransactionMode): IDBTransaction {
    if (this.closedWhy) throw new Error(this.closedWhy);
    return this.db.transaction(name, mode);
  }

  private store(name: string, mode: IDBTransactionMode): IDBObjectStore {
    return this.transaction(name, mode).objectStore(name);
  }

  /** The slot save the last session began and never finished, if any (read once, then forgotten). */
  static takePendingSave(): PendingSave | undefined {
    const ls = localStore();
    const text = readStored(SAVING_KEY, ls);
    if (!text) return undefined;
    try {
      ls?.removeItem(SAVING_KEY);
    } catch {
      // Refused: the notice may come again next start, nothing worse.
    }
    try {
      const p = JSON.parse(text) as PendingSave;
      return typeof p.machine === 'string' &&
        Number.isInteger(p.slot) &&
        Number.isFinite(p.frame) &&
        Number.isFinite(p.startedAt)
        ? p
        : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Moves the unreadable record `key` of `store` into `settings` (one transaction: it is in one place
   * or the other) and tells the pages. Never throws: a storage that refuses leaves it where it is.
   */
  private async setAside(store: string, key: IDBValidKey, value: unknown, why: string): Promise<void> {
    const name = `"${keyText(key)}" in the console's ${store === 'settings' ? 'settings' : store}`;
    let where = "it could not be set aside (this browser's storage refused it) and was left where it is";
    let kept = `unreadable:${store}:${keyText(key)}`;
    try {
      const taken = new Set((await request(this.store('settings', 'readonly').getAllKeys())).map((k) => String(k)));
      let aside = '';
      for (let n = 1; !aside || taken.has(aside); n++) aside = `unreadable:${store}:${keyText(key)}:${n}`;
      await write(this.transaction([store, 'settings'], 'readwrite'), (tx) => {
        tx.objectStore('settings').put(value, aside);
        tx.objectStore(store).delete(key);
      });
      where = `it was set aside in the same storage as "${aside}"`;
      kept = aside;
    } catch {
      // The sentence above says so.
    }
    // Offered for download beside the sentence: kept aside in the browser, it is out of the player's reach.
    tellStored(`The record ${name} kept in this browser ${why}: ${where}, and the page goes on without it.`, {
      name: asideFileName(kept),
      text: () => recordText(value),
    });
  }

  /** The record's value once checked, or undefined (set aside) when it is not what `check` wants. */
  private async checked<T>(store: string, key: IDBValidKey, value: unknown, check: (v: unknown) => Checked<T>) {
    if (value === undefined) return undefined;
    const c = check(value);
    if (c.ok) return c.value;
    await this.setAside(store, key, value, c.why);
    return undefined;
  }

  /** Every record of `store` with its key, those that `check` refuses set aside. */
  private async readAll<T>(store: string, check: (v: unknown) => Checked<T>): Promise<T[]> {
    const tx = this.transaction(store, 'readonly');
    const [keys, values] = await Promise.all([
      request(tx.objectStore(store).getAllKeys()),
      request(tx.objectStore(store).getAll()),
    ]);
    const good: T[] = [];
    for (let i = 0; i < values.length; i++) {
      const v = await this.checked(store, keys[i] ?? i, values[i] as unknown, check);
      if (v !== undefined) good.push(v);
    }
    return good;
  }

  async putRom(rom: StoredRom): Promise<void> {
    await write(this.transaction('roms', 'readwrite'), (tx) => tx.objectStore('roms').put(rom));
  }

  async getRom(key: string): Promise<StoredRom | undefined> {
    return this.checked('roms', key, await request(this.store('roms', 'readonly').get(key)), checkRom);
  }

  async listRoms(): Promise<StoredRom[]> {
    return this.readAll('roms', checkRom);
  }

  async deleteRom(key: string): Promise<void> {
    await write(this.transaction('roms', 'readwrite'), (tx) => tx.objectStore('roms').delete(key));
  }

  async active(): Promise<ActiveRoms> {
    const value: unknown = await request(this.store('settings', 'readonly').get('active'));
    return (await this.checked('settings', 'active', value, checkActive)) ?? {};
  }

  async setActive(active: ActiveRoms): Promise<void> {
    await write(this.transaction('settings', 'readwrite'), (tx) => tx.objectStore('settings').put(active, 'active'));
  }

  /**
   * One transaction: the slot holds either its old state or the new one, never a part. A save someone
   * made leaves a marker until it ends, so a tab closed in the middle of it is said at the next start
   * (takePendingSave). A page's own `autosave` (resume, the table's, the resolver's) leaves none: one is
   * cut off whenever a tab closes, the slot keeps the one before, and nobody lost a save they made.
   */
  async putState(state: StoredState, { autosave = false }: { autosave?: boolean } = {}): Promise<void> {
    if (autosave) {
      await write(this.transaction('states', 'readwrite'), (tx) => tx.objectStore('states').put(state));
      return;
    }
    const ls = localStore();
    const pending: PendingSave = {
      machine: state.machine,
      slot: state.slot,
      frame: state.frame,
      startedAt: state.savedAt,
    };
    try {
      ls?.setItem(SAVING_KEY, JSON.stringify(pending));
    } catch {
      /* no marker: only the next start's notice is lost */
    }
    try {
      await write(this.transaction('states', 'readwrite'), (tx) => tx.objectStore('states').put(state));
    } finally {
      ls?.removeItem(SAVING_KEY);
    }
  }

  async getState(machine: string, slot: number): Promise<StoredState | undefined> {
    const key = `${machine}#${slot}`;
    return this.checked('states', key, await request(this.store('states', 'readonly').get(key)), checkState);
  }

  /**
   * A saved state of the right shape that the machine refused to load (bytes it cannot take): set aside
   * as an unreadable record is, so the next autosave into its slot does not replace what the player had.
   */
  async setStateAside(machine: string, slot: number, why: string): Promise<void> {
    const key = `${machine}#${slot}`;
    const value: unknown = await request(this.store('states', 'readonly').get(key));
    if (value !== undefined) await this.setAside('states', key, value, why);
  }

  async listStates(machine: string): Promise<StoredState[]> {
    const all = await this.readAll('states', checkState);
    return all.filter((s) => s.machine === machine).sort((a, b) => a.slot - b.slot);
  }

  close(): void {
    this.db.close();
  }
}
