/**
 * A turn or a game by mail dropped on the table as a file: refused before it is read when it is past a
 * turn's or a game's size (the texts themselves are read by board/table/mail-text.ts).
 */
import { MAX_GAME_CHARS, MAX_TURN_CHARS } from '../../board/index.ts';

/** A file's text, or the sentence saying why it was not read (too big for a turn or a game). */
export async function readDropped(file: File): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  if (file.size > MAX_GAME_CHARS)
    return {
      ok: false,
      error: `"${file.name.slice(0, 60)}" is ${file.size} bytes, far more than a turn (at most ${MAX_TURN_CHARS} characters) or a game by mail; it was not read`,
    };
  return { ok: true, text: await file.text() };
}
