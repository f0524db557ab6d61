/** The phase panels' shared context and helpers: what a panel is given, and the small pieces every panel uses. */
import { button, h } from '../platform/h.ts';
import type { BattleWinner, GameEvent, LegalAction, ViewState } from './types.ts';

export type Mode = 'attack' | 'ally.buy';

export interface BattleDraft {
  winner: BattleWinner | null;
  attacker: string;
  defender: string;
}

export interface PanelContext {
  state: ViewState;
  legal: LegalAction[];
  mode: Mode;
  setMode: (m: Mode) => void;
  act: (ev: GameEvent) => void;
  submitBattle: (outcome: { winner: BattleWinner; energy: { attacker: number; defender: number } }) => void;
  homeSelection: Set<string>;
  allianceSelection: Set<string>;
  battle: BattleDraft;
  /** Whether the player-alliance section is open, kept across redraws. */
  alliancesOpen: { value: boolean };
  redraw: () => void;
  /** The table (#/table) fights battles on the console: its parts replace the typed-in result forms. */
  table?: TablePanels;
  /** Who makes the next attack or purchase: the option's holder, or an ally on their side (rule 18). */
  actor: string;
  setActor: (name: string) => void;
  /** The war summary the players closed (its deciding step), kept across redraws. */
  summaryClosed: { step: number };
  /** A new game with the same players, colours, banker and variation on the same board. */
  rematch: () => void;
}

/** What the table page puts in the board's panels instead of typing results by hand. */
export interface TablePanels {
  /** The battle's place (war or end-game confrontation): program it on the console, read its result. */
  battle(attacker: string, defender: string, energy: { attacker: number; defender: number }): HTMLElement;
  /** Rule 2: the readout started and read on the console. */
  readout(): HTMLElement;
  /** "Legal now" as it is at the table (a battle on the console is not recorded by hand), in words. */
  legalNow?(legal: LegalAction[]): string;
  /** Why the weapons cannot change now (the battle they were chosen for is on the console), or null. */
  weaponsFixed?(): string | null;
}

export function keepOpen(ctx: PanelContext, d: HTMLDetailsElement): HTMLDetailsElement {
  d.addEventListener('toggle', () => {
    ctx.alliancesOpen.value = d.open;
  });
  return d;
}

/** Whether the engine lists this action now; with `choice`, whether that country/digit/weapon is among its choices. */
export const isLegal = (ctx: PanelContext, type: string, player?: string, choice?: string | number): boolean =>
  ctx.legal.some(
    (a) =>
      a.type === type &&
      (player === undefined || a.player === null || a.player === player) &&
      (choice === undefined || a.choices.includes(choice)),
  );

/** A button that is marked (not disabled) when the engine would refuse it, so pressing it shows why. */
export function actionButton(
  ctx: PanelContext,
  label: string,
  key: string,
  type: string,
  onClick: () => void,
  player?: string,
  extra: Record<string, string> = {},
  choice?: string | number,
): HTMLButtonElement {
  const legal = isLegal(ctx, type, player, choice);
  return button(label, key, onClick, {
    class: legal ? 'bv-legal' : 'bv-not-legal',
    'data-legal': String(legal),
    ...extra,
  });
}

export const playerByName = (s: ViewState, name: string) => s.players.find((p) => p.name === name);

/** The engine names the war chest "#warchest" in chip transfers. */
export const holder = (id: string): string => (id === '#warchest' ? 'war chest' : id);

export function digitPad(
  label: string,
  keyPrefix: string,
  onDigit: (d: number) => void,
  taken: Set<number> = new Set(),
): HTMLElement {
  return h(
    'div',
    { class: 'bv-digits', role: 'group', 'aria-label': label },
    Array.from({ length: 10 }, (_, d) =>
      button(String(d), `${keyPrefix}-${d}`, () => onDigit(d), {
        'aria-label': `${label}: ${d}`,
        class: taken.has(d) ? 'bv-taken' : '',
      }),
    ),
  );
}

/** A record's own entry (players' names are keys: a player named "constructor" must not find Object's). */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
