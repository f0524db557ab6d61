/**
 * The hashes that chain turns: SHA-256 over a canonical encoding (JSON with every object's keys
 * sorted), so the same content hashes the same in Node and in a browser whatever order its keys were
 * built in. `globalThis.crypto.subtle` is in both (Node 20, every current browser); board/ stays
 * platform-free.
 */
import type { GameState } from '../model/game.ts';
import type { TurnBody } from './turn.ts';

/** JSON with object keys sorted at every level; `undefined` members are left out, as JSON.stringify does. */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    // A number that JSON cannot hold (NaN, Infinity) would encode as null: two contents, one hash.
    if (text === undefined || (typeof value === 'number' && !Number.isFinite(value)))
      throw new TypeError(`cannot encode ${String(value)} canonically`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(',')}}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A turn's own hash: over everything in it but the hash. */
export function turnHash(body: TurnBody): Promise<string> {
  // `draw` undefined is left out by canonical: a turn without one hashes as before draws were made.
  const { format, version, game, number, previous, player, events, orders, draw } = body;
  return sha256Hex(canonical({ format, version, game, number, previous, player, events, orders, draw }));
}

/**
 * The hash turn 1 chains to: the game's id and its starting state (after setup), and the players'
 * public keys in a signed game (so a copy whose keys were changed is another chain).
 */
export function startHash(game: string, start: GameState, keys?: Record<string, string>): Promise<string> {
  return sha256Hex(canonical({ start: 'o2conquest.mail', game, state: start, keys }));
}
