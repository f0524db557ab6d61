import { describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../../../board/index.ts';
import {
  GameSession,
  LOAD_TIMEOUT_MS,
  SAVE_TIMEOUT_MS,
  SAVED_UNDO,
  memoryStore,
  newGameChart,
  realClock,
  restoreGameChart,
  StorageFullError,
  type SaveStore,
} from '../../../board/index.ts';

const OPENING: GameEvent[] = [
  {
    type: 'setup',
    players: [
      { name: 'Ann', color: 'red' },
      { name: 'Bob', color: 'blue' },
    ],
    targetRecord: 15,
  },
  { type: 'first.call', player: 'Ann', digit: 3 },
  { type: 'first.call', player: 'Bob', digit: 7 },
  { type: 'first.readout', digit: 4 },
  { type: 'homeland', player: 'Ann', country: 'United States' },
  { type: 'homeland', player: 'Bob', country: 'U.S.S.R.' },
  { type: 'ally.home', player: 'Ann', countries: ['Canada', 'Mexico'] },
  { type: 'ally.home', player: 'Bob', countries: ['Romania', 'Poland', 'Czechoslovakia', 'East Germany', 'Cuba'] },
];

function play(c: GameSession, events: GameEvent[]): void {
  for (const e of events) expect(c.act(e), JSON.stringify(e)).toBe(true);
}

describe('GameSession with the board engine', () => {
  it('shows a refusal with its rule and changes nothing', async () => {
    const store = memoryStore();
    const c = new GameSession(store);
    play(c, OPENING.slice(0, 4));
    await c.settled();
    const before = c.exportText();
    expect(c.act({ type: 'homeland', player: 'Bob', country: 'China' })).toBe(false);
    const n = c.snapshot().notice;
    expect(n).toMatchObject({ kind: 'refused', refusal: { rule: '3' } });
    expect(n?.kind === 'refused' && n.refusal.reason).toMatch(/Ann's turn/);
    expect(JSON.parse(c.exportText()).engine).toEqual(JSON.parse(before).engine);
  });

  it('refuses a home-zone tick outside the home zone when it is made, changing nothing', async () => {
    const c = new GameSession(memoryStore());
    play(c, OPENING.slice(0, 6));
    await c.settled();
    const before = c.exportText();
    expect(c.wouldAccept({ type: 'ally.home', player: 'Ann', countries: ['Canada'] })).toBe(true);
    expect(c.snapshot().notice).toBeNull();
    expect(c.wouldAccept({ type: 'ally.home', player: 'Ann', countries: ['Canada', 'China'] })).toBe(false);
    expect(c.snapshot().notice).toMatchObject({
      kind: 'refused',
      refusal: { rule: '4A', reason: expect.stringMatching(/China is not in Ann's home zone/) },
    });
    expect(JSON.parse(c.exportText()).engine).toEqual(JSON.parse(before).engine);
  });

  it('autosaves after every action and resumes the same game, undo history included', async () => {
    const store = memoryStore();
    const c = new GameSession(store);
    play(c, OPENING);
    play(c, [{ type: 'ally.buy', player: 'Bob', country: 'Australia' }]);
    await c.settled();
    expect(c.snapshot().saved).toBe(true);

    const again = new GameSession(store);
    await again.resume();
    const s = again.snapshot();
    expect(s.view.phase).toBe('play');
    expect(s.view.countries.Australia.owners).toEqual(['Bob']);
    expect(s.view.log).toEqual(c.snapshot().view.log);
    expect(s.notice).toMatchObject({ kind: 'info', text: 'Resumed the saved game.' });
    expect(s.canUndo).toBe(true);
    again.undo();
    expect(again.snapshot().view.countries.Australia.owners).toEqual([]);
    expect(again.snapshot().view.players.find((p) => p.name === 'Bob')?.record).toBe(4.5);
  });

  it('says once when the last autosave was cut off by closing the page, and resumes the save before it', async () => {
    const store = memoryStore();
    const c = new GameSession(store);
    play(c, OPENING);
    await c.settled();
    store.cutOff = { startedAt: '2026-11-24T05:06:07.000Z' };
    const again = new GameSession(store);
    await again.resume();
    const notice = again.snapshot().notice;
    expect(notice?.kind).toBe('error');
    expect(notice && 'text' in notice ? notice.text : '').toMatch(
      /^The last autosave \(started .+\) did not finish: the page was closed while it was being written\. Resumed the game as it was saved before it; the last step may be missing\.$/,
    );
    expect(again.snapshot().view.log).toEqual(c.snapshot().view.log);
    const third = new GameSession(store);
    await third.resume();
    expect(third.snapshot().notice).toMatchObject({ kind: 'info', text: 'Resumed the saved game.' });
  });

  it('undoes a recorded battle and redoes it, through the engine, and keeps both across a reload', async () => {
    const store = memoryStore();
    const c = new GameSession(store);
    play(c, OPENING);
    play(c, [
      { type: 'attack', player: 'Bob', country: 'China' },
      { type: 'weapon', player: 'Bob', weapon: 'tank' },
      { type: 'weapon', player: 'Ann', weapon: 'sub' },
    ]);
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 2000, defender: 1500 } })).toBe(true);
    await c.settled();
    expect(c.snapshot().view.war?.battles).toHaveLength(1);
    c.undo();
    expect(c.snapshot().notice).toMatchObject({ kind: 'info', text: 'Last action undone.' });
    expect(c.snapshot().view.war?.battles).toHaveLength(0);
    expect(c.snapshot()).toMatchObject({ canUndo: true, canRedo: true });
    await c.settled();
    const again = new GameSession(store);
    await again.resume();
    expect(again.snapshot()).toMatchObject({ canRedo: true });
    again.redo();
    expect(again.snapshot().view.war?.battles).toEqual([
      {
        winner: 'attacker',
        weapons: { attacker: 'tank', defender: 'sub' },
        energy: { attacker: 2000, defender: 1500 },
      },
    ]);
    again.redo();
    expect(again.snapshot().notice).toMatchObject({ kind: 'refused', refusal: { rule: 'redo' } });
  });

  it('takes battle results through the battle port, which refuses impossible figures', async () => {
    const c = new GameSession(memoryStore());
    play(c, OPENING);
    play(c, [{ type: 'attack', player: 'Bob', country: 'China' }]);
    // No weapons yet: the engine names the missing entry.
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 2000, defender: 1500 } })).toBe(false);
    expect(c.snapshot().notice).toMatchObject({ kind: 'refused', refusal: { rule: '10C' } });
    play(c, [
      { type: 'weapon', player: 'Bob', weapon: 'tank' },
      { type: 'weapon', player: 'Ann', weapon: 'plane' },
    ]);
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 3000, defender: 1500 } })).toBe(false);
    expect(c.snapshot().notice).toMatchObject({ kind: 'refused', refusal: { rule: '12' } });
    // No winner ticked: refused in a sentence before the port takes it (the form keeps what was typed).
    expect(c.submitBattle({ winner: '' as never, energy: { attacker: 2400, defender: 0 } })).toBe(false);
    expect(c.snapshot().notice).toMatchObject({
      kind: 'refused',
      refusal: { rule: '12', reason: 'choose who won this battle: the attacker, the defender, or both destroyed' },
    });
    expect(c.snapshot().view.war?.battles).toHaveLength(0);
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 2500, defender: 0 } })).toBe(true);
    await c.settled();
    // Ann ran out of energy: the war is over and Bob holds China (rule 12G, 13).
    expect(c.snapshot().view.countries.China).toMatchObject({ owners: ['Bob'], status: 'conquered' });
    expect(c.snapshot().view.winner).toBe('Bob');
  });

  it('keeps playing when storage is full and says so; nothing is lost', async () => {
    const saves: string[] = [];
    let full = false;
    const store: SaveStore = {
      ...memoryStore(),
      save: async (text) => {
        if (full) throw new StorageFullError('browser storage is full');
        saves.push(text);
      },
    };
    const c = new GameSession(store);
    play(c, OPENING.slice(0, 2));
    await c.settled();
    full = true;
    play(c, OPENING.slice(2, 4));
    await c.settled();
    const s = c.snapshot();
    expect(s.saved).toBe(false);
    expect(s.notice).toMatchObject({ kind: 'error' });
    expect(s.notice?.kind === 'error' && s.notice.text).toMatch(/storage is full.*Export/);
    expect(s.view.phase).toBe('homelands');
    // The export still holds the whole game, so it can be carried to a file.
    const other = new GameSession(memoryStore());
    expect(other.importText(c.exportText())).toBe(true);
    expect(other.snapshot().view.turn).toBe('Ann');
    full = false;
    play(c, OPENING.slice(4, 5));
    await c.settled();
    expect(c.snapshot().saved).toBe(true);
    expect(c.snapshot().notice?.kind).not.toBe('error');
  });

  it('keeps an unreadable save aside instead of overwriting it', async () => {
    const store = memoryStore();
    await store.save(JSON.stringify({ format: 'o2conquest-board-save', version: 1, engine: '{broken' }));
    const c = new GameSession(store);
    await c.resume();
    const n = c.snapshot().notice;
    expect(n?.kind).toBe('error');
    expect(n?.kind === 'error' && n.text).toMatch(
      /could not be read: the game snapshot is not valid JSON\. It was kept in browser storage as "unreadable-1"/,
    );
    expect(store.records.get('unreadable-1')).toContain('{broken');
    expect(c.corrupt).toContain('{broken');
    expect(c.snapshot().view.phase).toBe('setup');
  });

  it('turns autosave off when an unreadable save cannot be copied aside', async () => {
    const base = memoryStore();
    await base.save('garbage');
    const store: SaveStore = {
      ...base,
      keepAside: async () => {
        throw new StorageFullError('browser storage is full');
      },
    };
    const c = new GameSession(store);
    await c.resume();
    play(c, OPENING.slice(0, 1));
    await c.settled();
    expect(base.records.get('current')).toBe('garbage');
    c.newGame();
    await c.settled();
    expect(base.records.get('current')).not.toBe('garbage');
  });

  it('refuses a bad import file and keeps the current game', () => {
    const c = new GameSession(memoryStore());
    play(c, OPENING.slice(0, 2));
    const before = c.exportText();
    expect(
      c.importText(
        '{"format":"o2conquest-board-save","version":1,"engine":"{\\"game\\":\\"{}\\",\\"undo\\":[]}"}',
        '"x.json"',
      ),
    ).toBe(false);
    expect(c.snapshot().notice?.kind === 'error' && c.snapshot().notice).toMatchObject({
      text: expect.stringMatching(
        /^Could not load "x.json": the game: not a o2conquest.board save.*Your current game is unchanged\.$/,
      ),
    });
    expect(JSON.parse(c.exportText()).engine).toEqual(JSON.parse(before).engine);
  });
});

