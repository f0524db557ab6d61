import { button, h } from '../platform/h.ts';
import { describeChips, formatPbu } from './chips.ts';
import type { ViewState } from './types.ts';
import { marker } from './view-world.ts';

/** The engine names the war chest "#warchest" in chip transfers. */
const holder = (id: string): string => (id === '#warchest' ? 'the war chest' : id);

/**
 * The war just decided stays on screen until the next one starts (or the players close it): its battles, the
 * verdict, the markers and the chips it moved, read from the engine's `lastWar`.
 */
export function renderWarSummary(s: ViewState, close: () => void): HTMLElement | null {
  const w = s.lastWar;
  if (!w) return null;
  const byName = new Map(s.players.map((p) => [p.name, p]));
  const winnerName = w.winner === 'attacker' ? w.attacker : w.defender;
  const wins = (side: 'attacker' | 'defender') => w.battles.filter((b) => b.winner === side).length;
  const markers =
    w.owners.before.join() === w.owners.after.join()
      ? `The markers on ${w.country} stay as they were.`
      : `${w.country}: ${w.owners.before.length ? w.owners.before.join(' and ') : 'unoccupied'} → ${w.owners.after.join(' and ') || 'unoccupied'}.`;
  return h(
    'section',
    { class: 'bv-panel bv-war-summary', 'aria-labelledby': 'bv-war-summary-title', 'data-war-summary': w.country },
    h(
      'div',
      { class: 'bv-row bv-spread' },
      h('h3', { id: 'bv-war-summary-title' }, `Last war: ${w.country}`),
      button('Close', 'close-war-summary', close, { class: 'bv-dismiss', 'aria-label': 'Close the war summary' }),
    ),
    h(
      'p',
      { class: 'bv-big' },
      marker(byName.get(winnerName), winnerName),
      ` ${winnerName} wins the war`,
      h('span', { class: 'bv-muted' }, ` · ${w.attacker} ${wins('attacker')} – ${wins('defender')} ${w.defender}`),
    ),
    h(
      'table',
      { class: 'bv-battles' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, '#'),
          h('th', { scope: 'col' }, 'Weapons'),
          h('th', { scope: 'col' }, 'Winner'),
          h('th', { scope: 'col' }, 'Energy left'),
        ),
      ),
      h(
        'tbody',
        {},
        w.battles.map((b, i) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, String(i + 1)),
            h('td', {}, `${b.weapons.attacker} v ${b.weapons.defender}`),
            h(
              'td',
              {},
              b.winner === 'both-destroyed' ? 'both destroyed' : b.winner === 'attacker' ? w.attacker : w.defender,
            ),
            h('td', {}, `${b.energy.attacker} / ${b.energy.defender}`),
          ),
        ),
      ),
    ),
    h('p', {}, markers),
    w.transfers.length
      ? h(
          'ul',
          { class: 'bv-transfers-list' },
          w.transfers.map((t) =>
            h('li', {}, `${holder(t.from)} → ${holder(t.to)}: ${formatPbu(t.amount)} (${describeChips(t.give)})`),
          ),
        )
      : h('p', { class: 'bv-muted' }, 'No chips changed hands.'),
  );
}
