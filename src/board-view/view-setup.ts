import { DEFAULT_CHIPS } from '../../board/index.ts';
import { MARKER_COLOURS } from './colors.ts';
import { button, h } from '../platform/h.ts';
import type { GameEvent } from './types.ts';

export interface SetupDraft {
  players: { name: string; color: string }[];
  banker: number;
  chips: { blue: string; red: string; white: string };
  variation: 'none' | 'target' | 'clock';
  target: string;
  clock: string;
}

export function newSetupDraft(): SetupDraft {
  return {
    players: [
      { name: '', color: 'red' },
      { name: '', color: 'blue' },
    ],
    banker: 0,
    chips: { blue: '', red: '', white: '' },
    variation: 'none',
    target: '30',
    clock: '60',
  };
}

/**
 * Builds the `setup` event from the form. Only form-shape problems are caught here (an empty number
 * field); whether the players, colours and chips are acceptable is the engine's call.
 */
export function setupEvent(d: SetupDraft): GameEvent | string {
  const players = d.players.map((p, i) => ({ name: p.name.trim() || `Player ${i + 1}`, color: p.color }));
  const ev: Extract<GameEvent, { type: 'setup' }> = { type: 'setup', players, banker: players[d.banker]?.name };
  const counts = [d.chips.blue, d.chips.red, d.chips.white];
  if (counts.some((c) => c.trim() !== '')) {
    const nums = counts.map((c) => Number(c.trim() === '' ? 0 : c));
    if (nums.some((n) => !Number.isInteger(n) || n < 0)) return 'Chip counts must be whole numbers (0 or more).';
    ev.chips = { '1000': nums[0], '500': nums[1], '100': nums[2] };
  }
  if (d.variation === 'target') {
    const t = Number(d.target);
    if (!Number.isFinite(t) || d.target.trim() === '') return 'Enter the target record as a number.';
    ev.targetRecord = t;
  }
  if (d.variation === 'clock') {
    const m = Number(d.clock);
    if (!Number.isFinite(m) || d.clock.trim() === '') return 'Enter the time limit in minutes.';
    ev.clockMinutes = m;
  }
  return ev;
}

/** Ties a field to the draft: `set` on each keystroke, or on change followed by a redraw when `structural`. */
type Bind = <T extends HTMLInputElement | HTMLSelectElement>(
  el: T,
  set: (v: string) => void,
  structural?: boolean,
) => T;

function binder(redraw: () => void): Bind {
  return (el, set, structural = false) => {
    el.addEventListener(structural ? 'change' : 'input', () => {
      set(el.value);
      if (structural) redraw();
    });
    return el;
  };
}

export function renderSetup(d: SetupDraft, redraw: () => void, start: () => void): HTMLElement {
  const bind = binder(redraw);
  const bankerLabel = (i: number): string => d.players[i].name.trim() || `Player ${i + 1}`;
  // The banker list is built below the rows; typing a name renames its entry at once (no redraw, so focus stays).
  let bankerSelect: HTMLSelectElement | null = null;
  const renamed = (i: number): void => {
    const option = bankerSelect?.options[i];
    if (option) option.text = bankerLabel(i);
  };
  const rows = d.players.map((_p, i) => playerRow(d, i, bind, redraw, renamed));
  const unused = MARKER_COLOURS.find((c) => !d.players.some((p) => p.color === c.id))?.id ?? 'red';
  const banker = bind(
    h(
      'select',
      { id: 'bv-banker', 'data-key': 'banker' },
      d.players.map((_, i) => h('option', { value: String(i), selected: i === d.banker }, bankerLabel(i))),
    ),
    (v) => {
      d.banker = Number(v);
    },
    true,
  );
  bankerSelect = banker;
  const form = h(
    'form',
    { class: 'bv-setup', 'aria-labelledby': 'bv-setup-title' },
    h('h2', { id: 'bv-setup-title' }, 'New game'),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Players (2 to 6), in seating order clockwise'),
      h('ol', { class: 'bv-setup-players' }, rows),
      d.players.length < 6
        ? button('Add player', 'add-player', () => {
            d.players.push({ name: '', color: unused });
            redraw();
          })
        : null,
    ),
    warChest(d, banker, bind),
    variations(d, bind, redraw),
    h('p', {}, h('button', { type: 'submit', class: 'bv-primary', 'data-key': 'start' }, 'Start game')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    start();
  });
  return form;
}

