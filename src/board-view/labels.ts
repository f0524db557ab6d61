// Small words and sets the board view shows: phase names, the clock, the countries an action may target.
import type { LegalAction } from './types.ts';

/** The countries the engine would accept for an action of `type` by `player` now. */
export function countriesFor(legal: LegalAction[], type: string, player: string | null): Set<string> {
  const out = new Set<string>();
  for (const a of legal) {
    if (a.type !== type || (player !== null && a.player !== null && a.player !== player)) continue;
    for (const c of a.choices) if (typeof c === 'string') out.add(c);
  }
  return out;
}

/** "12:05" for the time left on the clock (variation 1). */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const sec = String(total % 60).padStart(2, '0');
  return `${m}:${sec}`;
}

/** Parts joined by " · ", the nulls left out. */
export function joinDots(parts: (HTMLElement | null)[]): (HTMLElement | string)[] {
  return parts.filter((p): p is HTMLElement => p !== null).flatMap((p, i) => (i === 0 ? [p] : [' · ', p]));
}

const PHASE_NAMES: Record<string, string> = {
  setup: 'Setup',
  'first-player': 'Who goes first',
  homelands: 'Homelands',
  'home-alliances': 'Home-zone alliances',
  play: 'Play',
  'final-round': 'Final round',
  'awaiting-endgame': 'Before the end game',
  endgame: 'End game',
  over: 'Game over',
};

export function phaseName(phase: string): string {
  return PHASE_NAMES[phase] ?? phase;
}
