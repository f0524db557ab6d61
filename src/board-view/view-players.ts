/** The players' panel: each player's colour, record, chips, homeland and alliances. */
import { chipLine, describeChips, formatPbu } from './chips.ts';
import { h } from '../platform/h.ts';
import { formatRecord } from './record-track.ts';
import type { ViewState } from './types.ts';
import { marker } from './view-world.ts';
import { holder } from './panel-context.ts';

export function renderPlayers(state: ViewState): HTMLElement {
  return h(
    'section',
    { class: 'bv-players', 'aria-labelledby': 'bv-players-title' },
    h('h2', { id: 'bv-players-title' }, 'Players'),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Player'),
          h('th', { scope: 'col' }, 'Homeland'),
          h('th', { scope: 'col' }, 'Record'),
          h('th', { scope: 'col' }, 'Chips'),
        ),
      ),
      h(
        'tbody',
        {},
        state.players.map((p) => playerRow(state, p)),
      ),
    ),
    h(
      'p',
      { class: 'bv-chest' },
      'War chest: ',
      h('strong', { 'data-chest': '' }, formatPbu(state.warChest)),
      ` (${chipLine(state.warChestChips)})`,
    ),
    state.lastTransfers.length ? transfersFor(state) : null,
    state.alliances.length
      ? h('p', {}, 'Player alliances: ', state.alliances.map((a) => a.join(' + ')).join('; '))
      : null,
  );
}

/** A player's row: marker and name with their turn, banker and out tags, homeland, record and chips. */
function playerRow(state: ViewState, p: ViewState['players'][number]): HTMLElement {
  return h(
    'tr',
    {
      'data-player': p.name,
      class: `${state.turn === p.name ? 'bv-turn-row' : ''}${p.eliminated ? ' bv-out' : ''}`,
    },
    h(
      'th',
      { scope: 'row' },
      marker(p, p.name),
      ' ',
      p.name,
      state.turn === p.name ? h('span', { class: 'bv-turn-tag' }, ' ◀ turn') : null,
      state.banker === p.name ? h('span', { class: 'bv-muted' }, ' (banker)') : null,
      p.eliminated ? h('span', { class: 'bv-muted' }, ' (out)') : null,
    ),
    h('td', {}, p.homeland ?? '—'),
    h('td', { 'data-record': p.name }, formatRecord(p.record)),
    h(
      'td',
      { 'data-chips': p.name },
      formatPbu(p.chips),
      h('br'),
      h('span', { class: 'bv-chip-detail' }, chipLine(p.chipsDetail)),
    ),
  );
}

/** The banker's list of the last chip hand-overs (or of those an undo asks back). */
function transfersFor(state: ViewState): HTMLElement {
  return h(
    'div',
    { class: 'bv-transfers' },
    h(
      'h3',
      {},
      `For the banker${state.banker ? ` (${state.banker})` : ''}: ${state.lastTransfers.some((t) => t.undo) ? 'undone - move these chips back' : 'last chip hand-overs'}`,
    ),
    h(
      'ul',
      {},
      state.lastTransfers.map((t) => {
        const change =
          t.change[1000] + t.change[500] + t.change[100] > 0 ? `; change back: ${describeChips(t.change)}` : '';
        return h(
          'li',
          {},
          `${holder(t.from)} → ${holder(t.to)}: ${formatPbu(t.amount)} (hand over ${describeChips(t.give)}${change})`,
        );
      }),
    ),
  );
}
