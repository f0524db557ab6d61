import { chipLine, describeChips, formatPbu } from './chips.ts';
import { button, h } from '../platform/h.ts';
import { formatRecord } from './record-track.ts';
import type { BattleWinner, GameEvent, LegalAction, ViewState, Weapon } from './types.ts';
import { WEAPONS } from './types.ts';
import { marker } from './view-world.ts';
import { renderWarSummary } from './war-summary.ts';
import { renderLadder } from './endgame-ladder.ts';
import { renderRecordChart } from './record-chart.ts';

export type Mode = 'attack' | 'ally.buy';

export interface BattleDraft {
  winner: BattleWinner | null;
  attacker: string;
  defender: string;
}

export interface PanelContext {
  state: ViewState;
  legal: LegalAction[];
  mode: Mode;
  setMode: (m: Mode) => void;
  act: (ev: GameEvent) => void;
  submitBattle: (outcome: { winner: BattleWinner; energy: { attacker: number; defender: number } }) => void;
  homeSelection: Set<string>;
  allianceSelection: Set<string>;
  battle: BattleDraft;
  /** Whether the player-alliance section is open, kept across redraws. */
  alliancesOpen: { value: boolean };
  redraw: () => void;
  /** The table (#/table) fights battles on the console: its parts replace the typed-in result forms. */
  table?: TablePanels;
  /** Who makes the next attack or purchase: the option's holder, or an ally on their side (rule 18). */
  actor: string;
  setActor: (name: string) => void;
  /** The war summary the players closed (its deciding step), kept across redraws. */
  summaryClosed: { step: number };
  /** A new game with the same players, colours, banker and variation on the same board. */
  rematch: () => void;
}

/** What the table page puts in the board's panels instead of typing results by hand. */
export interface TablePanels {
  /** The battle's place (war or end-game confrontation): program it on the console, read its result. */
  battle(attacker: string, defender: string, energy: { attacker: number; defender: number }): HTMLElement;
  /** Rule 2: the readout started and read on the console. */
  readout(): HTMLElement;
}

function keepOpen(ctx: PanelContext, d: HTMLDetailsElement): HTMLDetailsElement {
  d.addEventListener('toggle', () => {
    ctx.alliancesOpen.value = d.open;
  });
  return d;
}

/** Whether the engine lists this action now; with `choice`, whether that country/digit/weapon is among its choices. */
const isLegal = (ctx: PanelContext, type: string, player?: string, choice?: string | number): boolean =>
  ctx.legal.some(
    (a) =>
      a.type === type &&
      (player === undefined || a.player === null || a.player === player) &&
      (choice === undefined || a.choices.includes(choice)),
  );

/** A button that is marked (not disabled) when the engine would refuse it, so pressing it shows why. */
function actionButton(
  ctx: PanelContext,
  label: string,
  key: string,
  type: string,
  onClick: () => void,
  player?: string,
  extra: Record<string, string> = {},
  choice?: string | number,
): HTMLButtonElement {
  const legal = isLegal(ctx, type, player, choice);
  return button(label, key, onClick, {
    class: legal ? 'bv-legal' : 'bv-not-legal',
    'data-legal': String(legal),
    ...extra,
  });
}

const playerByName = (s: ViewState, name: string) => s.players.find((p) => p.name === name);

/** The engine names the war chest "#warchest" in chip transfers. */
const holder = (id: string): string => (id === '#warchest' ? 'war chest' : id);

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
        state.players.map((p) => {
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
        }),
      ),
    ),
    h(
      'p',
      { class: 'bv-chest' },
      'War chest: ',
      h('strong', { 'data-chest': '' }, formatPbu(state.warChest)),
      ` (${chipLine(state.warChestChips)})`,
    ),
    state.lastTransfers.length
      ? h(
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
        )
      : null,
    state.alliances.length
      ? h('p', {}, 'Player alliances: ', state.alliances.map((a) => a.join(' + ')).join('; '))
      : null,
  );
}

