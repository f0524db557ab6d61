import type { PublicState } from '../rules/public-state.ts';

/** Questions about the board that the computer player asks of the public state only. */

/** Countries of `zone` in the zone's list order (the public state keeps the scenario's order). */
export function zoneList(view: PublicState, zone: string): string[] {
  return Object.entries(view.countries)
    .filter(([, c]) => c.zone === zone)
    .map(([n]) => n);
}

/** "Bordering each side" (rule 19A): the neighbours in the zone's list. */
export function neighboursOf(view: PublicState, country: string): string[] {
  const list = zoneList(view, view.countries[country].zone);
  const i = list.indexOf(country);
  return [list[i - 1], list[i + 1]].filter((c): c is string => c !== undefined);
}

export function playerOf(view: PublicState, name: string): PublicState['players'][number] {
  const p = view.players.find((x) => x.name === name);
  if (!p) throw new Error(`there is no player named "${name}" at this table`);
  return p;
}

export function activeNames(view: PublicState): string[] {
  return view.players.filter((p) => !p.eliminated).map((p) => p.name);
}

/** The player and its current player allies. */
export function sideNames(view: PublicState, name: string): string[] {
  return [name, ...playerOf(view, name).allies];
}

export function sideChips(view: PublicState, name: string): number {
  return sideNames(view, name).reduce((t, n) => t + playerOf(view, n).chips, 0);
}

/** The zones holding another active player's homeland (closed to purchases, rule 9A). */
export function isOthersHomeZone(view: PublicState, me: string, zone: string): boolean {
  return view.players.some(
    (p) => !p.eliminated && p.name !== me && p.homeland !== null && view.countries[p.homeland].zone === zone,
  );
}

/** The active opponent with the highest record (not an ally), or null. */
export function leader(view: PublicState, me: string): PublicState['players'][number] | null {
  const side = sideNames(view, me);
  const rivals = view.players.filter((p) => !p.eliminated && !side.includes(p.name));
  return rivals.reduce<PublicState['players'][number] | null>(
    (best, p) => (best === null || p.record > best.record ? p : best),
    null,
  );
}

/** Would holding `country` complete a zone for `me` (every other country of it already mine)? */
export function completesZone(view: PublicState, me: string, country: string): boolean {
  const list = zoneList(view, view.countries[country].zone);
  return list.length > 1 && list.every((c) => c === country || view.countries[c].owners.includes(me));
}

/** The zone domination bonus in spaces (1000 per country except the homeland, rule 7) if `country` completes it. */
export function zoneBonusSpaces(view: PublicState, me: string, country: string): number {
  if (!completesZone(view, me, country)) return 0;
  const home = playerOf(view, me).homeland;
  return zoneList(view, view.countries[country].zone).filter((c) => c !== home).length;
}
