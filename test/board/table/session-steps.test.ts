/**
 * The undo and redo steps a save of version 3 keeps (issue 38): only what each step changes, rebuilt on
 * loading into exactly the states the game had; a step that is not this game's is refused.
 */
import { describe, expect, it } from 'vitest';
import { ModelBattlePort, playComputerGame } from '../../../board/ai/index.ts';
import {
  GameSession,
  gameDocument,
  memoryStore,
  restoreGameChart,
  SAVED_UNDO,
  sessionDocument,
} from '../../../board/index.ts';
import type { GameEvent, GameState } from '../../../board/index.ts';
import { threeZones } from '../ai/scenarios.ts';

/** The events of a seeded computer game of three seats on three small zones. */
async function seeded(seed: number): Promise<GameEvent[]> {
  const events: GameEvent[] = [];
  await playComputerGame({
    scenario: threeZones,
    seats: [
      { name: 'Ann', level: 'hard' },
      { name: 'Bob', level: 'easy' },
      { name: 'Cy', level: 'medium' },
    ],
    seed,
    battles: new ModelBattlePort(seed),
    onEvent: (_s, e) => events.push(e),
  });
  return events;
}
const events = await seeded(11);

function played(moves = events): GameSession {
  const s = new GameSession(memoryStore());
  s.newGame(threeZones);
  for (const e of moves) if (!s.act(e)) throw new Error(`${e.type} refused`);
  return s;
}

/** The states met undoing `n` steps, then redoing them all. */
function walk(s: GameSession, n: number): GameState[] {
  const seen = [s.gameState()];
  for (let i = 0; i < n; i++) {
    s.undo();
    seen.push(s.gameState());
  }
  while (s.snapshot().canRedo) {
    s.redo();
    seen.push(s.gameState());
  }
  return seen;
}

const reloaded = (s: GameSession): GameSession => {
  const again = new GameSession(memoryStore());
  if (!again.importText(s.exportText())) throw new Error(JSON.stringify(again.snapshot().notice));
  return again;
};

describe('the undo and redo steps of a save', () => {
  const steps = Math.min(SAVED_UNDO, events.length);

  it('a seeded game, saved and loaded, undoes and redoes through exactly the states it had', () => {
    expect(events.length).toBeGreaterThan(15);
    const kept = walk(played(), steps);
    expect(walk(reloaded(played()), steps)).toStrictEqual(kept);
  });

  it('saved with steps undone, redoes and undoes through exactly the states it had', () => {
    const here = played();
    for (let i = 0; i < 6; i++) here.undo();
    const back = reloaded(here);
    expect(back.gameState()).toStrictEqual(here.gameState());
    const seen: [GameState[], GameState[]] = [[], []];
    for (const [k, s] of [here, back].entries()) {
      while (s.snapshot().canRedo) {
        s.redo();
        seen[k].push(s.gameState());
      }
      while (s.snapshot().canUndo) {
        s.undo();
        seen[k].push(s.gameState());
      }
    }
    expect(seen[1]).toStrictEqual(seen[0]);
  });

  it('keeps the log once: the save at the end is a fraction of every step saved whole', () => {
    const s = played();
    const whole = JSON.stringify(gameDocument(s.gameState())).length;
    expect(JSON.parse(s.exportText()).engine.undo).toHaveLength(steps);
    expect(s.exportText().length).toBeLessThan(((steps + 1) * whole) / 4);
  });
});

describe('a step without a field its neighbour has', () => {
  it('comes back without it', () => {
    const here = played(events.slice(0, 8));
    const a = { ...here.gameState(), lastWar: null };
    here.act(events[8]);
    const b: Partial<GameState> = { ...here.gameState() };
    delete b.lastWar;
    const back = restoreGameChart(sessionDocument(a, [], [b as GameState]));
    expect(back.redo().ok).toBe(true);
    expect(back.gameState()).toStrictEqual(b);
  });
});

describe('a save whose steps are not its own', () => {
  const text = played().exportText();
  const doc = JSON.parse(text) as { engine: { undo: Record<string, unknown>[] } };
  const refused = (engine: unknown, message: RegExp) => {
    const s = played();
    s.undo();
    const before = s.exportText();
    expect(s.importText(JSON.stringify({ ...doc, engine }), 'forged')).toBe(false);
    expect(s.snapshot().notice).toMatchObject({ kind: 'error', text: expect.stringMatching(message) });
    expect(s.exportText().replace(/"savedAt":"[^"]*"/, '')).toBe(before.replace(/"savedAt":"[^"]*"/, ''));
  };

  it('is refused when a step is taken from another game, and the game on the table stays', async () => {
    // Another seed's game as long as this one: its step has a log as long, and fields of another game.
    const theirs = await seeded(12);
    const other = played(theirs.slice(0, events.length));
    const steps = (JSON.parse(other.exportText()) as typeof doc).engine.undo;
    const undo = [...doc.engine.undo];
    undo[6] = steps[6];
    refused(
      { ...doc.engine, undo },
      /^Could not load forged: undo step 7 is not a step of this game \(rebuilt from this game's log it is not the state it was saved as\): the save mixes two games/,
    );
  });

  it('is refused when a step sets what no game state has, or its log is not one line shorter', () => {
    const undo = [...doc.engine.undo];
    undo[0] = { ...undo[0], set: { __proto__x: 1 } };
    refused({ ...doc.engine, undo }, /undo step 1: not a o2conquest.board save step \("__proto__x" is no field/);
    const short = [...doc.engine.undo];
    short[3] = { ...short[3], log: (short[3].log as number) - 1 };
    refused({ ...doc.engine, undo: short }, /undo step 4 is not a step of this game \(its log has/);
  });
});
