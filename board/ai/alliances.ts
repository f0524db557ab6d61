import type { LegalAction } from '../rules/legal.ts';
import type { Level } from './levels.ts';
import type { Rng } from './rng.ts';
import type { Move } from './opening.ts';
import type { PublicState } from '../rules/public-state.ts';
import { activeNames, leader, playerOf, sideNames } from './board-questions.ts';

/**
 * Player alliances (rule 18), in games of three or more: the players behind the leader band together
 * against it; a hard player leaves the alliance once it leads, and everyone leaves one that holds every
 * player still in the game (it has nobody left to fight).
 */

/** How far (in spaces) the leader must be ahead before a player looks for an ally. */
const MARGIN: Record<Level, number> = { easy: Infinity, medium: 4, hard: 2 };

/** Does `partner`, at `level`, agree to ally with `proposers`? Behind the leader and not with the leader. */
export function acceptsAlliance(
  view: PublicState,
  partner: string,
  proposers: string[],
  level: Level,
  rng: Rng,
): boolean {
  if (level === 'easy') return rng.next() < 0.5;
  const lead = leader(view, partner);
  if (!lead || proposers.includes(lead.name)) return false;
  return lead.record - playerOf(view, partner).record >= MARGIN[level];
}

export interface AllianceOptions {
  /** Whether a partner agrees; partners without an answer (people at the table) are not asked. */
  accepts?: (partner: string, proposers: string[]) => boolean;
}

/** An alliance to break or to form now, before the turn's purchase or attack; null for none. */
export function chooseAllianceMove(
  view: PublicState,
  me: string,
  actions: LegalAction[],
  level: Level,
  opts: AllianceOptions,
): Move | null {
  if (view.phase !== 'play' || view.war) return null;
  const side = sideNames(view, me);
  const active = activeNames(view);
  const canBreak = actions.some((a) => a.type === 'alliance.break' && a.player === me);
  if (canBreak && active.every((n) => side.includes(n))) {
    return {
      event: { type: 'alliance.break', player: me },
      reason:
        'the alliance holds every player left, so nobody could defend an unoccupied country: it breaks up (rules 11A, 18F)',
    };
  }
  if (canBreak && level === 'hard') {
    const mine = playerOf(view, me).record;
    if (active.every((n) => n === me || playerOf(view, n).record + 2 <= mine)) {
      return {
        event: { type: 'alliance.break', player: me },
        reason: `leads by 2 spaces or more, so the alliance now helps only the others (rule 18F)`,
      };
    }
  }
  if (side.length > 1 || level === 'easy' || !opts.accepts) return null;
  const form = actions.find((a) => a.type === 'alliance.form' && a.player === me);
  const lead = leader(view, me);
  if (!form || !lead || lead.record - playerOf(view, me).record < MARGIN[level]) return null;
  const partners = form.choices
    .map(String)
    .filter((q) => q !== lead.name && sideNames(view, q).length === 1)
    .sort((a, b) => playerOf(view, b).record - playerOf(view, a).record);
  for (const q of partners) {
    if (opts.accepts(q, [me])) {
      return {
        event: { type: 'alliance.form', players: [me, q] },
        reason: `${lead.name} leads with ${lead.record}: allies with ${q} against the leader (rule 18)`,
      };
    }
  }
  return null;
}
