/**
 * A saved session's undo and redo steps must be its own game's (issue 37): steps taken from another game
 * loaded, and one Undo turned the game into the other one.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../../../board/index.ts';
import { applyEvent, gameDocument, newGame, sessionStepsProblem } from '../../../board/index.ts';
import { P, tinyScenario } from '../helpers.ts';

/** Every state of a game from before its setup, one per event. */
function states(names: string[], digits: number[]): GameState[] {
  const events: GameEvent[] = [
    { type: 'setup', players: names.map(P) },
    ...names.map((player, i): GameEvent => ({ type: 'first.call', player, digit: digits[i] })),
  ];
  const out = [newGame(tinyScenario)];
  for (const e of events) {
    const r = applyEvent(out[out.length - 1], e);
    if (!r.ok) throw new Error(r.refusal.reason);
    out.push(r.state);
  }
  return out;
}

const session = (game: GameState, undo: GameState[], redo: GameState[] = []) => ({
  game: gameDocument(game),
  undo: undo.map(gameDocument),
  redo: redo.map(gameDocument),
});

describe('sessionStepsProblem', () => {
  const ours = states(['Ann', 'Bob'], [3, 7]);
  const theirs = states(['Ann', 'Bob'], [5, 1]);

  it("accepts a game's own undo and redo steps, as values and as version 1's text", () => {
    expect(sessionStepsProblem(session(ours[2], ours.slice(0, 2), [ours[3]]))).toBeNull();
    // The next step to redo is kept last.
    expect(sessionStepsProblem(session(ours[1], [ours[0]], [ours[3], ours[2]]))).toBeNull();
    const asText = session(ours[3], ours.slice(1, 3));
    expect(
      sessionStepsProblem({ game: JSON.stringify(asText.game), undo: asText.undo.map((d) => JSON.stringify(d)) }),
    ).toBeNull();
  });

  it('refuses an undo step of another game, naming it', () => {
    expect(sessionStepsProblem(session(ours[3], [ours[1], theirs[2]]))).toBe(
      "undo step 2 is not a step of this game (undo step 2 and the game are not one move apart in the same game's log): the save mixes two games",
    );
  });

  it('refuses a redo step of another game, and steps out of order', () => {
    expect(sessionStepsProblem(session(ours[2], [], [theirs[3]]))).toMatch(/^redo step 1 is not a step of this game/);
    expect(sessionStepsProblem(session(ours[3], [ours[2], ours[1]]))).toMatch(/^undo step 1 is not a step/);
    expect(sessionStepsProblem(session(ours[1], [], [ours[2], ours[3]]))).toMatch(/^redo step 2 is not a step/);
  });

  it('refuses a step on another board with the same log', () => {
    const other = { ...ours[1], scenario: { ...ours[1].scenario, name: 'Elsewhere' } };
    expect(sessionStepsProblem(session(ours[2], [other]))).toMatch(/^undo step 1 is not a step of this game/);
  });

  it('leaves what it cannot read to the loader', () => {
    expect(sessionStepsProblem({ x: 1 })).toBeNull();
    expect(sessionStepsProblem(null)).toBeNull();
    expect(sessionStepsProblem({ game: gameDocument(ours[2]), undo: ['{not json'] })).toBeNull();
  });
});
