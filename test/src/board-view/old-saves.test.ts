/**
 * Saves written by earlier versions still load. `saves/save-v1.json` is a board save of version 1, written by the
 * app before the save became one JSON document (its session was JSON text in a string, each game again a string):
 * Ann and Bob have chosen their homelands. Loaded now, it is the same game, its undo steps work, and saved again it
 * is one document with no JSON inside a string. `saves/save-v2.json` is a save of version 2, each undo and redo
 * step a whole game document: a seeded computer game of Ann, Bob and Cy on three small zones, three steps undone.
 * Loaded now, it is the same game, and its undo and redo steps are the states the file holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GameSession, memoryStore, SAVE_VERSION } from '../../../board/index.ts';
import type { GameState } from '../../../board/index.ts';

const V1 = readFileSync(new URL('./saves/save-v1.json', import.meta.url), 'utf8');
const V2 = readFileSync(new URL('./saves/save-v2.json', import.meta.url), 'utf8');

describe('a save of version 1', () => {
  it('is what this test says it is: the session as text inside a string', () => {
    const doc = JSON.parse(V1) as { version: number; engine: unknown };
    expect(doc.version).toBe(1);
    expect(typeof doc.engine).toBe('string');
    expect(typeof (JSON.parse(doc.engine as string) as { game: unknown }).game).toBe('string');
  });

  it('loads as the same game, with its undo steps', () => {
    const c = new GameSession(memoryStore());
    expect(c.importText(V1, '"save-v1.json"')).toBe(true);
    const { view, canUndo } = c.snapshot();
    expect(view.phase).toBe('home-alliances');
    const homes = Object.fromEntries(view.players.map((p) => [p.name, p.homeland]));
    expect(homes).toEqual({ Ann: 'United States', Bob: 'U.S.S.R.' });
    expect(canUndo).toBe(true);
    c.undo();
    expect(c.snapshot().view.phase).toBe('homelands');
  });

  it('saved again, is one JSON document of this version', () => {
    const c = new GameSession(memoryStore());
    expect(c.importText(V1, '"save-v1.json"')).toBe(true);
    const text = c.exportText();
    const doc = JSON.parse(text) as {
      version: number;
      engine: { game: { state: { phase: string } }; undo: unknown[] };
    };
    expect(doc.version).toBe(SAVE_VERSION);
    expect(SAVE_VERSION).toBeGreaterThan(1);
    expect(doc.engine.game.state.phase).toBe('home-alliances');
    expect(doc.engine.undo.every((u) => typeof u === 'object')).toBe(true);
    // No JSON text inside a string anywhere: nothing is escaped twice.
    expect(text).not.toContain('\\"');
    const again = new GameSession(memoryStore());
    expect(again.importText(text, '"again.json"')).toBe(true);
    expect(again.snapshot().view).toEqual(c.snapshot().view);
  });
});

describe('a save of version 2', () => {
  const file = JSON.parse(V2) as {
    version: number;
    engine: { game: { state: GameState }; undo: { state: GameState }[]; redo: { state: GameState }[] };
  };
  // Undo hands the banker the chips of the step undone back (game-steps.ts): the rest of a state is as saved.
  const asSaved = (s: GameState) => ({ ...s, lastTransfers: expect.anything() as unknown });

  it('is what this test says it is: every step a whole game', () => {
    expect(file.version).toBe(2);
    expect(file.engine.undo.length).toBeGreaterThan(10);
    expect(file.engine.redo).toHaveLength(3);
    expect(file.engine.undo.every((u) => Array.isArray(u.state.log))).toBe(true);
  });

  it('loads as the same game, undoing and redoing to the states it holds', () => {
    const c = new GameSession(memoryStore());
    expect(c.importText(V2, '"save-v2.json"')).toBe(true);
    expect(c.gameState()).toStrictEqual(file.engine.game.state);
    for (const r of [...file.engine.redo].reverse()) {
      c.redo();
      expect(c.gameState()).toStrictEqual(r.state);
    }
    for (const r of file.engine.redo.slice(1)) {
      c.undo();
      expect(c.gameState()).toEqual(asSaved(r.state));
    }
    c.undo();
    expect(c.gameState()).toEqual(asSaved(file.engine.game.state));
    for (const u of [...file.engine.undo].reverse()) {
      c.undo();
      expect(c.gameState()).toEqual(asSaved(u.state));
    }
    expect(c.snapshot().canUndo).toBe(false);
  });

  it('saved again, is of this version, and loads to the same game and steps', () => {
    const c = new GameSession(memoryStore());
    expect(c.importText(V2, '"save-v2.json"')).toBe(true);
    const text = c.exportText();
    expect((JSON.parse(text) as { version: number }).version).toBe(SAVE_VERSION);
    expect(text.length).toBeLessThan(V2.length / 3);
    const again = new GameSession(memoryStore());
    expect(again.importText(text, '"again.json"')).toBe(true);
    for (const s of [c, again]) while (s.snapshot().canRedo) s.redo();
    expect(again.gameState()).toStrictEqual(c.gameState());
    while (c.snapshot().canUndo) {
      c.undo();
      again.undo();
      expect(again.gameState()).toStrictEqual(c.gameState());
    }
    expect(again.snapshot().canUndo).toBe(false);
  });
});
