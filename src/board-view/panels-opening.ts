/** The opening's panels (rules 2-4): the first player's readout, homelands, home-zone alliances. */
import { button, h } from '../platform/h.ts';
import { marker } from './view-world.ts';
import type { PanelContext } from './panel-context.ts';
import { actionButton, digitPad, playerByName } from './panel-context.ts';
import { playerAlliances } from './panels-turn.ts';

export function firstPlayerPanel(ctx: PanelContext): HTMLElement {
  const s = ctx.state;
  const taken = new Set(Object.values(s.firstCalls));
  const next = s.players.find((p) => !Object.hasOwn(s.firstCalls, p.name));
  return h(
    'section',
    { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, 'Who goes first (Rule 2)'),
    h(
      'p',
      {},
      'Each player calls a number from 0 to 9 (no two the same). Then one player stops the readout with SPACE without looking; enter its last digit.',
    ),
    h(
      'ul',
      { class: 'bv-calls' },
      s.players.map((p) =>
        h(
          'li',
          {},
          marker(p, p.name),
          ` ${p.name}: `,
          Object.hasOwn(s.firstCalls, p.name)
            ? h('strong', { 'data-call': p.name }, String(s.firstCalls[p.name]))
            : digitPad(
                `${p.name} calls`,
                `call-${p.name}`,
                (d) => ctx.act({ type: 'first.call', player: p.name, digit: d }),
                taken,
              ),
        ),
      ),
    ),
    next
      ? h('p', { class: 'bv-hint' }, `Keys 0–9 enter ${next.name}'s call.`)
      : ctx.table
        ? ctx.table.readout()
        : h(
            'div',
            {},
            h('h3', {}, 'Readout digit'),
            digitPad('Readout digit', 'readout', (d) => ctx.act({ type: 'first.readout', digit: d })),
            h('p', { class: 'bv-hint' }, 'Keys 0–9 enter the readout digit.'),
          ),
  );
}

export function homelandPanel(ctx: PanelContext): HTMLElement {
  return h(
    'section',
    { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, 'Choose a homeland (Rule 3)'),
    h('p', { class: 'bv-big' }, h('strong', {}, ctx.state.turn ?? ''), ': pick any country on the board.'),
    h('p', { class: 'bv-hint' }, 'Click a country, or press / and type its name.'),
    playerAlliances(ctx),
  );
}

export function homeAlliancePanel(ctx: PanelContext): HTMLElement {
  const s = ctx.state;
  const who = s.turn ?? '';
  const home = playerByName(s, who)?.homeland;
  const cap = home ? (s.countries[home]?.pbu ?? 0) : 0;
  const sum = [...ctx.homeSelection].reduce((t, c) => t + (s.countries[c]?.pbu ?? 0), 0);
  return h(
    'section',
    { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, 'Alliances in the home zone (Rule 4)'),
    h(
      'p',
      { class: 'bv-big' },
      h('strong', {}, who),
      `: tick countries in your home zone, total up to ${cap} PBU (${home ?? '?'}).`,
    ),
    h(
      'p',
      {},
      `Chosen: ${[...ctx.homeSelection].join(', ') || 'none'} — total `,
      h('strong', { 'data-home-sum': '' }, String(sum)),
      ` of ${cap}.`,
    ),
    h(
      'p',
      { class: 'bv-row' },
      actionButton(
        ctx,
        `Confirm alliances (Enter)`,
        'confirm-home',
        'ally.home',
        () => {
          ctx.act({ type: 'ally.home', player: who, countries: [...ctx.homeSelection] });
        },
        who,
        { 'data-primary': 'true' },
      ),
      button('Clear', 'clear-home', () => {
        ctx.homeSelection.clear();
        ctx.redraw();
      }),
    ),
    playerAlliances(ctx),
  );
}