function digitPad(
  label: string,
  keyPrefix: string,
  onDigit: (d: number) => void,
  taken: Set<number> = new Set(),
): HTMLElement {
  return h(
    'div',
    { class: 'bv-digits', role: 'group', 'aria-label': label },
    Array.from({ length: 10 }, (_, d) =>
      button(String(d), `${keyPrefix}-${d}`, () => onDigit(d), {
        'aria-label': `${label}: ${d}`,
        class: taken.has(d) ? 'bv-taken' : '',
      }),
    ),
  );
}

/** A record's own entry (players' names are keys: a player named "constructor" must not find Object's). */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function firstPlayerPanel(ctx: PanelContext): HTMLElement {
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

function homelandPanel(ctx: PanelContext): HTMLElement {
  return h(
    'section',
    { class: 'bv-panel', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, 'Choose a homeland (Rule 3)'),
    h('p', { class: 'bv-big' }, h('strong', {}, ctx.state.turn ?? ''), ': pick any country on the board.'),
    h('p', { class: 'bv-hint' }, 'Click a country, or press / and type its name.'),
    playerAlliances(ctx),
  );
}

function homeAlliancePanel(ctx: PanelContext): HTMLElement {
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

function turnPanel(ctx: PanelContext): HTMLElement {
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
function playerAlliances(ctx: PanelContext): HTMLElement | null {
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

function weaponPicker(
  ctx: PanelContext,
  side: string,
  player: string,
  chosen: Weapon | null,
  lost: Weapon[],
  keyPrefix: string,
): HTMLElement {
  return h(
    'div',
    { class: 'bv-weapons', role: 'group', 'aria-label': `${player}'s weapon` },
    h('span', { class: 'bv-weapon-label' }, `${side} ${player}:`),
    // At the table only the weapons rule 12F still allows are offered.
    WEAPONS.filter((w) => !(ctx.table && lost.includes(w))).map((w) => {
      const b = actionButton(
        ctx,
        `${w}${lost.includes(w) ? ' (lost)' : ''}`,
        `${keyPrefix}-${w}`,
        'weapon',
        () => ctx.act({ type: 'weapon', player, weapon: w }),
        player,
        {},
        w,
      );
      b.setAttribute('aria-pressed', String(chosen === w));
      return b;
    }),
  );
}

function battleForm(
  ctx: PanelContext,
  attacker: string,
  defender: string,
  now: { attacker: number; defender: number },
): HTMLElement {
  const d = ctx.battle;
  // Energy carries over between battles (Rule 12), so the fields start at what each side has now.
  const value = (side: 'attacker' | 'defender'): string => (d[side] !== '' ? d[side] : String(now[side]));
  const radio = (w: BattleWinner, label: string) => {
    const r = h('input', {
      type: 'radio',
      name: 'bv-winner',
      id: `bv-winner-${w}`,
      'data-key': `winner-${w}`,
      checked: d.winner === w,
    });
    r.addEventListener('change', () => {
      d.winner = w;
    });
    return h('span', { class: 'bv-radio' }, r, h('label', { for: `bv-winner-${w}` }, label));
  };
  const energy = (side: 'attacker' | 'defender', name: string) => {
    const input = h('input', {
      type: 'number',
      id: `bv-energy-${side}`,
      'data-key': `energy-${side}`,
      min: 0,
      step: 1,
      inputmode: 'numeric',
      value: value(side),
    });
    input.addEventListener('input', () => {
      d[side] = input.value;
    });
    return h(
      'span',
      { class: 'bv-field' },
      h('label', { for: `bv-energy-${side}` }, `${name} (of ${now[side]})`),
      input,
    );
  };
  const form = h(
    'form',
    { class: 'bv-battle', 'aria-label': 'Battle result' },
    h(
      'fieldset',
      {},
      h('legend', {}, 'Who won this battle?'),
      radio('attacker', `${attacker} (attacker)`),
      radio('defender', `${defender} (defender)`),
      radio('both-destroyed', 'Both destroyed'),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Energy left on the screen'),
      h(
        'div',
        { class: 'bv-row bv-energy-row' },
        energy('attacker', attacker),
        energy('defender', defender),
        h(
          'button',
          {
            type: 'submit',
            'data-key': 'record-battle',
            class: isLegal(ctx, 'battle') ? 'bv-legal bv-primary' : 'bv-not-legal',
          },
          'Record battle',
        ),
      ),
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    ctx.submitBattle({
      // An unticked winner is sent as given; the engine names the rule if it refuses.
      winner: (d.winner ?? '') as BattleWinner,
      energy: { attacker: Number(value('attacker')), defender: Number(value('defender')) },
    });
  });
  return form;
}

function warPanel(ctx: PanelContext): HTMLElement {
  const w = ctx.state.war!;
  const s = ctx.state;
  const wins = (side: BattleWinner) => w.battles.filter((b) => b.winner === side).length;
  return h(
    'section',
    { class: 'bv-panel bv-war', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, `War for ${w.country} (Rule 12)`),
    h(
      'p',
      { class: 'bv-big' },
      marker(playerByName(s, w.attacker), w.attacker),
      ` ${w.attackers.join(' + ')} attacks; `,
      marker(playerByName(s, w.defender), w.defender),
      ` ${w.defenders.join(' + ')} defends.`,
    ),
    h(
      'p',
      {},
      `Best of three battles, 2500 energy units each side (Rule 10B). Score: ${w.attacker} ${wins('attacker')} – ${wins('defender')} ${w.defender}.`,
    ),
    h(
      'table',
      { class: 'bv-battles' },
      h('caption', {}, 'Battles'),
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
        [0, 1, 2].map((i) => {
          const b = w.battles[i];
          return h(
            'tr',
            { 'data-battle': i + 1 },
            h('th', { scope: 'row' }, String(i + 1)),
            h('td', {}, b ? `${b.weapons.attacker} v ${b.weapons.defender}` : '—'),
            h(
              'td',
              {},
              b
                ? b.winner === 'both-destroyed'
                  ? 'both destroyed'
                  : b.winner === 'attacker'
                    ? w.attacker
                    : w.defender
                : '—',
            ),
            h('td', {}, b ? `${b.energy.attacker} / ${b.energy.defender}` : '—'),
          );
        }),
      ),
    ),
    h(
      'h3',
      {},
      `Battle ${w.battles.length + 1}: weapons (a weapon destroyed in this war can't be used again, Rule 12F)`,
    ),
    weaponPicker(ctx, 'Attacker', w.attacker, w.weapons.attacker, w.lostWeapons.attacker, 'weapon-attacker'),
    weaponPicker(ctx, 'Defender', w.defender, w.weapons.defender, w.lostWeapons.defender, 'weapon-defender'),
    ctx.table ? ctx.table.battle(w.attacker, w.defender, w.energy) : battleForm(ctx, w.attacker, w.defender, w.energy),
  );
}

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

/** The legal actions now, in words, from the engine's list. */
export function renderLegalSummary(legal: LegalAction[]): HTMLElement {
  const words: Record<string, string> = {
    'first.call': 'call a digit',
    'first.readout': 'read the readout digit',
    homeland: 'choose a homeland',
    'ally.home': 'ally in the home zone',
    'ally.buy': 'buy an alliance',
    attack: 'attack a country',
    weapon: 'choose a weapon',
    battle: 'record a battle',
    pass: 'pass',
    'alliance.form': 'form a player alliance',
    'alliance.break': 'break an alliance',
    'endgame.start': 'start the end game',
    setup: 'set up the game',
    'clock.expired': 'end the game when time is up',
    banker: 'choose who takes over the war chest',
  };
  const types = [...new Set(legal.map((a) => a.type))];
  return h(
    'p',
    { class: 'bv-legal-now' },
    h('span', { class: 'bv-muted' }, 'Legal now: '),
    types.length ? types.map((t) => words[t] ?? t).join(', ') : 'nothing',
  );
}

export function renderLog(state: ViewState): HTMLElement {
  const list = h(
    'ol',
    { class: 'bv-log-list', start: 1 },
    state.log.map((line) => h('li', {}, line)),
  );
  const wrap = h(
    'section',
    { class: 'bv-log', 'aria-labelledby': 'bv-log-title' },
    h('h2', { id: 'bv-log-title' }, 'Game log'),
    list,
  );
  return wrap;
}
