import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HISTORY_LIMIT, gameMachine, publicState } from '../../board/index.ts';
import type { GameState } from '../../board/index.ts';
import { TINY_HOMES } from '../harness/tiny-game.ts';
import { fight, play, seated, threeOpening, tinyScenario, win } from './helpers.ts';

// The engine API the view asked for: the public state's new keys, the machine resuming with an undo
// history.

const OLD_KEYS = [
  'phase',
  'turn',
  'warChest',
  'warChestChips',
  'banker',
  'firstPlayer',
  'buysLeft',
  'players',
  'countries',
  'war',
  'finalQueue',
  'endgame',
  'winner',
  'winners',
  'lastTransfers',
];

describe('publicState: digit calls, variation, alliances, war sides, end-game pairing, log', () => {
  it('keeps every documented key and adds the new ones', () => {
    const s = seated(['Ann', 'Bob'], 'Bob', { targetRecord: 12 });
    const p = publicState(s);
    expect(Object.keys(p)).toEqual(expect.arrayContaining(OLD_KEYS));
    expect(p.scenario).toBe('The world of 1982');
    expect(p.firstCalls).toEqual({ Ann: 0, Bob: 9 });
    expect(p.variations).toEqual({ clockMinutes: null, targetRecord: 12 });
    expect(p.alliances).toEqual([]);
    expect(p.log).toEqual(s.log);
    expect(p.log.at(-1)).toMatch(/Bob \(called 9\) goes first/);
    // A copy: changing the public state never reaches the game.
    p.log.push('x');
    p.firstCalls.Ann = 5;
    expect(s.log.at(-1)).not.toBe('x');
    expect(s.firstCalls.Ann).toBe(0);
  });

  it('the clock variation is reported in minutes', () => {
    expect(publicState(seated(['Ann', 'Bob'], 'Ann', { clockMinutes: 45 })).variations).toEqual({
      clockMinutes: 45,
      targetRecord: null,
    });
  });

  it('names the player alliances, the broken pairs and both sides of a war', () => {
    let s = play([{ type: 'alliance.form', players: ['Ann', 'Bob'] }], threeOpening());
    expect(publicState(s).alliances).toEqual([['Ann', 'Bob']]);
    // Cy attacks India: the defence falls to Ann, who fights with her ally Bob (rule 18).
    s = play([{ type: 'attack', player: 'Cy', country: 'India' }], s);
    const war = publicState(s).war!;
    expect(war).toMatchObject({ attacker: 'Cy', defender: 'Ann', attackers: ['Cy'], defenders: ['Ann', 'Bob'] });
    s = play(
      [
        ...fight('Cy', 'Ann', [win('attacker', 2000, 1500), win('attacker', 1800, 1200)]),
        { type: 'alliance.break', player: 'Bob' },
      ],
      s,
    );
    expect(publicState(s).alliances).toEqual([]);
    expect(publicState(s).brokenPairs).toEqual([['Ann', 'Bob']]);
  });

  it('gives the end-game pairing: the challenger and the player it meets', () => {
    let s = play(
      [...TINY_HOMES, { type: 'pass', player: 'Bob' }, { type: 'pass', player: 'Ann' }, { type: 'endgame.start' }],
      seated(['Ann', 'Bob'], 'Ann', {}, tinyScenario),
    );
    const m = publicState(s).endgame!.match!;
    // Bob has the lower record, so Bob holds the ladder first and challenges Ann.
    expect(m).toMatchObject({ challenger: 'Bob', opponent: 'Ann', attacker: 'Bob', defender: 'Ann' });
    s = play(
      [
        { type: 'weapon', player: 'Bob', weapon: 'tank' },
        { type: 'weapon', player: 'Ann', weapon: 'sub' },
        win('attacker', 100, 100),
      ],
      s,
    );
    // Roles alternate per battle; the pairing stays.
    expect(publicState(s).endgame!.match).toMatchObject({
      challenger: 'Bob',
      opponent: 'Ann',
      attacker: 'Ann',
      defender: 'Bob',
    });
  });
});

describe('the machine takes an undo history as input', () => {
  const steps = (): GameState[] => {
    const a = seated(['Ann', 'Bob'], 'Ann');
    const b = play([{ type: 'homeland', player: 'Ann', country: 'United States' }], a);
    const c = play([{ type: 'homeland', player: 'Bob', country: 'U.S.S.R.' }], b);
    return [a, b, c];
  };

  it('undoes back through the given history, oldest last, then refuses', () => {
    const [a, b, c] = steps();
    const actor = createActor(gameMachine, { input: { state: c, history: [a, b] } }).start();
    expect(actor.getSnapshot().value).toBe('homeAlliances');
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.state).toEqual(b);
    expect(actor.getSnapshot().value).toBe('homelands');
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.state).toEqual(a);
    actor.send({ type: 'undo' });
    expect(actor.getSnapshot().context.lastRefusal).toMatchObject({ rule: 'undo' });
    expect(actor.getSnapshot().context.state).toEqual(a);
  });

  it('copies the history (the caller keeps its own) and keeps at most HISTORY_LIMIT steps', () => {
    const [a, b, c] = steps();
    const given = [a, b];
    const actor = createActor(gameMachine, { input: { state: c, history: given } }).start();
    given.length = 0;
    expect(actor.getSnapshot().context.history).toHaveLength(2);
    expect(actor.getSnapshot().context.history[0]).not.toBe(a);
    const long = Array.from({ length: HISTORY_LIMIT + 5 }, () => a);
    expect(
      createActor(gameMachine, { input: { state: c, history: long } })
        .start()
        .getSnapshot().context.history,
    ).toHaveLength(HISTORY_LIMIT);
  });

  it('ignores a history given without a state (a new game has nothing to undo)', () => {
    const [a] = steps();
    const actor = createActor(gameMachine, { input: { scenario: tinyScenario, history: [a] } }).start();
    expect(actor.getSnapshot().context.history).toEqual([]);
    expect(actor.getSnapshot().context.state.scenario.name).toBe('tiny');
  });
});
