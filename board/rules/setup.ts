import type { GameState } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import type { Scenario } from '../model/scenario.ts';
import { SNAPSHOT_VERSION } from '../model/game.ts';
import { chipValue, noChips } from './chips.ts';
import { refuse } from './refuse.ts';
import { fmtRecord, isOccupied, leftOf, player, zoneOf } from './board.ts';
import { log, payZoneBonuses } from './ledger.ts';
import { shownName } from '../model/names.ts';
import { bankerOf, chestProblem, playersProblem, variationsProblem } from './seats.ts';

/** The manual gives 100 chips without a split; this split is our choice (see README, Interpretations). */
export const DEFAULT_CHIPS = { '1000': 50, '500': 30, '100': 20 } as const;

/** A table before `setup`: the board of the scenario, nobody seated. */
export function newGame(scenario: Scenario): GameState {
  const countries: GameState['countries'] = {};
  for (const z of scenario.zones) {
    for (const c of z.countries) countries[c.name] = { zone: z.name, pbu: c.pbu, owners: [], status: null };
  }
  return {
    version: SNAPSHOT_VERSION,
    scenario: structuredClone(scenario),
    phase: 'setup',
    players: [],
    banker: null,
    variations: { clockMinutes: null, targetRecord: null },
    warChest: noChips(),
    chipTotal: 0,
    countries,
    firstCalls: {},
    firstPlayer: null,
    turn: null,
    homelandOrder: [],
    buysLeft: 0,
    lastDefender: null,
    war: null,
    alliances: [],
    brokenPairs: [],
    finalQueue: [],
    endgame: null,
    winner: null,
    winners: [],
    lastTransfers: [],
    log: [],
  };
}

/**
 * Rule 1: 2 to 6 players, each with a marker colour; one banker keeps the war chest. The checks are
 * seats.ts's, the same a loaded save passes.
 */
export function setup(s: GameState, e: Extract<GameEvent, { type: 'setup' }>): void {
  if (s.phase !== 'setup') refuse('1', 'the game is already set up');
  const seats = playersProblem(e.players);
  if (seats) refuse(seats.rule, seats.reason);
  const countries = Object.keys(s.countries).length;
  // Rule 3: every player chooses a homeland; with fewer countries than players the last would wait forever.
  if (e.players.length > countries)
    refuse(
      '3',
      `${e.players.length} players need ${e.players.length} homelands, but this board has ${countries} countries`,
    );
  const chips = e.chips ?? DEFAULT_CHIPS;
  const chest = chestProblem(chips);
  if (chest) refuse(chest.rule, chest.reason);
  const asked = typeof e.banker === 'string' ? e.banker.trim() : e.players[0].name.trim();
  const banker = bankerOf(
    e.players.map((p) => ({ name: p.name.trim() })),
    asked,
  );
  if (banker === null) refuse('1C', `the banker "${shownName(asked)}" is not a player`);
  const variations = variationsProblem(e.clockMinutes, e.targetRecord);
  if (variations) refuse(variations.rule, variations.reason);
  s.players = e.players.map((p) => ({
    name: p.name.trim(),
    color: p.color,
    homeland: null,
    recordHalves: 0,
    adjustHalves: 0,
    chips: noChips(),
    eliminated: false,
    bonusZones: [],
  }));
  s.warChest = { 1000: chips['1000'], 500: chips['500'], 100: chips['100'] };
  s.chipTotal = chipValue(s.warChest);
  s.banker = banker;
  s.variations = { clockMinutes: e.clockMinutes ?? null, targetRecord: e.targetRecord ?? null };
  s.phase = 'first-player';
  log(
    s,
    `Setup: ${s.players.map((p) => `${p.name} (${p.color})`).join(', ')}; ${banker} keeps the war chest of ${s.chipTotal} PBU in chips`,
  );
}

/** Rule 2C: each player calls a different number from 0 to 9. */
export function firstCall(s: GameState, e: Extract<GameEvent, { type: 'first.call' }>): void {
  if (s.phase !== 'first-player') refuse('2C', 'numbers are called only while choosing the first player');
  player(s, e.player, '2C');
  if (!Number.isInteger(e.digit) || e.digit < 0 || e.digit > 9)
    refuse('2C', `call a number from 0 to 9 (got ${JSON.stringify(e.digit)})`);
  if (Object.hasOwn(s.firstCalls, e.player)) refuse('2C', `${e.player} has already called ${s.firstCalls[e.player]}`);
  const taken = Object.entries(s.firstCalls).find(([, d]) => d === e.digit);
  if (taken) refuse('2C', `${taken[0]} already called ${e.digit}; no two players may choose the same number`);
  s.firstCalls[e.player] = e.digit;
  log(s, `${e.player} calls ${e.digit}`);
}

