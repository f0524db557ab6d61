/**
 * Opens a one-store IndexedDB database the first time it is needed and keeps it open; a browser
 * that refuses storage gives an error saying so (the callers show it and keep the game in the tab).
 */
export function lazyDatabase(factory: IDBFactory, name: string, store: string): () => Promise<IDBDatabase> {
  let db: Promise<IDBDatabase> | undefined;
  return () => {
    db ??= new Promise((resolve, reject) => {
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => { req.result.createObjectStore(store); };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error(`browser storage is unavailable (${req.error?.message ?? 'IndexedDB refused to open'})`));
    });
    return db;
  };
}
