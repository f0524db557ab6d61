/** lazyDatabase against a scripted IndexedDB: refusals, blocked upgrades, another tab's upgrade. */
import { describe, expect, it } from 'vitest';
import { lazyDatabase } from '../../../src/platform/idb.ts';

type Outcome = 'success' | 'blocked' | { error: string } | 'throw';

/** An IDBFactory whose open() answers as scripted, one outcome per call. */
function factory(outcomes: Outcome[]) {
  const opened: { closed: boolean; onversionchange: (() => void) | null }[] = [];
  const f = {
    open() {
      const outcome = outcomes.shift() ?? 'success';
      if (outcome === 'throw') throw new DOMException('The operation is insecure.', 'SecurityError');
      const db = {
        closed: false,
        onversionchange: null as (() => void) | null,
        close() {
          this.closed = true;
        },
        createObjectStore() {
          return {};
        },
      };
      const req = {
        result: db,
        error: typeof outcome === 'object' ? new DOMException('refused', outcome.error) : null,
        onupgradeneeded: null as (() => void) | null,
        onsuccess: null as (() => void) | null,
        onerror: null as (() => void) | null,
        onblocked: null as (() => void) | null,
      };
      queueMicrotask(() => {
        if (outcome === 'success') {
          opened.push(db);
          req.onupgradeneeded?.();
          req.onsuccess?.();
        } else if (outcome === 'blocked') req.onblocked?.();
        else req.onerror?.();
      });
      return req;
    },
  };
  return { factory: f as unknown as IDBFactory, opened };
}

describe('lazyDatabase', () => {
  it('says why when the browser refuses, throws or reports a newer version, and tries again on the next call', async () => {
    const f = factory([{ error: 'InvalidStateError' }, 'throw', { error: 'VersionError' }, 'success']);
    const open = lazyDatabase(f.factory, 'db', 'store');
    await expect(open()).rejects.toThrow(/^browser storage is unavailable \(refused\)$/);
    await expect(open()).rejects.toThrow('browser storage is unavailable (The operation is insecure.)');
    await expect(open()).rejects.toThrow(
      'the browser storage was upgraded by a newer version of this page in another tab; reload to use it',
    );
    await expect(open()).resolves.toBeDefined();
  });

  it('an upgrade blocked by another tab fails with a sentence instead of waiting for ever', async () => {
    const open = lazyDatabase(factory(['blocked']).factory, 'db', 'store');
    await expect(open()).rejects.toThrow(
      'another tab of this page keeps the browser storage open in an older version; close that tab and reload',
    );
  });

  it('lets go when another tab upgrades, and opens afresh on the next call', async () => {
    const f = factory(['success', 'success']);
    const open = lazyDatabase(f.factory, 'db', 'store');
    const first = await open();
    expect(await open()).toBe(first);
    f.opened[0].onversionchange!();
    expect(f.opened[0].closed).toBe(true);
    const second = await open();
    expect(second).not.toBe(first);
    expect(f.opened).toHaveLength(2);
  });
});
