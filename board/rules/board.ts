import type { GameState, PlayerState } from '../model/game.ts';
import { refuse } from './refuse.ts';

/** Read-only questions about the board and the table. */

export function player(s: GameState, name: string, rule = '1B'): PlayerState {
  if (typeof name !== 'string') refuse(rule, 'name the player (the event has no "player" name)');
  const p = s.players.find((x) => x.name === name);
  if (!p) refuse(rule, `there is no player named "${name.slice(0, 40)}"`);
  return p;
}

export function activePlayers(s: GameState): PlayerState[] {
  return s.players.filter((p) => !p.eliminated);
}

/** The next player still in the game to the left (clockwise) of `name`. */
export function leftOf(s: GameState, name: string, skip: (n: string) => boolean = () => false): string | null {
  const i = s.players.findIndex((p) => p.name === name);
  for (let k = 1; k <= s.players.length; k++) {
    const p = s.players[(i + k) % s.players.length];
    if (!p.eliminated && p.name !== name && !skip(p.name)) return p.name;
  }
  return null;
}

/** A country of this board; own keys only, so "constructor" or "__proto__" are simply unknown names. */
export function countryOf(s: GameState, country: unknown): GameState['countries'][string] {
  if (typeof country !== 'string' || !Object.hasOwn(s.countries, country)) {
    refuse('1A', `there is no country named ${JSON.stringify(country)} on this board`);
  }
  return s.countries[country];
}

export function zoneOf(s: GameState, country: string): string {
  return countryOf(s, country).zone;
}

export function zoneCountries(s: GameState, zone: string): string[] {
  return s.scenario.zones.find((z) => z.name === zone)?.countries.map((c) => c.name) ?? [];
}

/** Countries next to `country` in its zone's list: "bordering each side" (rule 19A, illustration T). */
export function neighbours(s: GameState, country: string): string[] {
  const list = zoneCountries(s, zoneOf(s, country));
  const i = list.indexOf(country);
  return [list[i - 1], list[i + 1]].filter((c): c is string => c !== undefined);
}

export function allianceOf(s: GameState, name: string): string[] {
  return s.alliances.find((a) => a.includes(name)) ?? [name];
}

export function areAllied(s: GameState, a: string, b: string): boolean {
  return a === b || allianceOf(s, a).includes(b);
}

/**
 * A side at war or buying: the player first (it directs, pays first and takes the odd hundreds), then its
 * current player allies still in the game in seating order (rule 18B).
 */
export function sideOf(s: GameState, name: string): string[] {
  return [name, ...allianceOf(s, name).filter((n) => n !== name && !player(s, n).eliminated)];
}

/** Zones holding another (active) player's homeland: closed to purchases (rules 9A, 13D, 16E). */
export function isInOtherHomeZone(s: GameState, name: string, country: string): boolean {
  const zone = zoneOf(s, country);
  return s.players.some(
    (p) => !p.eliminated && p.name !== name && p.homeland !== null && zoneOf(s, p.homeland) === zone,
  );
}

export function isOccupied(s: GameState, country: string): boolean {
  return s.countries[country].owners.length > 0;
}

export function boardFull(s: GameState): boolean {
  return Object.values(s.countries).every((c) => c.owners.length > 0);
}

export function poolValue(s: GameState, names: string[]): number {
  return names.reduce((t, n) => {
    const c = player(s, n).chips;
    return t + c[1000] * 1000 + c[500] * 500 + c[100] * 100;
  }, 0);
}

/** What a player's markers on the board are worth on the record, in half points (rules 5, 13C, 14C). */
export function markerHalves(s: GameState, name: string): number {
  let h = 0;
  for (const c of Object.values(s.countries)) {
    if (!c.owners.includes(name)) continue;
    if (c.status === 'conquered') h += 2 * c.pbu;
    else if (c.status === 'allied') h += c.pbu;
  }
  return h;
}

export const fmtRecord = (halves: number): string => String(halves / 2);
