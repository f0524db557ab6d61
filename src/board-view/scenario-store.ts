// Saved "what if" scenarios in IndexedDB, one record per scenario name (saving under a used name replaces
// that scenario). A database of its own, so the game autosave's database never needs an upgrade.

import { parseScenario, serializeScenario, type Scenario } from '../../board/index.ts';
import { lazyDatabase } from '../platform/idb.ts';

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

function readAll(texts: unknown[]): { scenarios: Scenario[]; unreadable: number } {
  const scenarios: Scenario[] = [];
  let unreadable = 0;
  for (const t of texts) {
    try {
      scenarios.push(parseScenario(String(t)));
    } catch {
      unreadable++;
    }
  }
  scenarios.sort((a, b) => a.name.localeCompare(b.name));
  return { scenarios, unreadable };
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
  return {
    async list() {
      const d = await open();
      return readAll(await request(d.transaction(STORE, 'readonly').objectStore(STORE).getAll()));
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
