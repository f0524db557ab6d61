import type { GameState } from '../model/game.ts';
import { SNAPSHOT_VERSION } from '../model/game.ts';
import { validateScenario } from '../scenarios/validate.ts';
import { checkInvariants } from './invariants.ts';
import { probeErrors, referenceErrors, tableErrors } from './validate-save.ts';

export const SNAPSHOT_FORMAT = 'o2conquest.board';

/** A saved game as a JSON value: the whole rules state, tagged with format and version. */
export interface GameDocument {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  state: GameState;
}

export function gameDocument(s: GameState): GameDocument {
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, state: s };
}

/** A saved game as text: `gameDocument` in JSON. */
export function serializeGame(s: GameState): string {
  return JSON.stringify(gameDocument(s));
}

export type LoadResult = { ok: true; state: GameState } | { ok: false; error: string };

const PHASES = [
  'setup',
  'first-player',
  'homelands',
  'home-alliances',
  'play',
  'final-round',
  'awaiting-endgame',
  'endgame',
  'over',
];
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isChips = (v: unknown): boolean => isObj(v) && isInt(v[1000]) && isInt(v[500]) && isInt(v[100]);
const isStrArr = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isNameOrNull = (v: unknown): boolean => v === null || typeof v === 'string';

/** A player: name, colour, homeland, record and adjustment (in halves), chips, whether out, bonus zones. */
const isPlayerShape = (p: unknown): boolean =>
  isObj(p) &&
  typeof p.name === 'string' &&
  typeof p.color === 'string' &&
  isNameOrNull(p.homeland) &&
  isInt(p.recordHalves) &&
  isInt(p.adjustHalves) &&
  isChips(p.chips) &&
  typeof p.eliminated === 'boolean' &&
  isStrArr(p.bonusZones);

/** A country: its zone, PBU, owners and status. */
const isCountryShape = (c: unknown): boolean =>
  isObj(c) &&
  typeof c.zone === 'string' &&
  isInt(c.pbu) &&
  isStrArr(c.owners) &&
  [null, 'homeland', 'allied', 'conquered'].includes(c.status as string);

/** The war under way (or null): the fields the deep checks (validate-save.ts) read before checking their values. */
const isWarShape = (w: unknown): boolean =>
  w === null ||
  (isObj(w) && isObj(w.energy) && Array.isArray(w.battles) && isStrArr(w.attackers) && isStrArr(w.defenders));

/** The last war's summary (absent or null before the first war). */
const isLastWarShape = (w: unknown): boolean =>
  w === undefined ||
  w === null ||
  (isObj(w) &&
    typeof w.country === 'string' &&
    Array.isArray(w.battles) &&
    isObj(w.owners) &&
    Array.isArray(w.transfers));

/** The records' trail (absent in older saves): steps with each player's record in halves. */
const isRecordTrail = (t: unknown): boolean =>
  t === undefined ||
  (Array.isArray(t) &&
    t.every((p: unknown) => isObj(p) && isInt(p.step) && Array.isArray(p.halves) && p.halves.every(isInt)));

function shapeErrors(s: Record<string, unknown>): string[] {
  const e: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) e.push(what);
  };
  need(PHASES.includes(s.phase as string), `"phase" must be one of ${PHASES.join(', ')}`);
  need(Array.isArray(s.players), '"players" must be a list');
  if (Array.isArray(s.players)) {
    s.players.forEach((p: unknown, i: number) => need(isPlayerShape(p), `player #${i + 1} is malformed`));
  }
  need(isChips(s.warChest), '"warChest" must hold 1000/500/100 chip counts');
  need(isInt(s.chipTotal), '"chipTotal" must be a whole number');
  need(isObj(s.countries), '"countries" must be an object');
  if (isObj(s.countries)) {
    for (const [n, c] of Object.entries(s.countries)) need(isCountryShape(c), `country "${n}" is malformed`);
  }
  need(isObj(s.firstCalls), '"firstCalls" must be an object');
  need(
    isNameOrNull(s.firstPlayer) &&
      isNameOrNull(s.turn) &&
      isNameOrNull(s.banker) &&
      isNameOrNull(s.lastDefender) &&
      isNameOrNull(s.winner),
    'a player reference is malformed',
  );
  need(
    isStrArr(s.homelandOrder) &&
      isStrArr(s.brokenPairs) &&
      isStrArr(s.finalQueue) &&
      isStrArr(s.winners) &&
      isStrArr(s.log),
    'a name list is malformed',
  );
  need(Array.isArray(s.alliances) && s.alliances.every(isStrArr), '"alliances" must be lists of names');
  need(isInt(s.buysLeft), '"buysLeft" must be a whole number');
  need(isObj(s.variations), '"variations" is missing');
  need(isWarShape(s.war), '"war" is malformed');
  need(s.endgame === null || (isObj(s.endgame) && isStrArr(s.endgame.queue)), '"endgame" is malformed');
  need(Array.isArray(s.lastTransfers), '"lastTransfers" must be a list');
  need(isLastWarShape(s.lastWar), '"lastWar" is malformed');
  need(isRecordTrail(s.recordTrail), '"recordTrail" must be a list of steps with whole-number records');
  return e;
}

/**
 * Load a saved game. Never throws for bad input and never touches the current game:
 * the caller keeps its state when `ok` is false.
 */
export function deserializeGame(text: string): LoadResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `the save is not valid JSON (${(err as Error).message}); nothing was loaded` };
  }
  return readGameDocument(doc);
}

/** `deserializeGame` for a value already parsed (a game document inside a larger save): the same checks. */
export function readGameDocument(doc: unknown): LoadResult {
  if (!isObj(doc) || doc.format !== SNAPSHOT_FORMAT)
    return { ok: false, error: `not a ${SNAPSHOT_FORMAT} save; nothing was loaded` };
  if (doc.version !== SNAPSHOT_VERSION) {
    return {
      ok: false,
      error: `save version ${JSON.stringify(doc.version)} is not supported (this build reads version ${SNAPSHOT_VERSION}); nothing was loaded`,
    };
  }
  const s = doc.state;
  if (!isObj(s)) return { ok: false, error: 'the save has no game state; nothing was loaded' };
  const problems = shapeErrors(s);
  if (problems.length) return { ok: false, error: `the save is corrupt: ${problems.join('; ')}; nothing was loaded` };
  const scenarioProblems = validateScenario(s.scenario);
  if (scenarioProblems.length)
    return { ok: false, error: `the save's scenario is invalid: ${scenarioProblems.join('; ')}; nothing was loaded` };
  const state = s as unknown as GameState;
  const boardNames = state.scenario.zones.flatMap((z) => z.countries.map((c) => c.name)).sort();
  if (JSON.stringify(boardNames) !== JSON.stringify(Object.keys(state.countries).sort())) {
    return { ok: false, error: "the save's countries do not match its scenario; nothing was loaded" };
  }
  const table = tableErrors(state);
  if (table.length)
    return { ok: false, error: `the save holds what setup refuses: ${table.join('; ')}; nothing was loaded` };
  const wrong = referenceErrors(state);
  if (wrong.length) return { ok: false, error: `the save is corrupt: ${wrong.join('; ')}; nothing was loaded` };
  const broken = checkInvariants(state);
  if (broken.length) return { ok: false, error: `the save is inconsistent: ${broken.join('; ')}; nothing was loaded` };
  const stalled = probeErrors(state);
  if (stalled.length)
    return { ok: false, error: `the save is inconsistent: ${stalled.join('; ')}; nothing was loaded` };
  return { ok: true, state: structuredClone(state) };
}
