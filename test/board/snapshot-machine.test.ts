import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deserializeGame, gameMachine, serializeGame, publicState } from '../../board/index.ts';
import { fight, threeOpening, play, win } from './helpers.ts';

describe('versioned snapshots', () => {
  it('round-trips a game in progress', () => {
    const s = play([{ type: 'attack', player: 'Cy', country: 'India' }], threeOpening({ Ann: ['Mexico'] }));
    const r = deserializeGame(serializeGame(s));
    expect(r).toEqual({ ok: true, state: s });
  });
  it('refuses corrupt, foreign and wrong-version saves with a clear error', () => {
    const text = serializeGame(threeOpening());
    const doc = JSON.parse(text);
    const load = (d: unknown) => deserializeGame(typeof d === 'string' ? d : JSON.stringify(d));
    expect(load(text.slice(0, 100))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not valid JSON.*nothing was loaded/),
    });
    expect(load({ ...doc, version: 2 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/version 2 is not supported/),
    });
    expect(load({ ...doc, format: 'other' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a o2conquest.board save/),
    });
    const broken = structuredClone(doc);
    broken.state.players[0].chips[1000] += 1; // a chip out of thin air
    expect(load(broken)).toMatchObject({ ok: false, error: expect.stringMatching(/chips not conserved/) });
    const badRecord = structuredClone(doc);
    badRecord.state.players[1].recordHalves = 7;
    expect(load(badRecord)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Bob's record is 3.5 but markers/),
    });
    const badShape = structuredClone(doc);
    badShape.state.phase = 'lunch';
    expect(load(badShape)).toMatchObject({ ok: false, error: expect.stringMatching(/"phase" must be one of/) });
    delete badShape.state.countries.Cuba;
    badShape.state.phase = 'play';
    expect(load(badShape)).toMatchObject({ ok: false, error: expect.stringMatching(/do not match its scenario/) });
  });
});

describe("the game machine (the UI's entry point)", () => {
  const start = () => createActor(gameMachine, { input: { state: threeOpening() } }).start();

  it('routes to the state of the turn machine matching the rules state', () => {
    const a = createActor(gameMachine, { input: {} }).start();
    expect(a.getSnapshot().value).toBe('setup');
    const b = start();
    expect(b.getSnapshot().value).toEqual({ play: 'turn' });
    b.send({ type: 'attack', player: 'Cy', country: 'India' });
    expect(b.getSnapshot().value).toEqual({ play: 'war' });
  });

  it('makes a refusal observable and leaves the state alone', () => {
    const a = start();
    const before = a.getSnapshot().context.state;
    a.send({ type: 'attack', player: 'Bob', country: 'India' });
    expect(a.getSnapshot().context.lastRefusal).toMatchObject({
      rule: '10A',
      reason: expect.stringMatching(/Cy holds the attack option/),
    });
    expect(a.getSnapshot().context.state).toBe(before);
    a.send({ type: 'pass', player: 'Cy' });
    expect(a.getSnapshot().context.lastRefusal).toBeNull();
  });

  it('undoes and redoes any step, a battle result included; a new step forgets the steps undone', () => {
    const a = start();
    a.send({ type: 'attack', player: 'Cy', country: 'India' });
    a.send({ type: 'weapon', player: 'Cy', weapon: 'tank' });
    a.send({ type: 'undo' });
    expect(a.getSnapshot().context.state.war!.weapons.attacker).toBeNull();
    a.send({ type: 'weapon', player: 'Cy', weapon: 'tank' });
    a.send({ type: 'weapon', player: 'Ann', weapon: 'sub' });
    a.send(win('attacker', 2000, 1000));
    expect(a.getSnapshot().context.state.war!.battles).toHaveLength(1);
    const fought = a.getSnapshot().context.state;
    a.send({ type: 'undo' });
    expect(a.getSnapshot().context.lastRefusal).toBeNull();
    expect(a.getSnapshot().context.state.war!.battles).toHaveLength(0);
    // The banker is told to move the battle's chips back (none moved in a first battle: the list is the reverse of none).
    expect(a.getSnapshot().context.state.lastTransfers).toEqual([]);
    a.send({ type: 'redo' });
    expect(a.getSnapshot().context.state).toBe(fought);
    a.send({ type: 'redo' });
    expect(a.getSnapshot().context.lastRefusal).toMatchObject({
      rule: 'redo',
      reason: expect.stringMatching(/nothing to redo/),
    });
    // Undo twice, then a different step: the undone ones are gone for good.
    a.send({ type: 'undo' });
    a.send({ type: 'undo' });
    expect(a.getSnapshot().context.future).toHaveLength(2);
    a.send({ type: 'weapon', player: 'Ann', weapon: 'plane' });
    expect(a.getSnapshot().context.future).toEqual([]);
    a.send({ type: 'redo' });
    expect(a.getSnapshot().context.lastRefusal?.rule).toBe('redo');
    expect(a.getSnapshot().context.state.war!.weapons).toEqual({ attacker: 'tank', defender: 'plane' });
  });

  it('undo goes back to the start of the game and then says there is nothing more to undo', () => {
    const a = start();
    const first = a.getSnapshot().context.state;
    a.send({ type: 'pass', player: 'Cy' });
    a.send({ type: 'undo' });
    expect(a.getSnapshot().context.state).toEqual(first);
    a.send({ type: 'undo' });
    expect(a.getSnapshot().context.lastRefusal).toMatchObject({
      rule: 'undo',
      reason: expect.stringMatching(/nothing to undo/),
    });
    expect(a.getSnapshot().context.state).toEqual(first);
  });

  it('loads a save, and a bad save changes nothing', () => {
    const a = start();
    a.send({ type: 'pass', player: 'Cy' });
    const mid = a.getSnapshot().context.state;
    a.send({ type: 'load', snapshot: '{"format":"o2conquest.board","version":99}' });
    expect(a.getSnapshot().context.state).toBe(mid);
    expect(a.getSnapshot().context.lastRefusal?.reason).toMatch(/version 99/);
    const later = play(
      [
        { type: 'attack', player: 'Ann', country: 'China' },
        ...fight('Ann', 'Bob', [win('attacker', 9, 9), win('attacker', 9, 9)]),
      ],
      mid,
    );
    a.send({ type: 'load', snapshot: serializeGame(later) });
    expect(publicState(a.getSnapshot().context.state).countries.China.owner).toBe('Ann');
    expect(a.getSnapshot().value).toEqual({ play: 'turn' });
  });

  it('keeps one log line per accepted event', () => {
    const a = start();
    const n = a.getSnapshot().context.state.log.length;
    a.send({ type: 'attack', player: 'Cy', country: 'India' });
    a.send({ type: 'attack', player: 'Cy', country: 'China' }); // refused: no line
    a.send({ type: 'weapon', player: 'Cy', weapon: 'tank' });
    const log = a.getSnapshot().context.state.log;
    expect(log).toHaveLength(n + 2);
    expect(log.at(-2)).toBe('Cy attacks unoccupied India; Ann defends');
  });
});
