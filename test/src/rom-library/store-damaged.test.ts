/**
 * The console storage's records read at start never throw (issue 37): a record that is not what its
 * store holds (wrong shape, `{"toString": 5}`, nested deep, a record of another store) is set aside in
 * the `settings` store with a sentence for the page, and the read goes on with what is left; a storage
 * that refuses the move leaves it where it is, and says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkActive, checkRom, checkState } from '../../../src/rom-library/records.ts';
import { ConsoleStore, type StoredRom, type StoredState } from '../../../src/rom-library/store.ts';
import { storedNotices, storedRecord } from '../../../src/platform/stored.ts';
import { fakeIndexedDb, type FakeIdb } from '../../harness/fake-idb.ts';

const DB = 'o2conquest-console';

function deep(n: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

const rom = (over: Partial<StoredRom> = {}): StoredRom => ({
  key: 'cart:4:0badf00d',
  kind: 'cart',
  name: 'mine.bin',
  note: '',
  size: 4,
  crcHex: '0badf00d',
  bytes: new Uint8Array(4),
  added: 1,
  ...over,
});

const state = (over: Partial<StoredState> = {}): StoredState => ({
  key: 'm1#0',
  machine: 'm1',
  slot: 0,
  bytes: new Uint8Array(8),
  frame: 12,
  savedAt: 5,
  ...over,
});

/** What IndexedDB can hand back instead of a record: every one must be refused, none may throw. */
const DAMAGED: [string, unknown][] = [
  ['null', null],
  ['a number', 5],
  ['a text', '{"half": '],
  ['an array', []],
  ['toString', { toString: 5, valueOf: 5 }],
  ['nested 1,000 deep', deep(1000)],
  ['__proto__ from JSON', JSON.parse('{"__proto__":{"kind":"cart"},"constructor":1}') as unknown],
];

describe('record checks', () => {
  it('refuses every damaged value with a sentence, and never throws', () => {
    for (const [what, v] of DAMAGED) {
      for (const check of [checkRom, checkState, checkActive]) {
        const c = check(v);
        expect(c.ok, what).toBe(false);
        if (!c.ok) expect(c.why, what).toMatch(/^is not a/);
      }
    }
  });

  it('refuses a record of another store, a wrong field, a size that is not the bytes, a key not its slot', () => {
    expect(checkRom(state())).toEqual({
      ok: false,
      why: 'is not a ROM record: it has a field "machine" no such record has',
    });
    expect(checkState(rom())).toMatchObject({ ok: false, why: /^is not a saved state: it has a field "kind"/ });
    expect(checkRom(rom({ kind: 'tape' as 'cart' }))).toEqual({
      ok: false,
      why: 'is not a ROM record: it has no readable "kind"',
    });
    expect(checkRom(rom({ size: 8 }))).toEqual({ ok: false, why: 'is not a ROM record: it says 8 bytes and holds 4' });
    expect(checkRom(rom({ bytes: [0, 0, 0, 0] as unknown as Uint8Array }))).toMatchObject({ ok: false });
    expect(checkState(state({ slot: 1.5 }))).toMatchObject({ ok: false, why: /no readable "slot"/ });
    expect(checkState(state({ key: 'm2#0' }))).toMatchObject({ ok: false, why: /its key is not its machine and slot/ });
    expect(checkActive({ cart: 5 })).toMatchObject({ ok: false, why: /no readable "cart"/ });
    expect(checkActive({ toString: 5 })).toMatchObject({ ok: false, why: /field "toString"/ });
  });

  it('takes the records this app writes', () => {
    expect(checkRom(rom())).toEqual({ ok: true, value: rom() });
    expect(checkState(state())).toEqual({ ok: true, value: state() });
    expect(checkActive({})).toEqual({ ok: true, value: {} });
    expect(checkActive({ cart: 'cart:4:0badf00d' })).toEqual({ ok: true, value: { cart: 'cart:4:0badf00d' } });
  });
});

