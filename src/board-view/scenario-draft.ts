// The "what if" editor's state outside the DOM ("Creating your own games"). Every change goes through the
// engine's scenario editors (board/scenarios/edit.ts), which validate the whole board: a change they refuse
// leaves the scenario as it was and puts their reason next to the field that asked for it.

import {
  addCountry,
  addZone,
  moveCountry,
  parseScenario,
  removeCountry,
  renameCountry,
  renameScenario,
  renameZone,
  ScenarioError,
  setCountryValue,
  type Scenario,
} from '../../board/index.ts';

export interface ScenarioDraft {
  /** The scenario as edited so far; always valid (only accepted changes reach it). */
  scenario: Scenario;
  /** Text typed into a field and not accepted (yet), by field key, so a redraw keeps it on screen. */
  texts: Record<string, string>;
  /**
   * Why a field's change was refused, by field key: "name", "zone:<index>", "pbu:<country>", "move:<country>",
   * "rename:<country>", "new-zone", "add:<zone index>".
   */
  errors: Record<string, string>;
  /** What the last load, save or start said (shown at the top of the editor). */
  message: { kind: 'info' | 'error'; text: string } | null;
  newZone: { name: string; country: string };
  /** The "add a country" fields of each zone, by zone index. */
  newCountry: Record<number, { name: string; pbu: string }>;
}

export function newScenarioDraft(scenario: Scenario): ScenarioDraft {
  return {
    scenario: structuredClone(scenario),
    texts: {},
    errors: {},
    message: null,
    newZone: { name: '', country: '' },
    newCountry: {},
  };
}

function reason(e: unknown): string {
  if (e instanceof ScenarioError) return e.problems.join('; ');
  throw e;
}

/** Tries one change; on refusal the field keeps `text` and shows the reason. */
function attempt(d: ScenarioDraft, key: string, text: string, change: (s: Scenario) => Scenario): boolean {
  try {
    d.scenario = change(d.scenario);
  } catch (e) {
    d.texts[key] = text;
    d.errors[key] = reason(e);
    return false;
  }
  delete d.texts[key];
  delete d.errors[key];
  return true;
}

/** Zone fields are keyed by position: a change that can remove or add a zone forgets their pending text. */
function forgetZoneFields(d: ScenarioDraft): void {
  for (const k of Object.keys(d.texts)) if (k.startsWith('zone:') || k.startsWith('add:')) delete d.texts[k];
  for (const k of Object.keys(d.errors)) if (k.startsWith('zone:') || k.startsWith('add:')) delete d.errors[k];
  d.newCountry = {};
}

/** A country's fields are keyed by its name: a country renamed or deleted takes its pending fields with it. */
function forgetCountryFields(d: ScenarioDraft, country: string): void {
  for (const k of [`pbu:${country}`, `move:${country}`, `rename:${country}`]) {
    delete d.texts[k];
    delete d.errors[k];
  }
}

/** A new country typed into a zone's "add" fields: a name and a value from 1 to 999 PBU. */
export function addCountryTo(d: ScenarioDraft, zoneIndex: number): boolean {
  const zone = d.scenario.zones[zoneIndex];
  const typed = d.newCountry[zoneIndex] ?? { name: '', pbu: '' };
  if (!zone) return false;
  const name = typed.name.trim();
  const t = typed.pbu.trim();
  const ok = attempt(d, `add:${zoneIndex}`, typed.name, (s) => {
    if (!name) throw new ScenarioError(["type the new country's name"]);
    if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 999)
      throw new ScenarioError([`${name}'s value must be a whole number of PBU from 1 to 999 (got "${typed.pbu}")`]);
    return addCountry(s, zone.name, name, Number(t));
  });
  if (ok) delete d.newCountry[zoneIndex];
  return ok;
}

/** Takes a country off the board (its zone too, if it was the zone's last). */
export function deleteCountry(d: ScenarioDraft, country: string): boolean {
  const zones = d.scenario.zones.length;
  const ok = attempt(d, `move:${country}`, '', (s) => removeCountry(s, country));
  if (ok) {
    forgetCountryFields(d, country);
    if (d.scenario.zones.length !== zones) forgetZoneFields(d);
  }
  return ok;
}

export function setCountryName(d: ScenarioDraft, country: string, text: string): boolean {
  const to = text.trim();
  if (to === country) {
    delete d.texts[`rename:${country}`];
    delete d.errors[`rename:${country}`];
    return true;
  }
  const ok = attempt(d, `rename:${country}`, text, (s) => renameCountry(s, country, to));
  if (ok) forgetCountryFields(d, country);
  return ok;
}

export function setName(d: ScenarioDraft, text: string): boolean {
  return attempt(d, 'name', text, (s) => renameScenario(s, text.trim()));
}

export function setZoneName(d: ScenarioDraft, index: number, text: string): boolean {
  const zone = d.scenario.zones[index];
  if (!zone) return false;
  return attempt(d, `zone:${index}`, text, (s) => renameZone(s, zone.name, text.trim()));
}

/** A country's value as typed: a whole number of PBU from 1 to 999 (the validator's range). */
export function setValue(d: ScenarioDraft, country: string, text: string): boolean {
  const t = text.trim();
  return attempt(d, `pbu:${country}`, text, (s) => {
    // Worded for the field; the engine's validator checks the same range for the whole board.
    if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 999)
      throw new ScenarioError([`${country}'s value must be a whole number of PBU from 1 to 999 (got "${text}")`]);
    return setCountryValue(s, country, Number(t));
  });
}

export function moveToZone(d: ScenarioDraft, country: string, zone: string): boolean {
  const ok = attempt(d, `move:${country}`, zone, (s) => moveCountry(s, country, zone));
  if (ok) forgetZoneFields(d);
  return ok;
}

/** Moves a country up (-1) or down (+1) in its zone: the order is what borders what (rule 19). */
export function shift(d: ScenarioDraft, country: string, delta: -1 | 1): boolean {
  const zone = d.scenario.zones.find((z) => z.countries.some((c) => c.name === country));
  if (!zone) return false;
  const at = zone.countries.findIndex((c) => c.name === country) + delta;
  if (at < 0 || at >= zone.countries.length) return false;
  return attempt(d, `move:${country}`, zone.name, (s) => moveCountry(s, country, zone.name, at));
}

export function addNewZone(d: ScenarioDraft): boolean {
  const { name, country } = d.newZone;
  const ok = attempt(d, 'new-zone', name, (s) => {
    if (!country) throw new ScenarioError(['choose the country that starts the new zone']);
    return addZone(s, name.trim(), country);
  });
  if (ok) {
    d.newZone = { name: '', country: '' };
    forgetZoneFields(d);
  }
  return ok;
}

/** A scenario file's text replaces the draft; a bad file changes nothing and says exactly why. */
export function loadText(d: ScenarioDraft, text: string, source: string): boolean {
  let next: Scenario;
  try {
    next = parseScenario(text);
  } catch (e) {
    d.message = {
      kind: 'error',
      text: `Could not load ${source}: ${reason(e)}. The scenario being edited is unchanged.`,
    };
    return false;
  }
  Object.assign(d, newScenarioDraft(next));
  d.message = { kind: 'info', text: `Loaded "${next.name}" from ${source}.` };
  return true;
}

/** Fields still showing a refused change: the scenario on screen is not what would be saved or played. */
export function pendingProblems(d: ScenarioDraft): number {
  return Object.keys(d.errors).length;
}

/** A file name for the download: the scenario's name in plain letters. */
export function scenarioFileName(s: Scenario): string {
  const slug = s.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'scenario'}.json`;
}
