/**
 * What a table shows of its game: the engine's public state (the same object the CLI prints and the
 * computer players read) plus the board's zones in the scenario's order, which the public state keys by
 * country only. No rule is applied here.
 */
import type { GameState } from '../model/game.ts';
import type { Refusal } from '../model/events.ts';
import { publicState, type PublicState } from '../rules/public-state.ts';

export interface ViewZone {
  name: string;
  countries: string[];
}

export type ViewState = PublicState & { zones: ViewZone[] };

/** A move sent to the game: taken, or refused with the rule and its reason. */
export type SendResult = { ok: true } | { ok: false; refusal: Refusal };

export function toView(s: GameState): ViewState {
  return {
    ...publicState(s),
    zones: s.scenario.zones.map((z) => ({ name: z.name, countries: z.countries.map((c) => c.name) })),
  };
}

/** The sentence a table shows above its board: a move refused with its rule, an error, or word of what happened. */
export type Notice =
  | { kind: 'refused'; refusal: Refusal; event: string }
  | { kind: 'error'; text: string }
  | { kind: 'info'; text: string };