/** Rule 2D: closest call to the readout's last digit goes first; on a tie the higher number. */
export function firstReadout(s: GameState, e: Extract<GameEvent, { type: 'first.readout' }>): void {
  if (s.phase !== 'first-player') refuse('2D', 'the readout is entered only while choosing the first player');
  const missing = s.players.filter((p) => !Object.hasOwn(s.firstCalls, p.name)).map((p) => p.name);
  if (missing.length) refuse('2C', `still to call a number: ${missing.join(', ')}`);
  if (!Number.isInteger(e.digit) || e.digit < 0 || e.digit > 9)
    refuse('2D', `the readout's last digit is 0 to 9 (got ${JSON.stringify(e.digit)})`);
  const ranked = Object.entries(s.firstCalls).sort(
    ([, a], [, b]) => Math.abs(a - e.digit) - Math.abs(b - e.digit) || b - a,
  );
  const first = ranked[0][0];
  s.firstPlayer = first;
  s.turn = first;
  s.phase = 'homelands';
  log(s, `Readout ends in ${e.digit}: ${first} (called ${s.firstCalls[first]}) goes first`);
}

/** Rule 3: homelands are chosen clockwise (to the left) from the first player. */
export function chooseHomeland(s: GameState, e: Extract<GameEvent, { type: 'homeland' }>): void {
  if (s.phase !== 'homelands') refuse('3', 'homelands are chosen only at the start of the game');
  const p = player(s, e.player, '3');
  if (s.turn !== e.player) refuse('3', `it is ${s.turn}'s turn to choose a homeland (clockwise from the first player)`);
  zoneOf(s, e.country);
  if (isOccupied(s, e.country)) refuse('3', `${e.country} is already ${s.countries[e.country].owners[0]}'s homeland`);
  p.homeland = e.country;
  s.countries[e.country] = { ...s.countries[e.country], owners: [p.name], status: 'homeland' };
  s.homelandOrder.push(p.name);
  log(s, `${p.name} chooses ${e.country} (${s.countries[e.country].pbu}) as homeland`);
  if (s.homelandOrder.length === s.players.length) {
    s.phase = 'home-alliances';
    s.turn = s.homelandOrder[0];
  } else {
    s.turn = leftOf(s, p.name);
  }
}

/**
 * Rules 4-7: alliances inside the home zone whose total PBU does not exceed the homeland's,
 * recorded at half value; taken in the order the homelands were chosen.
 */
export function allyHome(s: GameState, e: Extract<GameEvent, { type: 'ally.home' }>): void {
  if (s.phase !== 'home-alliances') refuse('4A', 'home-zone alliances are made only at the start, after the homelands');
  const p = player(s, e.player, '4A');
  if (s.turn !== e.player) refuse('4A', `it is ${s.turn}'s turn to make home-zone alliances`);
  if (!Array.isArray(e.countries)) refuse('4A', 'list the countries to ally with (an empty list for none)');
  const zone = zoneOf(s, p.homeland!);
  const seen = new Set<string>();
  let sum = 0;
  for (const c of e.countries) {
    if (zoneOf(s, c) !== zone) refuse('4A', `${c} is not in ${p.name}'s home zone (${zone})`);
    if (seen.has(c)) refuse('4A', `${c} is listed twice`);
    if (isOccupied(s, c)) refuse('4A', `${c} is already occupied by ${s.countries[c].owners.join(' and ')}`);
    seen.add(c);
    sum += s.countries[c].pbu;
  }
  const home = s.countries[p.homeland!].pbu;
  if (sum > home) refuse('4A', `the alliances total ${sum} PBU, more than ${p.homeland}'s ${home}`);
  for (const c of e.countries) s.countries[c] = { ...s.countries[c], owners: [p.name], status: 'allied' };
  p.recordHalves += sum;
  log(
    s,
    e.countries.length
      ? `${p.name} allies in ${zone} with ${e.countries.join(', ')} (${sum} PBU): record ${fmtRecord(p.recordHalves)} (rule 5)`
      : `${p.name} makes no home-zone alliances`,
  );
  payZoneBonuses(s);
  const i = s.homelandOrder.indexOf(p.name);
  if (i === s.homelandOrder.length - 1) {
    // Rule 8: the last player to choose a homeland opens play.
    s.phase = 'play';
    s.turn = p.name;
    s.buysLeft = 1;
    s.lastDefender = null;
    log(s, `${p.name} chose a homeland last and takes the first turn (rule 8)`);
  } else {
    s.turn = s.homelandOrder[i + 1];
  }
}

/**
 * The banker is out of the game (rule 19): the players still in it choose who takes over the war
 * chest. Refused while the banker still plays, and for a player who is out.
 */
export function takeOverBank(s: GameState, e: Extract<GameEvent, { type: 'banker' }>): void {
  const old = s.banker;
  if (old !== null && !player(s, old).eliminated)
    refuse(
      '1C',
      `${old} keeps the war chest while still in the game; another player takes it over only when ${old} is out`,
    );
  const name = typeof e.player === 'string' ? e.player.trim() : '';
  const next = s.players.find((p) => p.name === name);
  if (!next) refuse('1C', `there is no player named "${name}" to take over the war chest`);
  if (next.eliminated) refuse('1C', `${next.name} is out of the game and cannot keep the war chest`);
  s.banker = next.name;
  log(s, `${next.name} takes over the war chest${old ? ` from ${old}, who is out of the game` : ''}`);
}
