import { describe, expect, it } from 'vitest';
import {
  newMailGame,
  openTurn,
  sendTurn,
  GameSession,
  sessionDocument,
  encodeEnvelope,
  memoryStore,
  MailJournal,
  sameGame,
} from '../../../board/index.ts';
import type { GameEvent } from '../../../board/index.ts';
import { playTiny, TINY_OPENING } from '../../harness/tiny-game.ts';

/** A board controller at Ann's first turn of the tiny game, and a journal fed by its steps. */
function atOpening() {
  const c = new GameSession(memoryStore());
  expect(c.importText(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) }))).toBe(true);
  const journal = new MailJournal(c.gameState()!);
  const heard: string[] = [];
  c.onStep((e, before, after) => {
    heard.push(e.type);
    journal.step(e, before, after);
  });
  return { c, journal, heard };
}

const ATTACK: GameEvent = { type: 'attack', player: 'Ann', country: 'B1' };
const TANK: GameEvent = { type: 'weapon', player: 'Ann', weapon: 'tank' };
const BOB_TANK: GameEvent = { type: 'weapon', player: 'Bob', weapon: 'tank' };

describe('the moves since the last turn by mail', () => {
  it('follows moves, undo (by content), redo, and a new move after an undo', () => {
    const { c, journal } = atOpening();
    expect(journal.eventsTo(c.gameState()!)).toEqual([]);
    expect(c.act(ATTACK)).toBe(true);
    expect(c.act(TANK)).toBe(true);
    expect(journal.eventsTo(c.gameState()!)).toEqual([ATTACK, TANK]);
    c.undo();
    expect(journal.eventsTo(c.gameState()!)).toEqual([ATTACK]);
    c.redo();
    expect(journal.eventsTo(c.gameState()!)).toEqual([ATTACK, TANK]);
    c.undo();
    const sub: GameEvent = { type: 'weapon', player: 'Ann', weapon: 'sub' };
    expect(c.act(sub)).toBe(true);
    expect(journal.eventsTo(c.gameState()!)).toEqual([ATTACK, sub]);
    expect(journal.events).toEqual([ATTACK, sub]);
  });

  it('hears a battle the chart records itself (not sent through act), and refused moves not at all', async () => {
    const { c, journal, heard } = atOpening();
    for (const e of [ATTACK, TANK, BOB_TANK]) expect(c.act(e)).toBe(true);
    expect(c.act({ type: 'pass', player: 'Bob' })).toBe(false);
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 2000, defender: 1500 } })).toBe(true);
    await c.settled();
    expect(heard).toEqual(['attack', 'weapon', 'weapon', 'battle']);
    const events = journal.eventsTo(c.gameState()!)!;
    expect(events.map((e) => e.type)).toEqual(['attack', 'weapon', 'weapon', 'battle']);
  });

  it('is rebuilt after a reload from the kept events, and finds the reloaded board by its content', () => {
    const { c, journal } = atOpening();
    c.act(ATTACK);
    c.act(TANK);
    const reloaded = new MailJournal(playTiny(TINY_OPENING), journal.events);
    const copy = structuredClone(c.gameState()!);
    expect(reloaded.eventsTo(copy)).toEqual([ATTACK, TANK]);
    // A game these moves never reach (another one loaded on the board): null, and its steps are not kept.
    const other = playTiny(TINY_OPENING.slice(0, 4));
    expect(reloaded.eventsTo(other)).toBeNull();
    expect(reloaded.step(ATTACK, other, other)).toBe(false);
    // A kept event the rules refuse ends what is known.
    expect(new MailJournal(playTiny(TINY_OPENING), [ATTACK, BOB_TANK, { type: 'pass', player: 'Bob' }]).events).toEqual(
      [ATTACK, BOB_TANK],
    );
  });

  it('sameGame leaves the banker note aside and compares content', () => {
    const s = playTiny(TINY_OPENING);
    expect(sameGame(s, structuredClone(s))).toBe(true);
    expect(sameGame(s, { ...s, lastTransfers: [] })).toBe(true);
    expect(sameGame(s, { ...s, turn: 'Bob' })).toBe(false);
  });

  it("a turn made of the board's moves opens on another copy of the game to the same board", async () => {
    const { c, journal } = atOpening();
    const game = await newMailGame(playTiny(TINY_OPENING), 'test-game');
    c.act(ATTACK);
    c.act(TANK);
    const sent = await sendTurn(game, 'Ann', journal.eventsTo(c.gameState()!));
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(sameGame(sent.game.state, c.gameState()!)).toBe(true);
    const opened = await openTurn(sent.text, game);
    expect(opened.ok && sameGame(opened.game.state, c.gameState()!)).toBe(true);
  });
});
