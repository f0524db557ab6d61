/**
 * What the players are drafting on the board before an event goes to the engine (the attack or buy mode, who
 * acts under rule 18, the setup form, ticked countries, a typed battle, what is open or closed). Drafts belong to
 * one moment of the game: a new phase or turn starts them afresh.
 */
import type { GameEvent } from './types.ts';
import type { BattleDraft, Mode } from './view-panels.ts';
import { newSetupDraft, type SetupDraft } from './view-setup.ts';

export class BoardDrafts {
  mode: Mode = 'attack';
  /** Rule 18: an ally of the option's holder may attack or buy instead; null = the holder. */
  actor: string | null = null;
  setup: SetupDraft = newSetupDraft();
  setupError: string | null = null;
  readonly homeSelection = new Set<string>();
  readonly allianceSelection = new Set<string>();
  readonly battle: BattleDraft = { winner: null, attacker: '', defender: '' };
  readonly alliancesOpen = { value: false };
  readonly summaryClosed = { step: -1 };
  readonly find = { text: '' };
  private moment = '';

  /** The game is at `phaseKey` (phase and turn): a new one starts the drafts of the moment afresh. */
  enter(phaseKey: string): void {
    if (phaseKey === this.moment) return;
    this.homeSelection.clear();
    this.mode = 'attack';
    this.actor = null;
    this.moment = phaseKey;
  }

  clearBattle(): void {
    Object.assign(this.battle, { winner: null, attacker: '', defender: '' });
  }

  /** The engine took `ev`: the drafts it used are done. True when the view must be drawn again. */
  accepted(ev: GameEvent): boolean {
    if (ev.type === 'ally.home') this.homeSelection.clear();
    if (ev.type === 'alliance.form') this.allianceSelection.clear();
    if (ev.type === 'battle') this.clearBattle();
    // One purchase per click of "Buy alliance": the next country clicked is an attack again.
    if (ev.type === 'ally.buy' && this.mode !== 'attack') {
      this.mode = 'attack';
      return true;
    }
    return false;
  }

  /** A new game: a fresh setup form. */
  newGame(): void {
    this.setup = newSetupDraft();
  }
}
