/**
 * A board save is read only as what this app writes (issue 37): its version a whole number the loader
 * knows, and its undo and redo steps its own game's. Anything else is refused with a sentence and the
 * game on the table stays as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  GameSession,
  memoryStore,
  encodeEnvelope,
  newGameChart,
  parseEnvelope,
  restoreGameChart,
} from '../../../board/index.ts';

/** A saved table where Ann and Bob have made their calls (`digits`): four undo steps. */
function savedGame(digits: [number, number]): string {
  const s = newGameChart();
  for (const e of [
    {
      type: 'setup' as const,
      players: [
        { name: 'Ann', color: 'red' },
        { name: 'Bob', color: 'blue' },
      ],
    },
    { type: 'first.call' as const, player: 'Ann', digit: digits[0] },
    { type: 'first.call' as const, player: 'Bob', digit: digits[1] },
  ]) {
    const r = s.send(e);
    if (!r.ok) throw new Error(r.refusal.reason);
  }
  return encodeEnvelope({ engine: s.document() });
}

describe('a board save', () => {
  const text = savedGame([3, 7]);
  const doc = JSON.parse(text) as Record<string, unknown>;

  it.each([-1, 1.5, 0, 2.0000001])('of version %s is refused with a sentence', (version) => {
    expect(() => parseEnvelope(JSON.stringify({ ...doc, version }))).toThrow(
      `the save's version ${version} is not one this app knows (a whole number: 1, 2 or 3)`,
    );
  });

  it('of a version newer than this app is refused as newer', () => {
    expect(() => parseEnvelope(JSON.stringify({ ...doc, version: 4 }))).toThrow(/version 4, newer than this app/);
  });

  it('whose undo steps come from another game is refused, and the game on the table stays', () => {
    const other = JSON.parse(savedGame([5, 1])) as { engine: { undo: unknown[] } };
    const engine = doc.engine as { undo: unknown[] };
    const mixed = JSON.stringify({
      ...doc,
      engine: { ...engine, undo: [...engine.undo.slice(0, 2), other.engine.undo[2]] },
    });
    // From version 3 a step is checked when it is rebuilt from the game's log, so loading refuses it.
    expect(() => restoreGameChart(parseEnvelope(mixed).engine)).toThrow(/^undo step 3 is not a step of this game/);
    const c = new GameSession(memoryStore());
    expect(c.importText(text, 'ours')).toBe(true);
    const before = c.snapshot().view;
    expect(c.importText(mixed, 'mixed')).toBe(false);
    expect(c.snapshot().notice).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/the save mixes two games/),
    });
    expect(c.snapshot().view).toEqual(before);
  });

  it('with its own steps loads and undoes to them', () => {
    const c = new GameSession(memoryStore());
    expect(c.importText(text, 'ours')).toBe(true);
    c.undo();
    expect(c.snapshot().view.log.at(-1)).toBe('Ann calls 3');
  });
});
