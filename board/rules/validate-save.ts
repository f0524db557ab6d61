import type { GameState } from '../model/game.ts';
import { SNAPSHOT_VERSION, WEAPONS } from '../model/game.ts';
import { legalActions } from './legal.ts';
import { publicState } from './public-state.ts';
import { MAX_CHIPS, chestProblem, playersProblem, variationsProblem } from './seats.ts';

/**
 * What setup checks, checked again on a save (seats.ts, the same functions): the players, their
 * names and colours, the chips, the banker, the variations; and that the board is the scenario's.
 * A save holds nothing setup would have refused.
 */
export function tableErrors(s: GameState): string[] {
  const e: string[] = [];
  if (s.version !== SNAPSHOT_VERSION)
    e.push(`"version" in the state is ${JSON.stringify(s.version)}, not this build's ${SNAPSHOT_VERSION}`);
  if (s.phase === 'setup') {
    if (s.players.length > 0) e.push('"players" must be empty before the setup');
    if (s.banker !== null) e.push('"banker" must be null before the setup');
  } else {
    const seats = playersProblem(s.players);
    if (seats) e.push(`"players": ${seats.reason}`);
    for (const p of s.players)
      if (p.name !== p.name.trim())
        e.push(`"players": the name ${JSON.stringify(p.name)} has spaces around it (setup keeps names trimmed)`);
    if (s.banker === null) e.push('"banker" is null, but a set-up game has a player keeping the war chest (rule 1C)');
  }
  const holders: [string, unknown][] = [
    ['the war chest', s.warChest],
    ...s.players.map((p, i): [string, unknown] => [`player #${i + 1}'s chips`, p.chips]),
  ];
  let chipsOk = true;
  for (const [holder, chips] of holders) {
    const bad = chestProblem(chips, holder);
    if (bad) e.push(`"${holder === 'the war chest' ? 'warChest' : 'players'}": ${bad.reason}`);
    chipsOk &&= bad === null;
  }
  if (chipsOk) {
    // Chips change hands but none is made: each kind's count is what the war chest started with.
    for (const d of [1000, 500, 100] as const) {
      const n = holders.reduce((t, [, c]) => t + (c as Record<number, number>)[d], 0);
      if (n > MAX_CHIPS)
        e.push(
          `"warChest" and "players": ${n} chips of ${d} are in play, more than the ${MAX_CHIPS} a war chest may start with (rule 1C)`,
        );
    }
  }
  const v = s.variations as unknown as Record<string, unknown>;
  if (v.clockMinutes === undefined || v.targetRecord === undefined)
    e.push('"variations" must give "clockMinutes" and "targetRecord" (null when not played)');
  const variation = variationsProblem(v.clockMinutes, v.targetRecord);
  if (variation) e.push(`"variations": ${variation.reason}`);
  for (const z of s.scenario.zones) {
    for (const c of z.countries) {
      const saved = s.countries[c.name];
      if (saved && (saved.pbu !== c.pbu || saved.zone !== z.name)) {
        e.push(
          `"countries": ${c.name} is saved as ${saved.pbu} PBU in ${JSON.stringify(saved.zone)}, but the scenario has it at ${c.pbu} PBU in ${z.name}`,
        );
      }
    }
  }
  return e;
}

/**
 * The deep checks of a saved game, after its shape (snapshot.ts): every name refers to a real player
 * or country, and the war and the end-game confrontation hold what the rules read from them. A save
 * that passes these and its invariants is then probed: the rules must be able to list what may happen
 * next. A save edited by hand (or damaged) is refused with sentences instead of loading a game that
 * stops at its next move.
 */
export function referenceErrors(s: GameState): string[] {
  const e: string[] = [];
  const names = new Set(s.players.map((p) => p.name));
  const countries = new Set(Object.keys(s.countries));
  nameErrors(s, names, countries, e);
  const w = s.war as unknown as Record<string, unknown> | null;
  if (w) warErrors(w, names, countries, e);
  const g = s.endgame as unknown as Record<string, unknown> | null;
  if (g) endgameErrors(g, names, e);
  return e;
}

const isWeaponOrNull = (w: unknown): boolean => w === null || WEAPONS.includes(w as never);
const isEnergy = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 99_999;
const isPlayerIn = (names: ReadonlySet<string>, n: unknown): boolean => typeof n === 'string' && names.has(n);

