/**
 * A turn by mail as a link (`…#/table?turn=o2turn1.…`: the fragment never reaches a server) or a file,
 * and a game by mail as a file for the other players. What the players paste may be the link, the
 * turn's text, or a game's JSON; a file past a turn's or a game's size is refused before it is read.
 */
import { MAX_TURN_CHARS } from '../../board/index.ts';

/** The key of the fragment's query that holds a turn. */
export const TURN_KEY = 'turn';
/** A game by mail file is the board's save with a small head: far under this. */
export const MAX_GAME_CHARS = 4_000_000;

/** The link to this page's table with `text` (a turn's text) in its fragment. */
export function turnLink(href: string, text: string): string {
  return `${href.replace(/#.*$/, '')}#/table?${TURN_KEY}=${text}`;
}

/** The turn in a page address's fragment (`#/table?turn=…`), or null when it holds none. */
export function linkedTurn(hash: string): string | null {
  const query = hash.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(hash.slice(query + 1)).get(TURN_KEY);
}

export type Pasted = { kind: 'game'; text: string } | { kind: 'turn'; text: string };

/** What the players gave: a game by mail (JSON), or a turn (its text, taken out of a link if it is one). */
export function readPasted(text: string): Pasted {
  const t = text.trim();
  if (t.startsWith('{')) return { kind: 'game', text: t };
  const hash = t.lastIndexOf('#');
  return { kind: 'turn', text: hash >= 0 ? (linkedTurn(t.slice(hash)) ?? t) : t };
}

/** A file's text, or the sentence saying why it was not read (too big for a turn or a game). */
export async function readDropped(file: File): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  if (file.size > MAX_GAME_CHARS)
    return {
      ok: false,
      error: `"${file.name.slice(0, 60)}" is ${file.size} bytes, far more than a turn (at most ${MAX_TURN_CHARS} characters) or a game by mail; it was not read`,
    };
  return { ok: true, text: await file.text() };
}
