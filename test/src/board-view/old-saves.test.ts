/**
 * Saves written by earlier versions still load. `saves/save-v1.json` is a board save of version 1, written by the
 * app before the save became one JSON document (its session was JSON text in a string, each game again a string):
 * Ann and Bob have chosen their homelands. Loaded now, it is the same game, its undo steps work, and saved again it
 * is one document with no JSON inside a string.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GameSession, memoryStore, SAVE_VERSION } from '../../../board/index.ts';

const V1 = readFileSync(new URL('./saves/save-v1.json', import.meta.url), 'utf8');

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
