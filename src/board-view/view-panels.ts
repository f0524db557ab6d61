/** The phase panel beside the map, the last war, what can be done now and the log. */
import { button, h } from '../platform/h.ts';
import { formatRecord } from './record-track.ts';
import type { LegalAction, Weapon } from './types.ts';
import { marker } from './view-world.ts';
import { renderWarSummary } from './war-summary.ts';
import { renderLadder } from './endgame-ladder.ts';
import { renderRecordChart } from './record-chart.ts';
import type { PanelContext, TablePanels } from './panel-context.ts';
import { actionButton, own } from './panel-context.ts';
import { firstPlayerPanel, homeAlliancePanel, homelandPanel } from './panels-opening.ts';
import { turnPanel } from './panels-turn.ts';
import { battleForm, warPanel, weaponPicker } from './panels-war.ts';
import { legalWords } from '../../board/index.ts';
import { setChildren } from './kept-dom.ts';

export type { BattleDraft, Mode, PanelContext, TablePanels } from './panel-context.ts';
export { renderPlayers } from './view-players.ts';

function endgamePanel(ctx: PanelContext): HTMLElement {
  const m = ctx.state.endgame?.match ?? null;
  if (!m) {
    return h(
      'section',
      { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
      h('h2', { id: 'bv-panel-title' }, 'End game (Rule 21)'),
      h('p', {}, 'Waiting for the next confrontation.'),
    );
  }
  const defender = m.defender;
  const pick = (name: string, side: string, key: string) =>
    weaponPicker(
      ctx,
      side,
      name,
      own(m.weapons, name) ?? null,
      own(m.barred, name) ? [own(m.barred, name) as Weapon] : [],
      key,
    );
  return h(
    'section',
    { class: 'bv-panel bv-war', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, `End game: ${m.challenger} challenges ${m.opponent} (Rule 21)`),
    h(
      'p',
      {},
      `Energy on screen: ${m.challenger} ${m.energy[m.challenger] ?? 0}, ${m.opponent} ${m.energy[m.opponent] ?? 0}. Battle ${m.battles + 1}; ${m.attacker} attacks.`,
    ),
    renderLadder(ctx.state),
    pick(m.attacker, 'Attacker', 'weapon-attacker'),
    pick(defender, 'Defender', 'weapon-defender'),
    (ctx.table
      ? ctx.table.battle
      : (a: string, d: string, e: { attacker: number; defender: number }) => battleForm(ctx, a, d, e))(
      m.attacker,
      defender,
      { attacker: m.energy[m.attacker] ?? 0, defender: m.energy[defender] ?? 0 },
    ),
  );
}

function overPanel(ctx: PanelContext): HTMLElement {
  const s = ctx.state;
  const names = s.winners.length ? s.winners : s.winner ? [s.winner] : [];
  return h(
    'section',
    { class: 'bv-panel bv-over', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, 'Game over (Rule 22)'),
    h(
      'p',
      { class: 'bv-winner', 'data-winner': names.join(',') },
      names.length ? `${names.join(' and ')} ${names.length > 1 ? 'win' : 'wins'}!` : 'No winner.',
    ),
    h(
      'ol',
      { class: 'bv-standings' },
      [...s.players]
        .sort((a, b) => b.record - a.record)
        .map((p) =>
          h('li', {}, marker(p, p.name), ` ${p.name}: ${formatRecord(p.record)}${p.eliminated ? ' (out)' : ''}`),
        ),
    ),
    // As wide as the side column allows (a phone's is narrower than the chart's usual 360 px).
    renderRecordChart(s, Math.max(220, Math.min(360, window.innerWidth - 120))),
    h('p', { class: 'bv-row' }, button('Rematch: same players, same board', 'rematch', ctx.rematch)),
  );
}

export function renderPhasePanel(ctx: PanelContext): HTMLElement {
  const panel = phasePanel(ctx);
  const question = bankerQuestion(ctx);
  if (question) panel.prepend(question);
  // The war just decided stays in view under the step's panel (the table says the last battle beside the
  // picture, so there it goes under the players, who must stay in view).
  if (!ctx.table) {
    const summary = renderLastWar(ctx);
    if (summary) panel.append(summary);
  }
  return panel;
}

/** The war just decided, until the next war starts or the players close it; null when there is none to show. */
export function renderLastWar(ctx: PanelContext): HTMLElement | null {
  const s = ctx.state;
  const w = s.lastWar;
  if (!w || s.war || w.step === ctx.summaryClosed.step) return null;
  if (!(['play', 'final-round', 'awaiting-endgame'].includes(s.phase) || (s.phase === 'over' && !s.endgame)))
    return null;
  return renderWarSummary(s, () => {
    ctx.summaryClosed.step = w.step;
    ctx.redraw();
  });
}

/** The banker is out of the game (item 10 of the board fixes): who takes over the war chest? */
function bankerQuestion(ctx: PanelContext): HTMLElement | null {
  const ask = ctx.legal.find((a) => a.type === 'banker');
  if (!ask) return null;
  return h(
    'div',
    { class: 'bv-banker-question', role: 'group', 'aria-label': 'New banker' },
    h('p', {}, `${ctx.state.banker ?? 'The banker'} kept the war chest and is out of the game: who takes it over?`),
    h(
      'p',
      { class: 'bv-row' },
      ask.choices.map((name) =>
        actionButton(
          ctx,
          `${name} keeps the war chest`,
          `banker-${name}`,
          'banker',
          () => ctx.act({ type: 'banker', player: String(name) }),
          undefined,
          {},
          name,
        ),
      ),
    ),
  );
}

function phasePanel(ctx: PanelContext): HTMLElement {
  const s = ctx.state;
  if (s.war) return warPanel(ctx);
  switch (s.phase) {
    case 'first-player':
      return firstPlayerPanel(ctx);
    case 'homelands':
      return homelandPanel(ctx);
    case 'home-alliances':
      return homeAlliancePanel(ctx);
    case 'play':
    case 'final-round':
      return turnPanel(ctx);
    case 'awaiting-endgame':
      return h(
        'section',
        { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
        h('h2', { id: 'bv-panel-title' }, 'Every country is occupied'),
        h('p', {}, 'The final round is over. Remaining chips go onto the Power Base Record (Rule 20C).'),
        actionButton(ctx, 'Start the end game (Rule 21)', 'endgame-start', 'endgame.start', () =>
          ctx.act({ type: 'endgame.start' }),
        ),
      );
    case 'endgame':
      return endgamePanel(ctx);
    case 'over':
      return overPanel(ctx);
    default:
      return h('section', { class: 'bv-panel' }, h('h2', { id: 'bv-panel-title' }, s.phase));
  }
}

/** The legal actions now, in words: the engine's list, or the table's own words for its moment (`table.legalNow`). */
export function renderLegalSummary(legal: LegalAction[], table?: TablePanels): HTMLElement {
  return h(
    'p',
    { class: 'bv-legal-now' },
    h('span', { class: 'bv-muted' }, 'Legal now: '),
    table?.legalNow ? table.legalNow(legal) : legalWords(legal),
  );
}

/**
 * The game log, kept in the page across redraws with each of its lines while that line's text is the same: a
 * move adds one line to the list, not the whole log (and the browser lays out only that line).
 */
export class LogLines {
  private kept: { line: string; item: HTMLElement }[] = [];
  private readonly list = h('ol', { class: 'bv-log-list', start: 1 });
  // The list sits at the foot of a column-reverse box, which keeps its newest line in view by itself: no
  // scroll position is read or set after each redraw (that forced the browser to lay the page out at once).
  readonly element = h(
    'section',
    { class: 'bv-log', 'aria-labelledby': 'bv-log-title' },
    h('h2', { id: 'bv-log-title' }, 'Game log'),
    h('div', { class: 'bv-log-scroll' }, this.list),
  );

  render(log: readonly string[]): HTMLElement {
    this.kept = log.map((line, i) => (this.kept[i]?.line === line ? this.kept[i] : { line, item: h('li', {}, line) }));
    setChildren(
      this.list,
      this.kept.map((k) => k.item),
    );
    return this.element;
  }
}
