/**
 * The ROM library and save-state slots in IndexedDB. Images are keyed by kind, size and CRC32; states
 * by the machine they belong to (BIOS and cartridge CRCs) and slot. Nothing leaves the browser.
 */
const DB_NAME = 'o2conquest-console';
const DB_VERSION = 1;

export interface StoredRom {
  key: string;
  kind: 'bios' | 'cart' | 'charset';
  name: string;
  note: string;
  size: number;
  crcHex: string;
  bytes: Uint8Array;
  added: number;
}

export interface StoredState {
  key: string;
  machine: string;
  slot: number;
  bytes: Uint8Array;
  frame: number;
  savedAt: number;
}

/** Which library images the console boots (absent: our own). */
export interface ActiveRoms {
  bios?: string;
  cart?: string;
  charset?: string;
}

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

export class ConsoleStore {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<ConsoleStore> {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('roms')) db.createObjectStore('roms', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('states')) db.createObjectStore('states', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('settings')) db.createObjectStore('settings');
    };
    return new ConsoleStore(await request(req));
  }

  private store(name: string, mode: IDBTransactionMode): IDBObjectStore {
    return this.db.transaction(name, mode).objectStore(name);
  }

  async putRom(rom: StoredRom): Promise<void> {
    await write(this.db.transaction('roms', 'readwrite'), (tx) => tx.objectStore('roms').put(rom));
  }

  async getRom(key: string): Promise<StoredRom | undefined> {
    return (await request(this.store('roms', 'readonly').get(key))) as StoredRom | undefined;
  }

  async listRoms(): Promise<StoredRom[]> {
    return (await request(this.store('roms', 'readonly').getAll())) as StoredRom[];
  }

  async deleteRom(key: string): Promise<void> {
    await write(this.db.transaction('roms', 'readwrite'), (tx) => tx.objectStore('roms').delete(key));
  }

  async active(): Promise<ActiveRoms> {
    return ((await request(this.store('settings', 'readonly').get('active'))) as ActiveRoms | undefined) ?? {};
  }

  async setActive(active: ActiveRoms): Promise<void> {
    await write(this.db.transaction('settings', 'readwrite'), (tx) => tx.objectStore('settings').put(active, 'active'));
  }

  async putState(state: StoredState): Promise<void> {
    await write(this.db.transaction('states', 'readwrite'), (tx) => tx.objectStore('states').put(state));
  }

  async getState(machine: string, slot: number): Promise<StoredState | undefined> {
    return (await request(this.store('states', 'readonly').get(`${machine}#${slot}`))) as StoredState | undefined;
  }

  async listStates(machine: string): Promise<StoredState[]> {
    const all = (await request(this.store('states', 'readonly').getAll())) as StoredState[];
    return all.filter((s) => s.machine === machine).sort((a, b) => a.slot - b.slot);
  }

  close(): void {
    this.db.close();
  }
}