/** The game's own fields that name players (the turn, the banker, the queues, alliances, owners) or countries (homelands). */
function nameErrors(s: GameState, names: ReadonlySet<string>, countries: ReadonlySet<string>, e: string[]): void {
  const ref = (field: string, v: string | null): void => {
    if (v !== null && !names.has(v)) e.push(`"${field}" names ${JSON.stringify(v)}, who is not a player of this game`);
  };
  if (names.size !== s.players.length) e.push('two players have the same name');
  ref('turn', s.turn);
  ref('banker', s.banker);
  ref('firstPlayer', s.firstPlayer);
  ref('lastDefender', s.lastDefender);
  ref('winner', s.winner);
  for (const [list, field] of [
    [s.homelandOrder, 'homelandOrder'],
    [s.finalQueue, 'finalQueue'],
    [s.winners, 'winners'],
    ...s.alliances.map((a) => [a, 'alliances'] as const),
  ] as const) {
    for (const n of list)
      if (!names.has(n)) e.push(`"${field}" names ${JSON.stringify(n)}, who is not a player of this game`);
  }
  for (const n of Object.keys(s.firstCalls))
    if (!names.has(n)) e.push(`"firstCalls" names ${JSON.stringify(n)}, who is not a player of this game`);
  for (const p of s.players) {
    if (p.homeland !== null && !countries.has(p.homeland))
      e.push(`${p.name}'s homeland ${JSON.stringify(p.homeland)} is not a country of this board`);
  }
  for (const [c, st] of Object.entries(s.countries)) {
    for (const o of st.owners)
      if (!names.has(o)) e.push(`${c} is marked for ${JSON.stringify(o)}, who is not a player of this game`);
  }
}

/** The war: its kind, sides, country, cost, each side's weapon, losses and energy, its battles and its allies. */
function warErrors(
  w: Record<string, unknown>,
  names: ReadonlySet<string>,
  countries: ReadonlySet<string>,
  e: string[],
): void {
  if (!['unoccupied', 'occupied', 'homeland'].includes(w.kind as string))
    e.push("the war's kind is not unoccupied, occupied or homeland");
  if (!isPlayerIn(names, w.attacker) || !isPlayerIn(names, w.defender))
    e.push("the war's attacker and defender must be players of this game");
  if (typeof w.country !== 'string' || !countries.has(w.country))
    e.push("the war's country is not a country of this board");
  if (!isEnergy(w.cost)) e.push("the war's cost must be a whole number of PBU");
  const weapons = w.weapons as Record<string, unknown> | undefined;
  const lost = w.lost as Record<string, unknown> | undefined;
  const energy = w.energy as Record<string, unknown>;
  for (const side of ['attacker', 'defender']) {
    if (!weapons || !isWeaponOrNull(weapons[side])) e.push(`the war's ${side} weapon must be tank, sub, plane or none`);
    if (!lost || !Array.isArray(lost[side]) || !(lost[side] as unknown[]).every((x) => WEAPONS.includes(x as never)))
      e.push(`the war's ${side} lost weapons must be a list of tank, sub, plane`);
    if (!isEnergy(energy[side])) e.push(`the war's ${side} energy must be a whole number from 0`);
  }
  (w.battles as unknown[]).forEach((b, i) => {
    if (!isBattleResult(b)) e.push(`battle ${i + 1} of the war is malformed`);
  });
  for (const n of [...(w.attackers as string[]), ...(w.defenders as string[])])
    if (!names.has(n)) e.push(`the war names ${JSON.stringify(n)}, who is not a player of this game`);
  // The sides are taken at the attack with the attacker and the defender first (rule 18B: they direct).
  if ((w.attackers as string[])[0] !== w.attacker)
    e.push(
      `"war": the attacker ${JSON.stringify(w.attacker)} is not the first of the attackers ${JSON.stringify(w.attackers)}`,
    );
  if ((w.defenders as string[])[0] !== w.defender)
    e.push(
      `"war": the defender ${JSON.stringify(w.defender)} is not the first of the defenders ${JSON.stringify(w.defenders)}`,
    );
}

/** A battle of the war: its winner, both sides' weapons and energies. */
function isBattleResult(b: unknown): boolean {
  const r = b as Record<string, Record<string, unknown> | string> | null;
  return (
    r !== null &&
    typeof r === 'object' &&
    ['attacker', 'defender', 'both-destroyed'].includes(r.winner as string) &&
    typeof r.weapons === 'object' &&
    r.weapons !== null &&
    WEAPONS.includes(r.weapons.attacker as never) &&
    WEAPONS.includes(r.weapons.defender as never) &&
    typeof r.energy === 'object' &&
    r.energy !== null &&
    isEnergy(r.energy.attacker) &&
    isEnergy(r.energy.defender)
  );
}

