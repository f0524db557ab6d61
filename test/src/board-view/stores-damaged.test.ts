/**
 * The board's IndexedDB stores read at start never throw (issue 37). The autosave (the board page's
 * and the table's game): a record that is no text is moved aside with the shell's sentence and the
 * page starts a new game; a text that is no save (not JSON, nested deep, `{"toString": 5}`, a wrong
 * version) is kept aside by the controller with its sentence. The saved scenarios: a record that is
 * not a scenario is moved to an array key no name can be, with a sentence, and is listed no more.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { serializeScenario, world1982, GameSession, memoryStore } from '../../../board/index.ts';
import { indexedDbStore } from '../../../src/board-view/save-store.ts';
import { indexedDbScenarioStore } from '../../../src/board-view/scenario-store.ts';
import { storedNotices, storedRecord } from '../../../src/platform/stored.ts';
import { fakeIndexedDb, type FakeIdb } from '../../harness/fake-idb.ts';

let idb: FakeIdb;
afterEach(() => {
  idb.failWrites = false;
});

async function openSaves(): Promise<ReturnType<typeof indexedDbStore>> {
  idb = fakeIndexedDb();
  const store = indexedDbStore(idb.factory, undefined);
  await store.clear(); // creates the database
  return store;
}

describe('the board autosave in IndexedDB', () => {
  it('moves a record that is no text aside, says so, and the page starts afresh', async () => {
    const store = await openSaves();
    idb.put('o2conquest-board', 'saves', { toString: 5 }, 'current');
    const board = new GameSession(store);
    await board.resume();
    const rows = idb.rows('o2conquest-board', 'saves');
    expect(rows).toHaveLength(1);
    const [key, value] = rows[0]!;
    expect(key).toMatch(/^unreadable-\d{4}-.*Z-\d+$/);
    expect(value).toEqual({ toString: 5 });
    expect(storedNotices()).toContain(
      `The saved game kept in this browser ("o2conquest-board", "current") is not a saved game's text: it was set aside in the same storage as "${String(key)}", and a new game is used.`,
    );
    // Offered for download beside the sentence (the shell's button), as the very record.
    const record = storedRecord(storedNotices().find((t) => t.includes(String(key)))!);
    expect(record?.name).toBe(`o2conquest-${String(key).replace(/:/g, '-')}.json`);
    expect(JSON.parse(record!.text())).toEqual({ toString: 5 });
    // The new game saves as usual, beside what was set aside.
    await store.save('{"x":1}');
    expect(idb.rows('o2conquest-board', 'saves')).toHaveLength(2);
  });

  it('a storage that refuses the move keeps the record and saves nothing over it', async () => {
    const store = await openSaves();
    idb.put('o2conquest-board', 'saves', 42, 'current');
    idb.failWrites = true;
    expect(await store.load()).toBeNull();
    idb.failWrites = false;
    await expect(store.save('{"x":1}')).rejects.toThrow(
      'the unreadable saved game could not be set aside, so nothing is saved over it',
    );
    expect(idb.rows('o2conquest-board', 'saves')).toEqual([['current', 42]]);
    expect(storedNotices().some((t) => t.includes('was left where it is, so autosave stays off'))).toBe(true);
  });

  it('keeps each text that is no save aside with a sentence, and the board opens', async () => {
    const texts: [string, string][] = [
      ['not JSON', '{"half": '],
      ['nested 10,000 deep', '['.repeat(10_000) + ']'.repeat(10_000)],
      ['toString', '{"toString":5,"version":{"toString":5},"engine":{"toString":5}}'],
      ['version -1', '{"version":-1,"engine":{}}'],
      ['version 1.5', '{"version":1.5,"engine":{}}'],
      ['version 99', '{"version":99,"engine":{}}'],
      ['__proto__', '{"__proto__":{"version":2},"constructor":1}'],
    ];
    for (const [what, text] of texts) {
      const store = memoryStore();
      await store.save(text);
      const board = new GameSession(store);
      await board.resume();
      expect([...store.records.values()], what).toEqual([text, text]); // current, and its copy aside
      const n = board.snapshot().notice;
      expect(n?.kind === 'error' && n.text, what).toMatch(
        /^The saved game could not be read: .+\. It was kept in browser storage as "unreadable-1"/,
      );
      expect(board.snapshot().view.phase, what).toBe('setup');
    }
  });
});

describe('the saved scenarios in IndexedDB', () => {
  it('sets each unreadable record aside with a sentence and lists the rest', async () => {
    idb = fakeIndexedDb();
    const store = indexedDbScenarioStore(idb.factory);
    const good = { ...world1982(), name: 'Good' };
    await store.save(good);
    const bad: [string, unknown][] = [
      ['Text', '{"half": '],
      ['Number', 5],
      ['ToString', { toString: 5 }],
      ['Deep', '['.repeat(10_000) + ']'.repeat(10_000)],
      ['Old', serializeScenario(good).replace('"name"', '"nom"')],
    ];
    for (const [name, v] of bad) idb.put('o2conquest-scenarios', 'scenarios', v, name);
    const r = await store.list();
    expect(r).toEqual({ scenarios: [good], unreadable: 0 });
    const rows = idb.rows('o2conquest-scenarios', 'scenarios');
    expect(rows.map(([k]) => k)).toEqual([
      'Good',
      ['unreadable', 'Deep', 1],
      ['unreadable', 'Number', 1],
      ['unreadable', 'Old', 1],
      ['unreadable', 'Text', 1],
      ['unreadable', 'ToString', 1],
    ]);
    expect(rows.find(([k]) => Array.isArray(k) && k[1] === 'ToString')?.[1]).toEqual({ toString: 5 });
    expect(storedNotices()).toContain(
      'The saved scenario "ToString" kept in this browser is not a readable scenario: it was set aside in the same storage as ["unreadable","ToString",1], and it is not listed.',
    );
    const deep = storedRecord(storedNotices().find((t) => t.includes('["unreadable","Deep",1]'))!);
    expect(deep?.name).toBe('o2conquest-unreadable-Deep-1.json');
    expect(deep?.text()).toBe('['.repeat(10_000) + ']'.repeat(10_000));
    // Read again: nothing more to set aside; a second bad "Text" goes beside the first.
    idb.put('o2conquest-scenarios', 'scenarios', 7, 'Text');
    expect(await store.list()).toEqual({ scenarios: [good], unreadable: 0 });
    expect(idb.rows('o2conquest-scenarios', 'scenarios').map(([k]) => k)).toContainEqual(['unreadable', 'Text', 2]);
  });

  it('a storage that refuses the move leaves the record where it is, counted and said', async () => {
    idb = fakeIndexedDb();
    const store = indexedDbScenarioStore(idb.factory);
    await store.save({ ...world1982(), name: 'Good' });
    idb.put('o2conquest-scenarios', 'scenarios', 5, 'Bad');
    idb.failWrites = true;
    expect((await store.list()).unreadable).toBe(1);
    expect(idb.rows('o2conquest-scenarios', 'scenarios').map(([k]) => k)).toEqual(['Bad', 'Good']);
    expect(storedNotices()).toContain(
      'The saved scenario "Bad" kept in this browser is not a readable scenario: it could not be set aside (this browser\'s storage refused it), and it is not listed.',
    );
  });
});
