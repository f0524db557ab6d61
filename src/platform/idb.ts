/**
 * Opens a one-store IndexedDB database the first time it is needed and keeps it open; a browser
 * that refuses storage gives an error saying so (the callers show it and keep the game in the tab).
 * Other tabs: an upgrade this page would need but another tab blocks fails with a sentence instead
 * of waiting for ever; another tab's upgrade makes this page close its connection (so that tab is
 * not blocked), and the next call opens again, or says why it cannot. A failed open is retried on
 * the next call.
 */
export function lazyDatabase(factory: IDBFactory, name: string, store: string): () => Promise<IDBDatabase> {
  let db: Promise<IDBDatabase> | undefined;
  return () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      let req: IDBOpenDBRequest;
      try {
        req = factory.open(name, 1);
      } catch (e) {
        reject(new Error(`browser storage is unavailable (${e instanceof Error ? e.message : String(e)})`));
        return;
      }
      req.onupgradeneeded = () => {
        req.result.createObjectStore(store);
      };
      req.onblocked = () =>
        reject(
          new Error(
            'another tab of this page keeps the browser storage open in an older version; close that tab and reload',
          ),
        );
      req.onsuccess = () => {
        const d = req.result;
        d.onversionchange = () => {
          d.close();
          db = undefined;
        };
        resolve(d);
      };
      req.onerror = () =>
        reject(
          new Error(
            req.error?.name === 'VersionError'
              ? 'the browser storage was upgraded by a newer version of this page in another tab; reload to use it'
              : `browser storage is unavailable (${req.error?.message ?? 'IndexedDB refused to open'})`,
          ),
        );
    }).catch((e: unknown) => {
      db = undefined;
      throw e;
    });
    return db;
  };
}