describe('ConsoleStore with damaged records', () => {
  let idb: FakeIdb;
  beforeEach(async () => {
    idb = fakeIndexedDb();
    vi.stubGlobal('indexedDB', idb.factory);
    (await ConsoleStore.open()).close(); // the stores exist
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sets each bad record aside in settings, tells the page, and reads on with what is left', async () => {
    idb.put(DB, 'roms', rom());
    idb.put(DB, 'roms', { key: 'cart:9:x', toString: 5 });
    idb.put(DB, 'roms', state({ key: 'bios:1:0' })); // a state in the ROM store
    idb.put(DB, 'states', state());
    idb.put(DB, 'states', { key: 'm1#1', nested: deep(500) });
    idb.put(DB, 'settings', { toString: 5, cart: { toString: 5 } }, 'active');
    const store = await ConsoleStore.open();

    expect(await store.active()).toEqual({});
    expect(await store.listRoms()).toEqual([rom()]);
    expect(await store.listStates('m1')).toEqual([state()]);
    expect(await store.getState('m1', 1)).toBeUndefined();

    expect(idb.rows(DB, 'roms').map(([k]) => k)).toEqual(['cart:4:0badf00d']);
    expect(idb.rows(DB, 'states').map(([k]) => k)).toEqual(['m1#0']);
    const aside = new Map(idb.rows(DB, 'settings').map(([k, v]) => [k, v]));
    expect([...aside.keys()].sort()).toEqual([
      'unreadable:roms:bios:1:0:1',
      'unreadable:roms:cart:9:x:1',
      'unreadable:settings:active:1',
      'unreadable:states:m1#1:1',
    ]);
    // Nothing lost: the very record is kept.
    expect(aside.get('unreadable:settings:active:1')).toEqual({ toString: 5, cart: { toString: 5 } });
    expect(storedNotices()).toContain(
      'The record "active" in the console\'s settings kept in this browser is not a choice of ROMs: it has a field "toString" no such record has: it was set aside in the same storage as "unreadable:settings:active:1", and the page goes on without it.',
    );
    expect(storedNotices()).toContain(
      'The record "bios:1:0" in the console\'s roms kept in this browser is not a ROM record: it has a field "machine" no such record has: it was set aside in the same storage as "unreadable:roms:bios:1:0:1", and the page goes on without it.',
    );

    // Each offered for download beside its sentence (the shell's button), as the very record it is.
    const record = (start: string) => {
      const sentence = storedNotices().find((t) => t.startsWith(start));
      return sentence === undefined ? undefined : storedRecord(sentence);
    };
    const active = record('The record "active" in the console\'s settings');
    expect(active?.name).toBe('o2conquest-unreadable-settings-active-1.json');
    expect(JSON.parse(active!.text())).toEqual({ toString: 5, cart: { toString: 5 } });
    // A state in the ROM store: its bytes in base64, eight zero bytes.
    const bios = record('The record "bios:1:0" in the console\'s roms');
    expect(bios?.name).toBe('o2conquest-unreadable-roms-bios-1-0-1.json');
    expect(JSON.parse(bios!.text())).toMatchObject({ key: 'bios:1:0', bytes: { base64: 'AAAAAAAAAAA=' } });
    expect(JSON.parse(record('The record "m1#1" in the console\'s states')!.text())).toEqual({
      key: 'm1#1',
      nested: deep(500),
    });

    // A second bad record under the same key is set aside beside the first, not over it.
    idb.put(DB, 'settings', 7, 'active');
    expect(await store.active()).toEqual({});
    expect(idb.rows(DB, 'settings').map(([k]) => k)).toContain('unreadable:settings:active:2');
    store.close();
  });

  it('a storage that refuses the move leaves the record where it is, and says so', async () => {
    idb.put(DB, 'states', { key: 'm1#0', toString: 5 });
    const store = await ConsoleStore.open();
    idb.failWrites = true;
    expect(await store.getState('m1', 0)).toBeUndefined();
    expect(idb.rows(DB, 'states')).toEqual([['m1#0', { key: 'm1#0', toString: 5 }]]);
    expect(storedNotices()).toContain(
      'The record "m1#0" in the console\'s states kept in this browser is not a saved state: it has a field "toString" no such record has: it could not be set aside (this browser\'s storage refused it) and was left where it is, and the page goes on without it.',
    );
    // Left where it is, and still offered as a file: the page cannot read it, the player may mend it.
    const left = storedRecord(storedNotices().find((t) => t.startsWith('The record "m1#0"'))!);
    expect(left?.name).toBe('o2conquest-unreadable-states-m1-0.json');
    expect(JSON.parse(left!.text())).toEqual({ key: 'm1#0', toString: 5 });
    store.close();
  });

  it('sets aside a saved state the machine refused to load, so the next autosave does not replace it', async () => {
    idb.put(DB, 'states', state({ key: 'm1#0', slot: 0 }));
    const store = await ConsoleStore.open();
    await store.setStateAside('m1', 0, 'was refused by the machine (not a save state of this machine)');
    expect(await store.getState('m1', 0)).toBeUndefined();
    const aside = idb.rows(DB, 'settings').filter(([k]) => String(k).startsWith('unreadable:states:m1#0'));
    expect(aside).toHaveLength(1);
    expect(aside[0][1]).toEqual(state({ key: 'm1#0', slot: 0 }));
    expect(storedNotices().at(-1)).toMatch(/was refused by the machine/);
    // Nothing there: nothing moves, nothing said.
    await store.setStateAside('m1', 3, 'was refused');
    expect(idb.rows(DB, 'settings').filter(([k]) => String(k).includes('m1#3'))).toEqual([]);
    store.close();
  });
});