/** Player `i`'s row: name, marker colour, and Remove while more than two play. */
function playerRow(
  d: SetupDraft,
  i: number,
  bind: Bind,
  redraw: () => void,
  renamed: (i: number) => void,
): HTMLElement {
  const p = d.players[i];
  const name = bind(
    h('input', {
      id: `bv-name-${i}`,
      'data-key': `name-${i}`,
      value: p.name,
      placeholder: `Player ${i + 1}`,
      autocomplete: 'off',
      maxlength: 20,
    }),
    (v) => {
      p.name = v;
      renamed(i);
    },
  );
  const colour = bind(
    h(
      'select',
      { id: `bv-color-${i}`, 'data-key': `color-${i}` },
      MARKER_COLOURS.map((c) => h('option', { value: c.id, selected: c.id === p.color }, c.label)),
    ),
    (v) => {
      p.color = v;
    },
    true,
  );
  return h(
    'li',
    { class: 'bv-setup-player', 'data-color': p.color },
    h('label', { for: `bv-name-${i}` }, `Player ${i + 1} name`),
    name,
    h('label', { for: `bv-color-${i}` }, 'Marker colour'),
    colour,
    d.players.length > 2
      ? button(
          'Remove',
          `remove-${i}`,
          () => {
            d.players.splice(i, 1);
            d.banker = Math.min(d.banker, d.players.length - 1);
            redraw();
          },
          { 'aria-label': `Remove player ${i + 1}` },
        )
      : null,
  );
}

/** The war chest: the banker (Rule 1C) and the chips in the box, empty for the standard set. */
function warChest(d: SetupDraft, banker: HTMLSelectElement, bind: Bind): HTMLElement {
  const box = { blue: DEFAULT_CHIPS['1000'], red: DEFAULT_CHIPS['500'], white: DEFAULT_CHIPS['100'] };
  const chip = (k: keyof SetupDraft['chips'], label: string) =>
    h(
      'span',
      { class: 'bv-chip-input' },
      h('label', { for: `bv-chips-${k}` }, label),
      bind(
        h('input', {
          id: `bv-chips-${k}`,
          'data-key': `chips-${k}`,
          type: 'number',
          min: 0,
          step: 1,
          inputmode: 'numeric',
          value: d.chips[k],
          placeholder: String(box[k]),
        }),
        (v) => {
          d.chips[k] = v;
        },
      ),
    );
  return h(
    'fieldset',
    {},
    h('legend', {}, 'War chest'),
    h('p', { class: 'bv-field' }, h('label', { for: 'bv-banker' }, 'Banker (keeps the war chest, Rule 1C)'), banker),
    h(
      'p',
      {},
      `Chips in the box (empty fields: the standard ${box.blue + box.red + box.white} chips, ${box.blue} blue, ${box.red} red, ${box.white} white):`,
    ),
    h('p', { class: 'bv-chips-row' }, chip('blue', 'Blue 1000'), chip('red', 'Red 500'), chip('white', 'White 100')),
  );
}

/** The game variation: the full game, a target record, or against the clock, with its number. */
function variations(d: SetupDraft, bind: Bind, redraw: () => void): HTMLElement {
  const variation = (v: SetupDraft['variation'], label: string) => {
    const r = h('input', {
      type: 'radio',
      name: 'bv-variation',
      id: `bv-var-${v}`,
      value: v,
      checked: d.variation === v,
      'data-key': `var-${v}`,
    });
    r.addEventListener('change', () => {
      d.variation = v;
      redraw();
    });
    return h('span', { class: 'bv-radio' }, r, h('label', { for: `bv-var-${v}` }, label));
  };
  const number = (id: 'target' | 'clock', label: string) =>
    h(
      'span',
      { class: 'bv-field' },
      h('label', { for: `bv-${id}` }, label),
      bind(
        h('input', {
          id: `bv-${id}`,
          'data-key': id,
          type: 'number',
          min: 1,
          value: d[id],
          inputmode: 'numeric',
        }),
        (v) => {
          d[id] = v;
        },
      ),
    );
  return h(
    'fieldset',
    {},
    h('legend', {}, 'Game variation'),
    variation('none', 'Full game with end game'),
    variation('target', 'Play to a target record'),
    d.variation === 'target' ? number('target', 'Target record') : null,
    variation('clock', 'Play against the clock'),
    d.variation === 'clock' ? number('clock', 'Minutes') : null,
  );
}
