import type { Chips, ChipTransfer } from './chips.ts';
import type { Scenario } from './scenario.ts';

export const SNAPSHOT_VERSION = 1;

export type Phase =
  | 'setup'
  | 'first-player'
  | 'homelands'
  | 'home-alliances'
  | 'play'
  | 'final-round'
  | 'awaiting-endgame'
  | 'endgame'
  | 'over';

export type Weapon = 'tank' | 'sub' | 'plane';
export const WEAPONS: readonly Weapon[] = ['tank', 'sub', 'plane'];

export type CountryStatus = 'homeland' | 'allied' | 'conquered' | null;

export interface CountryState {
  zone: string;
  pbu: number;
  /** Everyone with a marker on it (rule 18B: each player of a player alliance places one). */
  owners: string[];
  status: CountryStatus;
}

export interface PlayerState {
  name: string;
  color: string;
  homeland: string | null;
  /** Power Base Record in half points (9/2 = 4.5 is stored as 9). */
  recordHalves: number;
  /** Record moves that no marker explains: chip conversions, end-game battles, an eliminated player's frozen total. */
  adjustHalves: number;
  chips: Chips;
  eliminated: boolean;
  /** Zones whose domination bonus this player has been paid (rule 7). */
  bonusZones: string[];
}

export interface BattleRecord {
  winner: 'attacker' | 'defender' | 'both-destroyed';
  weapons: { attacker: Weapon; defender: Weapon };
  energy: { attacker: number; defender: number };
}

export interface WarState {
  kind: 'unoccupied' | 'occupied' | 'homeland';
  attacker: string;
  /** The attacking side: the attacker and its player allies at the moment of the attack (rule 18). */
  attackers: string[];
  defender: string;
  defenders: string[];
  country: string;
  cost: number;
  battles: BattleRecord[];
  weapons: { attacker: Weapon | null; defender: Weapon | null };
  lost: { attacker: Weapon[]; defender: Weapon[] };
  energy: { attacker: number; defender: number };
}

/** One end-game confrontation (rule 21). `a` is the challenger; roles alternate per battle. */
export interface EndgameMatch {
  a: string;
  b: string;
  attacker: string;
  energy: Record<string, number>;
  weapons: Record<string, Weapon | null>;
  /** Weapon each player lost in the previous battle (barred for the next one only, rule 21F). */
  barred: Record<string, Weapon | null>;
  battles: number;
}

export interface EndgameState {
  /** Players still to meet the ladder's current holder, lowest record first. */
  queue: string[];
  holder: string | null;
  match: EndgameMatch | null;
  competed: string[];
}

export interface Variations {
  /** Game variation 1: the UI times it and sends `clock.expired`. */
  clockMinutes: number | null;
  /** Game variation 2: first to reach this record wins. */
  targetRecord: number | null;
}

export interface GameState {
  version: typeof SNAPSHOT_VERSION;
  scenario: Scenario;
  phase: Phase;
  /** Seating order clockwise: "to the left" is the next entry. */
  players: PlayerState[];
  banker: string | null;
  variations: Variations;
  warChest: Chips;
  /** Total chip value in play, fixed at setup (conservation check). */
  chipTotal: number;
  countries: Record<string, CountryState>;
  firstCalls: Record<string, number>;
  firstPlayer: string | null;
  /** Whose homeland choice / home-zone alliance is due, or who holds the attack option. */
  turn: string | null;
  /** Homeland choosers in order; the last one opens play (rule 8). */
  homelandOrder: string[];
  buysLeft: number;
  /** Previous defender of an unoccupied country while the same attacker keeps the option (rule 13E). */
  lastDefender: string | null;
  war: WarState | null;
  alliances: string[][];
  /** Pairs "a|b" (sorted) whose alliance was broken: never renewed (rule 18F). */
  brokenPairs: string[];
  /** Players yet to take their last chance in the final round (rule 20). */
  finalQueue: string[];
  endgame: EndgameState | null;
  winner: string | null;
  winners: string[];
  /** Chip hand-overs of the last event, for the banker. */
  lastTransfers: ChipTransfer[];
  log: string[];
  /** The last war decided, for the table to read back (absent in saves made before it existed). */
  lastWar?: WarSummary | null;
  /** Each player's record (in halves, in seating order) after every step that changed one: the game's chart. */
  recordTrail?: RecordPoint[];
}

/** A war as it was decided: who fought for what, its battles, the verdict, the chips and markers it moved. */
export interface WarSummary {
  /** The number of the log line (1-based) of the battle that decided it. */
  step: number;
  country: string;
  kind: WarState['kind'];
  attacker: string;
  defender: string;
  battles: BattleRecord[];
  winner: 'attacker' | 'defender';
  /** The country's markers before and after the war. */
  owners: { before: string[]; after: string[] };
  /** The chips handed over when it was decided. */
  transfers: ChipTransfer[];
  /** The log line of the deciding battle (verdict, conquest, chips). */
  line: string;
}

/** The records after one step of the game (log line `step`, 1-based; 0 = the start). */
export interface RecordPoint {
  step: number;
  halves: number[];
}
