import type { Command } from './shortcuts.ts';
import type { GameEvent, ViewState } from './types.ts';
import type { Mode } from './view-panels.ts';

/** What a board shortcut can reach. */
export interface KeyContext {
  state: ViewState;
  root: HTMLElement;
  homeSelection: Set<string>;
  act(ev: GameEvent): void;
  undo(): void;
  redo(): void;
  toggleLarge(): void;
  exportGame(): void;
  setMode(m: Mode): void;
  dismiss(): void;
}

/** Runs one shortcut (shortcuts.ts); false when it means nothing now, so the key keeps its usual meaning. */
export function runCommand(cmd: Command, target: EventTarget | null, ctx: KeyContext): boolean {
  const s = ctx.state;
  const playing = s.phase === 'play' || s.phase === 'final-round';
  if (typeof cmd === 'object') {
    if (s.phase !== 'first-player') return false;
    const next = s.players.find((p) => !Object.hasOwn(s.firstCalls, p.name));
    ctx.act(
      next ? { type: 'first.call', player: next.name, digit: cmd.digit } : { type: 'first.readout', digit: cmd.digit },
    );
    return true;
  }
  switch (cmd) {
    case 'cancel':
      // Esc also leaves a text field, so the letter and Enter shortcuts work again.
      if (target instanceof HTMLInputElement) target.blur();
      ctx.dismiss();
      return true;
    case 'undo':
      ctx.undo();
      return true;
    case 'redo':
      ctx.redo();
      return true;
    case 'large-type':
      ctx.toggleLarge();
      return true;
    case 'export':
      ctx.exportGame();
      return true;
    // Opening the picker straight from a key press is not reliable in Chromium; the button is.
    case 'import':
      ctx.root.querySelector<HTMLElement>('[data-key="import"]')?.focus();
      return true;
    case 'find-country':
      ctx.root.querySelector<HTMLInputElement>('#bv-find')?.focus();
      return true;
    case 'mode-attack':
      if (playing) {
        ctx.setMode('attack');
        return true;
      }
      return false;
    case 'mode-buy':
      if (playing) {
        ctx.setMode('ally.buy');
        return true;
      }
      return false;
    case 'pass':
      if (s.turn && !s.war && playing) {
        ctx.act({ type: 'pass', player: s.turn });
        return true;
      }
      return false;
    case 'confirm':
      // Enter on a country button confirms the home alliances (Space ticks the country).
      if ((target instanceof HTMLButtonElement && !target.dataset.country) || target instanceof HTMLAnchorElement)
        return false;
      if (s.phase === 'home-alliances' && s.turn) {
        ctx.act({ type: 'ally.home', player: s.turn, countries: [...ctx.homeSelection] });
        return true;
      }
      return false;
  }
}
