/**
 * A small IndexedDB in memory for unit tests of the stores (no fake-indexeddb in the project): open
 * with an upgrade, object stores with in-line (keyPath) or out-of-line keys, get / getAll /
 * getAllKeys / put / delete, and transactions that apply their writes at once and complete after them
 * (or abort when `failWrites` is set, as a full or refusing storage does). Keys are ordered as
 * IndexedDB orders them for the kinds used here: numbers < strings < arrays.
 */

type Key = IDBValidKey;

function rank(k: Key): number {
  return typeof k === 'number' ? 0 : typeof k === 'string' ? 2 : Array.isArray(k) ? 4 : 1;
}

export function compareKeys(a: Key, b: Key): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareKeys(a[i] as Key, b[i] as Key);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

class Table {
  rows: [Key, unknown][] = [];
  constructor(readonly keyPath: string | null) {}
  find(key: Key): number {
    return this.rows.findIndex(([k]) => compareKeys(k, key) === 0);
  }
  put(value: unknown, key?: Key): void {
    const k = this.keyPath ? ((value as Record<string, unknown>)[this.keyPath] as Key) : key;
    if (k === undefined) throw new DOMException('no key', 'DataError');
    this.delete(k);
    this.rows.push([k, structuredClone(value)]);
    this.rows.sort((a, b) => compareKeys(a[0], b[0]));
  }
  delete(key: Key): void {
    const i = this.find(key);
    if (i >= 0) this.rows.splice(i, 1);
  }
}

/** A request answered on the next microtask, as IndexedDB answers after the call returns. */
function answer<T>(fn: () => T): IDBRequest<T> {
  const req = { result: undefined as T, error: null, onsuccess: null as (() => void) | null, onerror: null };
  queueMicrotask(() => {
    req.result = fn();
    req.onsuccess?.();
  });
  return req as unknown as IDBRequest<T>;
}

export interface FakeIdb {
  factory: IDBFactory;
  /** The rows of one store of one database (copies of what is kept). */
  rows(db: string, store: string): [Key, unknown][];
  /** Writes a row as a page or the developer tools could have, whatever it is. */
  put(db: string, store: string, value: unknown, key?: Key): void;
  /** While true every write transaction aborts (its writes undone), as a refusing storage does. */
  failWrites: boolean;
}

export function fakeIndexedDb(): FakeIdb {
  const dbs = new Map<string, Map<string, Table>>();
  const fake: FakeIdb = {
    failWrites: false,
    rows: (db, store) => structuredClone(dbs.get(db)?.get(store)?.rows ?? []),
    put: (db, store, value, key) => {
      const t = dbs.get(db)?.get(store);
      if (!t) throw new Error(`no store ${db}/${store}: open it first`);
      t.put(value, key);
    },
    factory: undefined as unknown as IDBFactory,
  };
  const database = (tables: Map<string, Table>) => ({
    objectStoreNames: { contains: (n: string) => tables.has(n) },
    createObjectStore(n: string, o?: { keyPath?: string }) {
      tables.set(n, new Table(o?.keyPath ?? null));
    },
    onversionchange: null,
    close() {},
    transaction(names: string | string[], mode: IDBTransactionMode) {
      const saved = new Map([...tables].map(([n, t]) => [n, structuredClone(t.rows)]));
      const tx = {
        error: null as DOMException | null,
        oncomplete: null as (() => void) | null,
        onabort: null as (() => void) | null,
        onerror: null,
        objectStore(n: string) {
          const t = tables.get(n);
          if (!t || !(Array.isArray(names) ? names : [names]).includes(n))
            throw new DOMException(`no store ${n} in this transaction`, 'NotFoundError');
          const writable = () => {
            if (mode !== 'readwrite') throw new DOMException('read-only transaction', 'ReadOnlyError');
          };
          return {
            get: (k: Key) => answer(() => structuredClone(t.rows[t.find(k)]?.[1])),
            getAll: () => answer(() => structuredClone(t.rows.map(([, v]) => v))),
            getAllKeys: () => answer(() => structuredClone(t.rows.map(([k]) => k))),
            put: (v: unknown, k?: Key) => (writable(), answer(() => t.put(v, k))),
            delete: (k: Key) => (writable(), answer(() => t.delete(k))),
          };
        },
      };
      // Ends after the requests made in the same task have been answered.
      setTimeout(() => {
        if (mode === 'readwrite' && fake.failWrites) {
          for (const [n, rows] of saved) (tables.get(n) as Table).rows = rows;
          tx.error = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          tx.onabort?.();
        } else tx.oncomplete?.();
      }, 0);
      return tx;
    },
  });
  fake.factory = {
    open(name: string) {
      const isNew = !dbs.has(name);
      if (isNew) dbs.set(name, new Map());
      const req = {
        result: database(dbs.get(name) as Map<string, Table>),
        error: null,
        onupgradeneeded: null as (() => void) | null,
        onsuccess: null as (() => void) | null,
        onerror: null,
        onblocked: null,
      };
      queueMicrotask(() => {
        if (isNew) req.onupgradeneeded?.();
        req.onsuccess?.();
      });
      return req;
    },
  } as unknown as IDBFactory;
  return fake;
}