describe('the game chart', () => {
  it('saves at most SAVED_UNDO undo steps, and a restored game undoes exactly those', () => {
    const game = newGameChart();
    for (const e of OPENING) expect(game.send(e).ok).toBe(true);
    for (let i = 0; i < 40; i++) expect(game.send({ type: 'pass', player: i % 2 === 0 ? 'Bob' : 'Ann' }).ok).toBe(true);
    const text = game.serialize();
    expect(JSON.parse(text).undo).toHaveLength(SAVED_UNDO);
    const back = restoreGameChart(text);
    expect(back.view()).toEqual(game.view());
    for (let i = 0; i < SAVED_UNDO; i++) expect(back.undo().ok).toBe(true);
    expect(back.undo()).toMatchObject({ ok: false, refusal: { rule: 'undo' } });
    expect(back.view().turn).toBe(SAVED_UNDO % 2 === 0 ? 'Bob' : 'Ann');
  });

  it('refuses a snapshot it cannot read, saying which part is wrong', () => {
    expect(() => restoreGameChart('nope')).toThrow('the game snapshot is not valid JSON');
    expect(() => restoreGameChart('{"game":1}')).toThrow('missing its game or undo list');
    const good = JSON.parse(newGameChart().serialize());
    expect(() => restoreGameChart(JSON.stringify({ ...good, undo: ['{}'] }))).toThrow(
      /^undo step 1: not a o2conquest.board save/,
    );
  });
});

