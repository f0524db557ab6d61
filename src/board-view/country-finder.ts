import { h } from '../platform/h.ts';
import type { ViewState } from './types.ts';

/**
 * "Country (/)": type a name (or its start) and choose it, for keyboards and for boards too big to scan.
 * The typed text lives in `draft`, outside the DOM: a redraw (an autosave landing) must not wipe it mid-word.
 */
export function countryFinder(
  s: ViewState,
  draft: { text: string },
  choose: (name: string) => void,
  unknown: (typed: string) => void,
  empty: () => void,
): HTMLElement {
  const input = h('input', {
    id: 'bv-find',
    'data-key': 'find',
    list: 'bv-countries',
    autocomplete: 'off',
    placeholder: 'e.g. Canada',
    value: draft.text,
  });
  input.addEventListener('input', () => {
    draft.text = input.value;
  });
  // "/" is the key that comes here: pressed again in the empty field (the next player, as the panel says
  // "press / and type its name") it is not the start of a name.
  input.addEventListener('keydown', (e) => {
    if (e.key === '/' && input.value === '') e.preventDefault();
  });
  const names = Object.keys(s.countries);
  const list = h(
    'datalist',
    { id: 'bv-countries' },
    names.map((c) => h('option', { value: c })),
  );
  const form = h(
    'form',
    { class: 'bv-find', role: 'search' },
    h('label', { for: 'bv-find' }, 'Country (/)'),
    input,
    list,
    h('button', { type: 'submit', 'data-key': 'find-go' }, 'Choose'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const typed = input.value
      .replace(/^\s*\/+/, '')
      .trim()
      .toLowerCase();
    const name = names.find((c) => c.toLowerCase() === typed) ?? names.find((c) => c.toLowerCase().startsWith(typed));
    if (!typed) {
      empty();
      return;
    }
    if (!name) {
      unknown(input.value);
      return;
    }
    draft.text = '';
    choose(name);
  });
  return form;
}
