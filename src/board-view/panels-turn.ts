/** A turn's panel (rules 8-11, 18, 19A/B): attack, buy an alliance, pass; alliances between players. */
import { button, h } from '../platform/h.ts';
import { marker } from './view-world.ts';
import type { Mode, PanelContext } from './panel-context.ts';
import { actionButton, isLegal, keepOpen, playerByName } from './panel-context.ts';

export function turnPanel(ctx: PanelContext): HTMLElement {
  const s = ctx.state;
  const holder = s.turn ?? '';
  const who = ctx.actor;
  // Rule 18: allies share the option; the engine lists which of them may attack or buy now.
  const side = [
    ...new Set(
      ctx.legal
        .filter((a) => (a.type === 'attack' || a.type === 'ally.buy') && a.player !== null)
        .map((a) => a.player as string),
    ),
  ];
  const modeButton = (m: Mode, label: string) => {
    const b = actionButton(ctx, label, `mode-${m}`, m, () => ctx.setMode(m), who);
    b.setAttribute('aria-pressed', String(ctx.mode === m));
    return b;
  };
  return h(
    'section',
    { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, s.phase === 'final-round' ? 'Final round (Rule 20)' : 'Attack option'),
    h(
      'p',
      { class: 'bv-big' },
      marker(playerByName(s, holder), holder),
      ' ',
      h('strong', {}, holder),
      ' holds the attack option.',
    ),
    side.length > 1
      ? h(
          'div',
          { class: 'bv-row', role: 'group', 'aria-label': 'Who attacks or buys for the alliance' },
          h('span', {}, 'For the alliance (Rule 18), who plays: '),
          side.map((n) => button(n, `actor-${n}`, () => ctx.setActor(n), { 'aria-pressed': String(n === who) })),
        )
      : null,
    h(
      'p',
      {},
      `Click a country to ${ctx.mode === 'attack' ? 'attack it (Rules 10, 15, 19)' : 'buy an alliance with it (Rule 9)'}.`,
    ),
    h(
      'div',
      { class: 'bv-row', role: 'group', 'aria-label': 'What a country click does' },
      modeButton('attack', 'Attack (A)'),
      modeButton('ally.buy', `Buy alliance (B)${s.buysLeft > 0 ? ` · ${s.buysLeft} left` : ''}`),
      actionButton(ctx, 'Pass (P)', 'pass', 'pass', () => ctx.act({ type: 'pass', player: holder }), holder),
    ),
    playerAlliances(ctx),
    isLegal(ctx, 'endgame.start')
      ? actionButton(ctx, 'Start the end game (Rule 21)', 'endgame-start', 'endgame.start', () =>
          ctx.act({ type: 'endgame.start' }),
        )
      : null,
  );
}

/** Rule 18: with three or more players, alliances between players can be formed (and broken) any time until the board is full. */
export function playerAlliances(ctx: PanelContext): HTMLElement | null {
  const s = ctx.state;
  const others = s.players.filter((p) => !p.eliminated);
  if (others.length < 3) return null;
  return keepOpen(
    ctx,
    h(
      'details',
      { class: 'bv-alliances', open: ctx.alliancesOpen.value },
      h('summary', { 'data-key': 'alliances' }, 'Player alliances (Rule 18)'),
      h(
        'div',
        { role: 'group', 'aria-label': 'Players to ally' },
        others.map((p) => {
          const id = `bv-ally-${p.name}`;
          const box = h('input', {
            type: 'checkbox',
            id,
            'data-key': `ally-${p.name}`,
            checked: ctx.allianceSelection.has(p.name),
          });
          box.addEventListener('change', () => {
            if (box.checked) ctx.allianceSelection.add(p.name);
            else ctx.allianceSelection.delete(p.name);
          });
          return h('span', { class: 'bv-check' }, box, h('label', { for: id }, p.name));
        }),
      ),
      h(
        'p',
        { class: 'bv-row' },
        actionButton(ctx, 'Form alliance', 'alliance-form', 'alliance.form', () =>
          ctx.act({ type: 'alliance.form', players: [...ctx.allianceSelection] }),
        ),
        ...others
          .filter((p) => s.alliances.some((a) => a.includes(p.name)))
          .map((p) =>
            actionButton(
              ctx,
              `${p.name} breaks alliance`,
              `break-${p.name}`,
              'alliance.break',
              () => ctx.act({ type: 'alliance.break', player: p.name }),
              p.name,
            ),
          ),
      ),
    ),
  );
}
