import type { Scenario } from '../model/scenario.ts';
import { validateScenario, ScenarioError } from './validate.ts';

/**
 * "What if" editing ("Creating your own games"): pure functions that return a new scenario,
 * each validated, so an editor can never save an unplayable board.
 */

function checked(s: Scenario): Scenario {
  const problems = validateScenario(s);
  if (problems.length > 0) throw new ScenarioError(problems);
  return s;
}

function locate(s: Scenario, country: string): { zi: number; ci: number } {
  for (let zi = 0; zi < s.zones.length; zi++) {
    const ci = s.zones[zi].countries.findIndex((c) => c.name === country);
    if (ci >= 0) return { zi, ci };
  }
  throw new ScenarioError([`no country named "${country}"`]);
}

export function renameScenario(s: Scenario, name: string): Scenario {
  return checked({ ...structuredClone(s), name });
}

export function setCountryValue(s: Scenario, country: string, pbu: number): Scenario {
  const next = structuredClone(s);
  const { zi, ci } = locate(next, country);
  next.zones[zi].countries[ci].pbu = pbu;
  return checked(next);
}

/** Move a country to another zone (at `index` in its list, default the end). Emptied zones are removed. */
export function moveCountry(s: Scenario, country: string, toZone: string, index?: number): Scenario {
  const next = structuredClone(s);
  const { zi, ci } = locate(next, country);
  const target = next.zones.find((z) => z.name === toZone);
  if (!target) throw new ScenarioError([`no zone named "${toZone}"`]);
  const [moved] = next.zones[zi].countries.splice(ci, 1);
  const at = index === undefined ? target.countries.length : index;
  if (!Number.isInteger(at) || at < 0 || at > target.countries.length) {
    throw new ScenarioError([`position ${index} is outside zone "${toZone}" (0..${target.countries.length})`]);
  }
  target.countries.splice(at, 0, moved);
  next.zones = next.zones.filter((z) => z.countries.length > 0);
  return checked(next);
}

export function addZone(s: Scenario, name: string, firstCountry: string): Scenario {
  const next = structuredClone(s);
  if (next.zones.some((z) => z.name === name)) throw new ScenarioError([`zone name "${name}" is used twice`]);
  const { zi, ci } = locate(next, firstCountry);
  const [moved] = next.zones[zi].countries.splice(ci, 1);
  next.zones.push({ name, countries: [moved] });
  next.zones = next.zones.filter((z) => z.countries.length > 0);
  return checked(next);
}

export function renameZone(s: Scenario, from: string, to: string): Scenario {
  const next = structuredClone(s);
  const zone = next.zones.find((z) => z.name === from);
  if (!zone) throw new ScenarioError([`no zone named "${from}"`]);
  zone.name = to;
  return checked(next);
}

/** A new country at the end of `zone` (or at `index` in it): it borders its neighbours in the list (rule 19). */
export function addCountry(s: Scenario, zone: string, name: string, pbu: number, index?: number): Scenario {
  const next = structuredClone(s);
  const target = next.zones.find((z) => z.name === zone);
  if (!target) throw new ScenarioError([`no zone named "${zone}"`]);
  const at = index === undefined ? target.countries.length : index;
  if (!Number.isInteger(at) || at < 0 || at > target.countries.length) {
    throw new ScenarioError([`position ${index} is outside zone "${zone}" (0..${target.countries.length})`]);
  }
  target.countries.splice(at, 0, { name, pbu });
  return checked(next);
}

/** Takes a country off the board; a zone left empty goes with it. */
export function removeCountry(s: Scenario, country: string): Scenario {
  const next = structuredClone(s);
  const { zi, ci } = locate(next, country);
  next.zones[zi].countries.splice(ci, 1);
  next.zones = next.zones.filter((z) => z.countries.length > 0);
  return checked(next);
}

export function renameCountry(s: Scenario, from: string, to: string): Scenario {
  const next = structuredClone(s);
  const { zi, ci } = locate(next, from);
  next.zones[zi].countries[ci].name = to;
  return checked(next);
}
