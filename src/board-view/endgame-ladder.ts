import { h } from '../platform/h.ts';
import { formatRecord } from './record-track.ts';
import type { ViewState } from './types.ts';
import { marker } from './view-world.ts';

/**
 * Rule 21C's ladder as it goes: who has taken their place (and who carries on up), the confrontation being
 * fought with its energy and battles, and who is still to come, each with their record (the score).
 */
export function renderLadder(s: ViewState): HTMLElement | null {
  const eg = s.endgame;
  if (!eg) return null;
  const byName = new Map(s.players.map((p) => [p.name, p]));
  const m = eg.match;
  const fighting = new Set(m ? [m.challenger, m.opponent] : []);
  const order = [...eg.competed, ...eg.queue.filter((n) => !eg.competed.includes(n))];
  const rung = (name: string): HTMLElement => {
    const p = byName.get(name);
    const status = fighting.has(name)
      ? `fighting: ${Object.hasOwn(m!.energy, name) ? m!.energy[name] : 0} energy left`
      : eg.holder === name
        ? 'carries on up the ladder'
        : eg.competed.includes(name)
          ? 'done'
          : 'waits';
    return h(
      'li',
      { 'data-rung': name, class: fighting.has(name) ? 'bv-rung-now' : eg.queue.includes(name) ? 'bv-rung-next' : '' },
      marker(p, name),
      ` ${name} `,
      h('strong', {}, formatRecord(p?.record ?? 0)),
      h('span', { class: 'bv-muted' }, ` · ${status}`),
    );
  };
  return h(
    'section',
    { class: 'bv-panel bv-ladder', 'aria-labelledby': 'bv-ladder-title' },
    h('h3', { id: 'bv-ladder-title' }, 'End-game ladder (Rule 21)'),
    m
      ? h(
          'p',
          {},
          `${m.challenger} v ${m.opponent}: battle ${m.battles + 1}, ${m.attacker} attacks. Each battle won moves the winner up one space and the loser down one (Rule 21D).`,
        )
      : null,
    h('ol', { class: 'bv-ladder-list' }, order.map(rung)),
  );
}
