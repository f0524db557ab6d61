// What the view draws and sends. Events are the engine's (board/model/events.ts); ViewState is the view's
// reading of the engine state, built in engine-adapter.ts: players, countries and chips in the shape the
// drawing code wants, wars and battles as the engine keeps them. Players are named by their names.
import type { BattleRecord, EndgameMatch, Weapon, WarState } from '../../board/model/game.ts';

export type { GameEvent, GameEventType } from '../../board/model/events.ts';
export type { Weapon } from '../../board/model/game.ts';
export const WEAPONS: readonly Weapon[] = ['tank', 'sub', 'plane'];

export type BattleWinner = BattleRecord['winner'];

export interface ChipCount { blue: number; red: number; white: number }

export interface ViewPlayer {
  name: string;
  color: string;
  homeland: string | null;
  /** Power Base Record, in spaces (4.5 = on the line between 4 and 5). */
  record: number;
  /** Chip value held, in PBU. */
  chips: number;
  chipCount: ChipCount;
  eliminated: boolean;
}

export type CountryStatus = 'homeland' | 'allied' | 'conquered' | null;

export interface ViewCountry {
  name: string;
  zone: string;
  pbu: number;
  owners: string[];
  status: CountryStatus;
}

export interface ViewZone { name: string; countries: ViewCountry[] }

// A war, a battle and an end-game confrontation are drawn as the engine keeps them.
export type ViewBattle = BattleRecord;
export type ViewWar = WarState;
export type ViewEndgameMatch = EndgameMatch;

export interface ViewState {
  /** The board's scenario name ("The world of 1982" or a what-if board). */
  scenarioName: string;
  phase: string;
  /** Whose move it is (homeland choice, home alliances, the attack option), or null. */
  turn: string | null;
  warChest: number;
  warChestCount: ChipCount;
  players: ViewPlayer[];
  zones: ViewZone[];
  countries: Record<string, ViewCountry>;
  war: ViewWar | null;
  endgameMatch: ViewEndgameMatch | null;
  winner: string | null;
  winners: string[];
  target: number | null;
  clockMinutes: number | null;
  banker: string | null;
  alliances: string[][];
  firstCalls: Record<string, number>;
  firstPlayer: string | null;
  buysLeft: number;
  /** The engine's own log lines, oldest first. */
  log: string[];
  /** Chip hand-overs of the last event, for the banker: the chips given and the change returned. */
  transfers: { from: string; to: string; amount: number; give: ChipCount; change: ChipCount; undo: boolean }[];
}

/** One kind of action the engine would accept now, with the choices it would accept (`legalActions`). */
export interface LegalAction {
  type: string;
  player: string | null;
  choices: (string | number)[];
}

export interface Refusal { rule: string; reason: string }

export type SendResult = { ok: true } | { ok: false; refusal: Refusal };