describe('variation 1: the clock the view keeps', () => {
  it('starts with a clock game, counts down, and survives save and load', async () => {
    let t = Date.parse('2026-01-01T12:00:00Z');
    const clock = { ...realClock, now: () => t };
    const store = memoryStore();
    const c = new GameSession(store, { clock });
    expect(
      c.act({
        type: 'setup',
        players: [
          { name: 'Ann', color: 'red' },
          { name: 'Bob', color: 'blue' },
        ],
        clockMinutes: 60,
      }),
    ).toBe(true);
    t += 10 * 60_000;
    expect(c.clockLeft()).toBe(50 * 60_000);
    await c.settled();
    const again = new GameSession(store, { clock });
    await again.resume();
    expect(again.clockLeft()).toBe(50 * 60_000);
    t += 51 * 60_000;
    expect(again.clockLeft()).toBe(-60_000);
    expect(again.act({ type: 'clock.expired' })).toBe(true);
    expect(again.snapshot().view.phase).toBe('over');
  });

  it('has no clock in other games', () => {
    const c = new GameSession(memoryStore());
    play(c, OPENING.slice(0, 1));
    expect(c.clockLeft()).toBeNull();
  });
});

describe('start-up with a storage that never answers', () => {
  it('goes on without the autosave after a while and says so', async () => {
    vi.useFakeTimers();
    try {
      const store: SaveStore = { ...memoryStore(), load: () => new Promise(() => {}) };
      const c = new GameSession(store);
      const resumed = c.resume();
      await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS);
      await resumed;
      expect(c.snapshot().notice).toMatchObject({
        kind: 'error',
        text: expect.stringMatching(/^Autosave is not available \(browser storage did not answer\)/),
      });
      expect(c.snapshot().view.phase).toBe('setup');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('moves while the storage never answers', () => {
  it('each move says it is not saved, after the start-up warning and after a save that did not answer; a save that lands says so', async () => {
    vi.useFakeTimers();
    try {
      const mem = memoryStore();
      let answering = false;
      const store: SaveStore = {
        ...mem,
        load: () => new Promise(() => {}),
        save: (text) => (answering ? mem.save(text) : new Promise(() => {})),
      };
      const c = new GameSession(store);
      const resumed = c.resume();
      await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS);
      await resumed;
      play(c, OPENING.slice(0, 1));
      expect(c.snapshot().notice).toMatchObject({
        kind: 'error',
        text: expect.stringMatching(/^This move is not saved: autosave is failing \(browser storage did not answer\)/),
      });
      await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS);
      expect(c.snapshot().saved).toBe(false);
      play(c, OPENING.slice(1, 2));
      expect(c.snapshot().notice).toMatchObject({
        kind: 'error',
        text: expect.stringMatching(/^This move is not saved/),
      });
      // That move's save starts, and hangs too.
      await vi.advanceTimersByTimeAsync(0);
      // The storage answers again: the next save lands, and the players are told.
      answering = true;
      await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS);
      play(c, OPENING.slice(2, 3));
      expect(c.snapshot().notice).toMatchObject({
        kind: 'error',
        text: expect.stringMatching(/^This move is not saved/),
      });
      await vi.advanceTimersByTimeAsync(0);
      await c.settled();
      expect(c.snapshot().saved).toBe(true);
      expect(c.snapshot().notice).toMatchObject({ kind: 'info', text: 'Autosave works again: the game is saved.' });
      expect(JSON.parse((await mem.load())!).engine).toEqual(JSON.parse(c.exportText()).engine);
    } finally {
      vi.useRealTimers();
    }
  });
});
