import type { Refusal } from '../model/events.ts';
import { MAX_NAME, nameKey, nameProblem, repeatedName } from '../model/names.ts';

/**
 * Rule 1 and the game variations, checked the same way at both doors into a game: the `setup` event
 * and a loaded save. Each check returns the refusal (rule and sentence) or null; setup refuses with
 * it, the loader names the saved field in front of the sentence.
 */

/** A marker colour: a colour's name (red, dark-green, c1) or #rrggbb. */
const COLOUR = /^(?:[a-z][a-z0-9-]{0,19}|#[0-9a-f]{6})$/i;
/** The most chips of one kind a war chest may start with (and so the most of one kind in a game). */
export const MAX_CHIPS = 10000;
/** Variation 1's longest clock: a week of minutes, far beyond any evening's game. */
export const MAX_CLOCK_MINUTES = 10080;
/** Variation 2's highest target: beyond any board's total (999 PBU a country, conquered at double). */
export const MAX_TARGET_RECORD = 100000;

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_CHIPS;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rule 1: 2 to 6 players, each with a name read differently from the others' and a marker colour of its own. */
export function playersProblem(players: unknown): Refusal | null {
  if (!Array.isArray(players) || players.length < 2 || players.length > 6) {
    return {
      rule: '1',
      reason: `the game is for 2 to 6 players (got ${Array.isArray(players) ? players.length : 'none'})`,
    };
  }
  const colours = new Set<string>();
  for (const p of players as unknown[]) {
    if (!isObj(p)) return { rule: '1B', reason: 'every player needs a name and a marker colour' };
    const bad = nameProblem(p.name, 'a player name', MAX_NAME);
    if (bad) return { rule: '1B', reason: bad };
    const name = (p.name as string).trim();
    const colour = colourProblem(name, p.color);
    if (colour) return { rule: '1B', reason: colour };
    if (colours.has((p.color as string).toLowerCase()))
      return { rule: '1B', reason: `two players chose the ${p.color as string} markers` };
    colours.add((p.color as string).toLowerCase());
  }
  const twice = repeatedName(players.map((p: { name: string }) => p.name.trim()));
  // "Ann", "ann", "Ann " and a full-width "Ａnn" are one player at a table: names are told apart the way people read them.
  if (twice !== null)
    return {
      rule: '1B',
      reason: `two players are named "${twice}" (names are compared without case, spaces, invisible characters or letter forms)`,
    };
  return null;
}

export function colourProblem(name: string, colour: unknown): string | null {
  if (typeof colour === 'string' && COLOUR.test(colour)) return null;
  return `${name} needs a marker colour: a colour name such as red, or #rrggbb (got ${JSON.stringify(colour)?.slice(0, 40)})`;
}

/**
 * Rule 1C: the 1000, 500 and 100 chips of the war chest (or, in a save, of `holder`), each a whole
 * count up to MAX_CHIPS.
 */
export function chestProblem(chips: unknown, holder = 'the war chest'): Refusal | null {
  if (!isObj(chips)) return { rule: '1C', reason: `${holder} must list its 1000, 500 and 100 chips` };
  for (const k of Object.keys(chips)) {
    if (!['1000', '500', '100'].includes(k))
      return {
        rule: '1C',
        reason: `${holder} holds 1000, 500 and 100 chips only; there is no ${JSON.stringify(k).slice(0, 40)} chip`,
      };
  }
  for (const d of ['1000', '500', '100'] as const) {
    if (!isCount(chips[d]))
      return {
        rule: '1C',
        reason: `${holder} needs a whole number of ${d} chips (0..${MAX_CHIPS}), got ${JSON.stringify(chips[d])?.slice(0, 40)}`,
      };
  }
  return null;
}

/** Rule 1C: the banker is one of the players; the name as seated, found the way names are compared. */
export function bankerOf(players: readonly { name: string }[], banker: unknown): string | null {
  if (typeof banker !== 'string') return null;
  const key = nameKey(banker);
  return players.find((p) => nameKey(p.name) === key)?.name ?? null;
}

/** Variations 1 and 2: absent (undefined or null) or a sensible figure. */
export function variationsProblem(clockMinutes: unknown, targetRecord: unknown): Refusal | null {
  if (
    clockMinutes !== undefined &&
    clockMinutes !== null &&
    !(typeof clockMinutes === 'number' && clockMinutes > 0 && clockMinutes <= MAX_CLOCK_MINUTES)
  ) {
    return {
      rule: 'Variation 1',
      reason: `the clock needs a positive number of minutes, at most ${MAX_CLOCK_MINUTES} (got ${JSON.stringify(clockMinutes)?.slice(0, 40)})`,
    };
  }
  if (
    targetRecord !== undefined &&
    targetRecord !== null &&
    !(
      typeof targetRecord === 'number' &&
      targetRecord > 0 &&
      targetRecord <= MAX_TARGET_RECORD &&
      Number.isInteger(targetRecord * 2)
    )
  ) {
    return {
      rule: 'Variation 2',
      reason: `the target record must be a positive number of whole or half spaces, at most ${MAX_TARGET_RECORD} (got ${JSON.stringify(targetRecord)?.slice(0, 40)})`,
    };
  }
  return null;
}