/** The end game: its queue, the ladder's holder, who competed, and the confrontation under way. */
function endgameErrors(g: Record<string, unknown>, names: ReadonlySet<string>, e: string[]): void {
  const isPlayer = (n: unknown): boolean => isPlayerIn(names, n);
  for (const n of g.queue as string[])
    if (!names.has(n)) e.push(`the end-game queue names ${JSON.stringify(n)}, who is not a player of this game`);
  if (g.holder !== null && !isPlayer(g.holder)) e.push('the end-game ladder holder is not a player of this game');
  if (!Array.isArray(g.competed) || !g.competed.every((n) => isPlayer(n)))
    e.push('the end-game "competed" list must name players of this game');
  const m = g.match as Record<string, unknown> | null;
  if (m === null) return;
  if (
    typeof m !== 'object' ||
    !isPlayer(m.a) ||
    !isPlayer(m.b) ||
    m.a === m.b ||
    (m.attacker !== m.a && m.attacker !== m.b)
  ) {
    e.push('the end-game confrontation must be between two different players, one of them attacking');
    return;
  }
  for (const field of ['energy', 'weapons', 'barred'] as const) {
    const rec = m[field] as Record<string, unknown> | null;
    const check = field === 'energy' ? isEnergy : isWeaponOrNull;
    if (typeof rec !== 'object' || rec === null || !check(rec[m.a as string]) || !check(rec[m.b as string]))
      e.push(`the end-game confrontation's ${field} is malformed`);
  }
  if (!isEnergy(m.battles)) e.push("the end-game confrontation's battle count must be a whole number");
}

/**
 * What moves a game on: a move, a call, the readout's digit, a battle's result, the table's start of
 * the end game. The clock, the banker's hand-over and player alliances are allowed beside them but
 * never lead anywhere on their own (breaking an alliance leaves the same phase with nothing to do).
 */
const ONWARD = new Set([
  'setup',
  'first.call',
  'first.readout',
  'homeland',
  'ally.home',
  'ally.buy',
  'attack',
  'weapon',
  'battle',
  'pass',
  'endgame.start',
]);
/** Of those, the ones taken without a listed choice (figures typed in, or an empty list of alliances). */
const UNLISTED = new Set(['setup', 'battle', 'pass', 'endgame.start', 'ally.home']);

/**
 * The rules list what may happen next and the public view can be drawn, and unless the game is over
 * something moves it on; an error here means the save would stall the game.
 */
export function probeErrors(s: GameState): string[] {
  try {
    const legal = legalActions(s);
    publicState(s);
    if (
      s.phase !== 'over' &&
      !legal.some((a) => ONWARD.has(a.type) && (a.choices.length > 0 || UNLISTED.has(a.type)))
    ) {
      return [
        `the game cannot go on from it: in the ${s.phase} phase nobody may move, call, fight or start the end game`,
      ];
    }
    return [];
  } catch (err) {
    return [`the rules cannot go on from it (${(err as Error).message})`];
  }
}

/** A stored game document's log and scenario, whether it is a value or (saves of version 1) JSON text; else null. */
function stepOf(stored: unknown): { log: string[]; scenario: string } | null {
  let doc = stored;
  if (typeof stored === 'string') {
    try {
      doc = JSON.parse(stored);
    } catch {
      return null;
    }
  }
  const state = (doc as { state?: unknown } | null)?.state as { log?: unknown; scenario?: unknown } | undefined;
  if (typeof state !== 'object' || state === null) return null;
  const log = state.log;
  if (!Array.isArray(log) || !log.every((l) => typeof l === 'string')) return null;
  let scenario: string;
  try {
    scenario = JSON.stringify(state.scenario ?? null);
  } catch {
    return null; // nested past the stack: the loader refuses it with its own sentence
  }
  return { log, scenario };
}

/**
 * Why a saved session's undo and redo steps are not its game's, or null. Every accepted event adds
 * exactly one line to the log (applyEvent), and the steps are the states before (undo, oldest first)
 * and after (redo, the next one last) the game's: so each step's log is the one before it plus one
 * line, on the same scenario. A save whose steps come from another game would otherwise load, and one
 * Undo would turn the game into the other. Steps that cannot be read at all are left to the loader,
 * which refuses them with its own sentence.
 */
export function sessionStepsProblem(session: unknown): string | null {
  const s = session as { game?: unknown; undo?: unknown; redo?: unknown } | null;
  if (typeof s !== 'object' || s === null || !Array.isArray(s.undo)) return null;
  const redo = s.redo === undefined ? [] : s.redo;
  if (!Array.isArray(redo)) return null;
  const named = [
    ...s.undo.map((u, i) => ({ what: `undo step ${i + 1}`, stored: u as unknown })),
    { what: 'the game', stored: s.game },
    // Redo steps are kept with the next one last: in the order they were played, that one comes first.
    ...redo.map((r, i) => ({ what: `redo step ${i + 1}`, stored: r as unknown })).reverse(),
  ];
  const steps = named.map((n) => ({ ...n, step: stepOf(n.stored) }));
  if (steps.some((n) => n.step === null)) return null;
  for (let i = 1; i < steps.length; i++) {
    const a = steps[i - 1];
    const b = steps[i];
    const before = a.step!;
    const after = b.step!;
    const follows =
      after.scenario === before.scenario &&
      after.log.length === before.log.length + 1 &&
      before.log.every((line, k) => after.log[k] === line);
    if (!follows) {
      const other = a.what === 'the game' ? b.what : a.what;
      return `${other} is not a step of this game (${a.what} and ${b.what} are not one move apart in the same game's log): the save mixes two games`;
    }
  }
  return null;
}
