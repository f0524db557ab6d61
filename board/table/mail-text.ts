/**
 * A turn by mail as a link (`…#/table?turn=o2turn1.…`: the fragment never reaches a server) or as text,
 * and a game by mail as JSON for the other players. What the players paste may be the link, the turn's
 * text, or a game's JSON.
 */

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
