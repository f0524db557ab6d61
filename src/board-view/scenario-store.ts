// Saved "what if" scenarios in IndexedDB, one record per scenario name (saving under a used name replaces
// that scenario). A database of its own, so the game autosave's database never needs an upgrade.
// A record that is not a readable scenario is set aside, never deleted (issue 37): moved to the array
// key ["unreadable", NAME, N], which no scenario's name can be and list() passes over, with a sentence
// the shell shows; before, it was counted on every list and lost to the next save under its name.

import { parseScenario, serializeScenario, type Scenario } from '../../board/index.ts';
import { lazyDatabase } from '../platform/idb.ts';
import { tellStored } from '../platform/stored.ts';
import { asideFileName, recordText } from '../platform/aside-record.ts';

export interface ScenarioStore {
  /** Every readable saved scenario, by name; unreadable records are skipped and counted. */
  list(): Promise<{ scenarios: Scenario[]; unreadable: number }>;
  save(s: Scenario): Promise<void>;
  remove(name: string): Promise<void>;
}

const DB_NAME = 'o2conquest-scenarios';
const STORE = 'scenarios';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The scenario a record holds, or undefined. Never throws (`String()` of `{"toString": 5}` would). */
export function readScenario(value: unknown): Scenario | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseScenario(value);
  } catch {
    return undefined;
  }
}

function readAll(texts: unknown[]): { scenarios: Scenario[]; unreadable: number } {
  const scenarios: Scenario[] = [];
  let unreadable = 0;
  for (const t of texts) {
    const s = readScenario(t);
    if (s) scenarios.push(s);
    else unreadable++;
  }
  scenarios.sort((a, b) => a.name.localeCompare(b.name));
  return { scenarios, unreadable };
}

/** The name a record is kept under, in a sentence. */
function nameText(key: IDBValidKey): string {
  return (typeof key === 'string' ? key : '?').slice(0, 80);
}

export function indexedDbScenarioStore(factory: IDBFactory = indexedDB): ScenarioStore {
  const open = lazyDatabase(factory, DB_NAME, STORE);
  const writeTx = async (fn: (store: IDBObjectStore) => void): Promise<void> => {
    const tx = (await open()).transaction(STORE, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new Error('the transaction was aborted'));
      tx.onerror = () => reject(tx.error ?? new Error('the transaction failed'));
    });
    fn(tx.objectStore(STORE));
    await done;
  };
  /** Moves one unreadable record aside in one transaction; false when the storage refused it. */
  const setAside = async (key: string, value: unknown, taken: IDBValidKey[]): Promise<boolean> => {
    const used = new Set(taken.map((k) => JSON.stringify(k)));
    let n = 1;
    while (used.has(JSON.stringify(['unreadable', key, n]))) n++;
    const aside = ['unreadable', key, n];
    const what = `The saved scenario "${nameText(key)}" kept in this browser is not a readable scenario`;
    const record = { name: asideFileName(aside.join('-')), text: () => recordText(value) };
    try {
      await writeTx((st) => {
        st.put(value, aside);
        st.delete(key);
      });
      tellStored(
        `${what}: it was set aside in the same storage as ${JSON.stringify(aside)}, and it is not listed.`,
        record,
      );
      return true;
    } catch {
      tellStored(
        `${what}: it could not be set aside (this browser's storage refused it), and it is not listed.`,
        record,
      );
      return false;
    }
  };
  return {
    async list() {
      const tx = (await open()).transaction(STORE, 'readonly');
      const [keys, values] = await Promise.all([
        request(tx.objectStore(STORE).getAllKeys()),
        request(tx.objectStore(STORE).getAll()),
      ]);
      const texts: unknown[] = [];
      let unreadable = 0;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as IDBValidKey;
        if (typeof key !== 'string') continue; // set aside earlier
        if (readScenario(values[i]) !== undefined) texts.push(values[i]);
        else if (!(await setAside(key, values[i], keys))) unreadable++;
      }
      const r = readAll(texts);
      return { scenarios: r.scenarios, unreadable };
    },
    save: (s) => {
      const text = serializeScenario(s);
      return writeTx((st) => {
        st.put(text, s.name);
      });
    },
    remove: (name) =>
      writeTx((st) => {
        st.delete(name);
      }),
  };
}

/** In memory: used when IndexedDB is missing, and by unit tests. */
export function memoryScenarioStore(): ScenarioStore & { records: Map<string, string> } {
  const records = new Map<string, string>();
  return {
    records,
    list: async () => readAll([...records.values()]),
    save: async (s) => {
      records.set(s.name, serializeScenario(s));
    },
    remove: async (name) => {
      records.delete(name);
    },
  };
}
