/**
 * Random games on the board engine: seeded games of 2 to 6 players on three boards (the 1982 world,
 * a 5-country and an 8-country one), driven by mostly legal events with illegal and damaged ones
 * mixed in. After every event: a refusal has a rule and a sentence and leaves the state as it was
 * (states are frozen, so a rule writing to its input throws); an accepted event leaves a state that
 * keeps every invariant (checkInvariants). Every twentieth accepted event, at each change of phase and
 * at the end, the state is saved and loaded back: the loader must accept it (all its checks, "the
 * game can go on" included) and give back the same state. Shared by the suite's sample
 * (test/board/fuzz.test.ts) and `npm run fuzz -- --board` (test/fuzz/run.ts).
 */
import { performance } from 'node:perf_hooks';
import type { GameEvent, Scenario } from '../../board/index.ts';
import { applyEvent, checkInvariants, deserializeGame, newGame, serializeGame, world1982 } from '../../board/index.ts';
import { randomEvent } from '../board/random-games.ts';
import { prngPick } from '../harness/prng.ts';

const SCENARIOS: Scenario[] = [
  world1982(),
  {
    name: 'five',
    zones: [
      {
        name: 'North',
        countries: [
          { name: 'A1', pbu: 2 },
          { name: 'A2', pbu: 6 },
          { name: 'A3', pbu: 3 },
        ],
      },
      {
        name: 'South',
        countries: [
          { name: 'B1', pbu: 1 },
          { name: 'B2', pbu: 5 },
        ],
      },
    ],
  },
  {
    name: 'eight',
    zones: [
      {
        name: 'East',
        countries: [
          { name: 'E1', pbu: 3 },
          { name: 'E2', pbu: 9 },
          { name: 'E3', pbu: 2 },
          { name: 'E4', pbu: 1 },
        ],
      },
      {
        name: 'West',
        countries: [
          { name: 'W1', pbu: 5 },
          { name: 'W2', pbu: 7 },
          { name: 'W3', pbu: 4 },
        ],
      },
      { name: 'Isle', countries: [{ name: 'I1', pbu: 4 }] },
    ],
  },
];
/** Names told apart by nameKey, some beyond ASCII, so saves carry them through JSON. */
const NAMES = ['Ann', 'Bob', 'José', 'Dee', 'Ωmega', 'constructor', 'Ed', 'Fay'];
/** What a damaged event carries instead of a field (names that are object properties included). */
const JUNK: unknown[] = [
  undefined,
  null,
  -1,
  1e300,
  NaN,
  0.5,
  '',
  '__proto__',
  'constructor',
  'toString',
  'Atlantis',
  [],
  {},
  ['Ann', 'Ann'],
];
const STEPS = 1200;

export interface BoardFuzzStats {
  games: number;
  /** Games per player count (2-6). */
  players: Map<number, number>;
  events: number;
  accepted: number;
  refused: number;
  roundTrips: number;
  /** Games that reached game over within the step limit. */
  finished: number;
  phases: Set<string>;
  failures: string[];
  /** Wall-clock seconds (reported, never asserted). */
  seconds: number;
}

function deepFreeze<T>(o: T): T {
  if (typeof o === 'object' && o !== null && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function setupEvent(players: number, pick: (n: number) => number): GameEvent {
  const names = [...NAMES];
  for (let i = names.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [names[i], names[j]] = [names[j], names[i]];
  }
  names.length = players;
  return {
    type: 'setup',
    players: names.map((name, i) => ({ name, color: `c${i}` })),
    chips: { '1000': 20 + pick(60), '500': pick(40), '100': pick(60) },
    ...(pick(4) === 0 ? { targetRecord: 10 + pick(40) } : {}),
    ...(pick(8) === 0 ? { clockMinutes: 1 + pick(120) } : {}),
  };
}

/** An event with one field replaced by junk or removed: the rules must refuse it or stay consistent. */
function damaged(e: GameEvent, pick: (n: number) => number): GameEvent {
  const out: Record<string, unknown> = { ...e };
  const keys = Object.keys(out).filter((k) => k !== 'type');
  if (keys.length === 0) return e;
  const k = keys[pick(keys.length)];
  if (pick(5) === 0) delete out[k];
  else out[k] = JUNK[pick(JUNK.length)];
  return out as unknown as GameEvent;
}

/** One game; its failures go to `stats` labelled with `label` (seed and game number). */
function fuzzGame(gameSeed: number, label: string, stats: BoardFuzzStats): void {
  const pick = prngPick(gameSeed);
  const scenario = SCENARIOS[pick(SCENARIOS.length)];
  const countries = scenario.zones.reduce((t, z) => t + z.countries.length, 0);
  const players = 2 + pick(Math.min(5, countries - 1));
  stats.players.set(players, (stats.players.get(players) ?? 0) + 1);
  let s = deepFreeze(newGame(scenario));
  const fail = (k: number, what: string): void => {
    if (stats.failures.length < 20)
      stats.failures.push(`${label} (${scenario.name}, ${players} players), event ${k}: ${what}`);
  };
  const roundTrip = (k: number): void => {
    stats.roundTrips++;
    const r = deserializeGame(serializeGame(s));
    if (!r.ok) fail(k, `the save of a reachable ${s.phase} state was refused: ${r.error}`);
    else if (serializeGame(r.state) !== serializeGame(s))
      fail(k, `the ${s.phase} state came back different from its save`);
  };
  for (let k = 0; k < STEPS && s.phase !== 'over'; k++) {
    const roll = pick(10);
    const base = s.phase === 'setup' && roll > 0 ? setupEvent(players, pick) : randomEvent(s, pick);
    const e = roll === 0 ? damaged(base, pick) : base;
    stats.events++;
    let r: ReturnType<typeof applyEvent>;
    try {
      r = applyEvent(s, e);
    } catch (err) {
      fail(k, `${JSON.stringify(e)} threw ${(err as Error).message}`);
      return;
    }
    if (!r.ok) {
      stats.refused++;
      if (!/\S/.test(r.refusal.rule) || r.refusal.reason.length < 10)
        fail(k, `${JSON.stringify(e)} refused without a rule and a sentence`);
      continue;
    }
    stats.accepted++;
    const before = s.phase;
    s = deepFreeze(r.state);
    stats.phases.add(s.phase);
    const broken = checkInvariants(s);
    if (broken.length) {
      fail(k, `after ${JSON.stringify(e)}: ${broken.join('; ')}`);
      return;
    }
    if (stats.accepted % 20 === 0 || s.phase !== before) roundTrip(k);
  }
  roundTrip(STEPS);
  if (s.phase === 'over') stats.finished++;
}

/** `games` seeded games from `seed`; `progress` is called every 100 games. */
export function fuzzBoard(
  seed: number,
  games: number,
  progress?: (done: number, stats: BoardFuzzStats) => void,
): BoardFuzzStats {
  const start = performance.now();
  const stats: BoardFuzzStats = {
    games: 0,
    players: new Map(),
    events: 0,
    accepted: 0,
    refused: 0,
    roundTrips: 0,
    finished: 0,
    phases: new Set(),
    failures: [],
    seconds: 0,
  };
  for (let g = 0; g < games; g++) {
    fuzzGame((seed * 1_000_003 + g * 7919) >>> 0, `seed ${seed} game ${g}`, stats);
    stats.games++;
    if (progress && stats.games % 100 === 0) progress(stats.games, stats);
  }
  stats.seconds = (performance.now() - start) / 1000;
  return stats;
}
