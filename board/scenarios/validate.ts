import type { Scenario } from '../model/scenario.ts';
import { nameKey, nameProblem, shownName } from '../model/names.ts';

/** Longest zone or country name: it must fit the map's label and a log line. */
export const MAX_PLACE_NAME = 40;
/** Longest scenario name. */
export const MAX_SCENARIO_NAME = 80;

/**
 * A zone's or country's name: no control or text-direction characters, no spaces around it (the
 * rules find countries by their exact name), and different from the others as people read them.
 */
function placeProblem(name: string, what: string): string | null {
  const bad = nameProblem(name, what, MAX_PLACE_NAME);
  if (bad) return bad;
  if (name !== name.trim())
    return `${JSON.stringify(shownName(name))} has spaces around it, which cannot be part of ${what}`;
  return null;
}

/** Every problem with a scenario, as sentences; empty when it can be played. */
export function validateScenario(value: unknown): string[] {
  const errors: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['a scenario must be a JSON object'];
  const s = value as Record<string, unknown>;
  if (typeof s.name !== 'string' || s.name.trim() === '') errors.push('the scenario needs a non-empty "name"');
  else {
    const bad = nameProblem(s.name, 'a scenario name', MAX_SCENARIO_NAME);
    if (bad) errors.push(`the scenario's "name": ${bad}`);
  }
  if (!Array.isArray(s.zones) || s.zones.length === 0) {
    errors.push('the scenario needs a non-empty "zones" list');
    return errors;
  }
  // Names are told apart as people read them (names.ts): "Alpha", "alpha" and a full-width "Ａlpha" are one.
  const zoneNames = new Set<string>();
  const countryNames = new Set<string>();
  let total = 0;
  s.zones.forEach((z: unknown, zi: number) => {
    if (typeof z !== 'object' || z === null) {
      errors.push(`zone #${zi + 1} must be an object`);
      return;
    }
    const zone = z as Record<string, unknown>;
    const label = typeof zone.name === 'string' ? `zone "${shownName(zone.name)}"` : `zone #${zi + 1}`;
    if (typeof zone.name !== 'string' || zone.name.trim() === '')
      errors.push(`zone #${zi + 1} needs a non-empty "name"`);
    else {
      const bad = placeProblem(zone.name, 'a zone name');
      if (bad) errors.push(`zone #${zi + 1}: ${bad}`);
      else if (zoneNames.has(nameKey(zone.name))) errors.push(`zone name "${zone.name}" is used twice`);
      else zoneNames.add(nameKey(zone.name));
    }
    if (!Array.isArray(zone.countries) || zone.countries.length === 0) {
      errors.push(`${label} needs at least one country`);
      return;
    }
    zone.countries.forEach((c: unknown, ci: number) => {
      if (typeof c !== 'object' || c === null) {
        errors.push(`${label}: country #${ci + 1} must be an object`);
        return;
      }
      const country = c as Record<string, unknown>;
      if (typeof country.name !== 'string' || country.name.trim() === '') {
        errors.push(`${label}: country #${ci + 1} needs a non-empty "name"`);
        return;
      }
      const bad = placeProblem(country.name, 'a country name');
      if (bad) errors.push(`${label}: ${bad}`);
      else if (countryNames.has(nameKey(country.name))) errors.push(`country "${country.name}" appears twice`);
      countryNames.add(nameKey(country.name));
      if (typeof country.pbu !== 'number' || !Number.isInteger(country.pbu) || country.pbu < 1 || country.pbu > 999) {
        errors.push(
          `${label}: "${shownName(country.name)}" needs a whole "pbu" from 1 to 999 (got ${JSON.stringify(country.pbu)})`,
        );
      }
      total++;
    });
  });
  if (total < 2) errors.push('a scenario needs at least two countries (two homelands)');
  return errors;
}

export class ScenarioError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid scenario: ${problems.join('; ')}`);
    this.name = 'ScenarioError';
  }
}

/** Parse a scenario file's text; throws ScenarioError listing every problem. */
export function parseScenario(text: string): Scenario {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError([`not valid JSON (${(e as Error).message})`]);
  }
  const problems = validateScenario(value);
  if (problems.length > 0) throw new ScenarioError(problems);
  const s = value as Scenario;
  // Keep only the known fields so a saved game never carries stray data.
  return {
    name: s.name,
    zones: s.zones.map((z) => ({ name: z.name, countries: z.countries.map((c) => ({ name: c.name, pbu: c.pbu })) })),
  };
}

export function serializeScenario(s: Scenario): string {
  const problems = validateScenario(s);
  if (problems.length > 0) throw new ScenarioError(problems);
  return JSON.stringify(s, null, 2) + '\n';
}
