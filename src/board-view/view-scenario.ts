// The "what if" editor screen: the board's zones and countries as fields. Every change is committed on
// Enter or on leaving the field (not on each key press), so a half-typed number is never judged.

import type { Scenario } from '../../board/index.ts';
import { button, h } from '../platform/h.ts';
import {
  addCountryTo,
  addNewZone,
  deleteCountry,
  moveToZone,
  pendingProblems,
  setCountryName,
  setName,
  setValue,
  setZoneName,
  shift,
  type ScenarioDraft,
} from './scenario-draft.ts';

export interface ScenarioEditorActions {
  redraw(): void;
  save(): void;
  load(): void;
  play(): void;
  close(): void;
  reset(): void;
  open(s: Scenario): void;
  remove(name: string): void;
}

/** Saved scenarios as the editor lists them (null while the browser storage is being read). */
export interface SavedList {
  scenarios: Scenario[] | null;
  note: string | null;
}

function errorFor(d: ScenarioDraft, key: string, id: string): HTMLElement | null {
  const e = d.errors[key];
  return e ? h('span', { class: 'bv-field-error', id, role: 'alert', 'data-error': key }, e) : null;
}

/** An input that commits on Enter or change; its typed text survives redraws until accepted. */
function field(
  d: ScenarioDraft,
  key: string,
  id: string,
  value: string,
  commit: (text: string) => void,
  attrs: Record<string, string | number>,
): HTMLInputElement {
  const err = d.errors[key];
  const input = h('input', {
    id,
    'data-key': key,
    value: d.texts[key] ?? value,
    autocomplete: 'off',
    'aria-invalid': err ? 'true' : null,
    'aria-describedby': err ? `${id}-error` : null,
    ...attrs,
  });
  let last = input.value;
  const go = (): void => {
    if (input.value === last && !err) return;
    last = input.value;
    commit(input.value);
  };
  input.addEventListener('input', () => {
    d.texts[key] = input.value;
  });
  input.addEventListener('change', go);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      go();
    }
  });
  return input;
}

export function renderScenarioEditor(d: ScenarioDraft, saved: SavedList, a: ScenarioEditorActions): HTMLElement {
  const s = d.scenario;
  const zoneNames = s.zones.map((z) => z.name);
  const countries = s.zones.flatMap((z) => z.countries.map((c) => c.name));
  // Accepted or refused, the screen shows the outcome (the new value or the reason beside the field).
  const after = (_accepted: boolean): void => a.redraw();
  const zones = s.zones.map((z, zi) => zoneSection(d, z, zi, zoneNames, after));
  const addForm = addZoneForm(d, countries, after);
  return h(
    'div',
    { class: 'bv-editor', 'data-editor': 'open' },
    editorTop(d, saved, a, countries.length, after),
    h('div', { class: 'bv-world bv-world-cols bv-ed-zones' }, zones, addForm),
  );
}

type Zone = ScenarioDraft['scenario']['zones'][number];
type After = (accepted: boolean) => void;

/** One zone of the editor: its name, its countries in order, and its "add a country" row. */
function zoneSection(d: ScenarioDraft, z: Zone, zi: number, zoneNames: string[], after: After): HTMLElement {
  const zid = `bv-ed-zone-${zi}`;
  const rows = z.countries.map((_c, ci) => countryRow(d, z, zi, ci, zoneNames, after));
  return h(
    'section',
    { class: 'bv-zone bv-ed-zone', 'data-zone': z.name, 'aria-labelledby': `${zid}-label` },
    h(
      'p',
      { class: 'bv-ed-zone-head' },
      h('label', { for: zid, id: `${zid}-label` }, `Zone ${zi + 1}`),
      field(d, `zone:${zi}`, zid, z.name, (t) => after(setZoneName(d, zi, t)), { maxlength: 40 }),
      errorFor(d, `zone:${zi}`, `${zid}-error`),
    ),
    h('ol', { class: 'bv-zone-list' }, rows),
    addCountryRow(d, zi, z.name, after),
  );
}

/** One country's fields: name, value, zone, its place in the zone's order, and its refusals. */
function countryRow(d: ScenarioDraft, z: Zone, zi: number, ci: number, zoneNames: string[], after: After): HTMLElement {
  const c = z.countries[ci];
  const base = `bv-ed-${zi}-${ci}`;
  const move = h(
    'select',
    { id: `${base}-zone`, 'data-key': `move:${c.name}`, 'aria-label': `Zone of ${c.name}` },
    zoneNames.map((n) => h('option', { value: n, selected: n === z.name }, n)),
  );
  move.addEventListener('change', () => after(moveToZone(d, c.name, move.value)));
  return h(
    'li',
    { class: 'bv-ed-country', 'data-country': c.name },
    field(d, `rename:${c.name}`, `${base}-name`, c.name, (t) => after(setCountryName(d, c.name, t)), {
      class: 'bv-ed-cname',
      maxlength: 40,
      'aria-label': `Name of ${c.name}`,
    }),
    field(d, `pbu:${c.name}`, `${base}-pbu`, String(c.pbu), (t) => after(setValue(d, c.name, t)), {
      type: 'number',
      min: 1,
      max: 999,
      step: 1,
      inputmode: 'numeric',
      'aria-label': `${c.name} value (PBU)`,
    }),
    move,
    h(
      'span',
      { class: 'bv-ed-order' },
      button('↑', `up:${c.name}`, () => after(shift(d, c.name, -1)), {
        'aria-label': `Move ${c.name} up (borders change, Rule 19)`,
        disabled: ci === 0,
      }),
      button('↓', `down:${c.name}`, () => after(shift(d, c.name, 1)), {
        'aria-label': `Move ${c.name} down (borders change, Rule 19)`,
        disabled: ci === z.countries.length - 1,
      }),
      button('✕', `delete:${c.name}`, () => after(deleteCountry(d, c.name)), {
        'aria-label': `Delete ${c.name} from the board`,
      }),
    ),
    errorFor(d, `rename:${c.name}`, `${base}-name-error`),
    errorFor(d, `pbu:${c.name}`, `${base}-pbu-error`),
    errorFor(d, `move:${c.name}`, `${base}-zone-error`),
  );
}

/** The "add a zone" form: its name and its first country, moved from the zone it is in. */
function addZoneForm(d: ScenarioDraft, countries: string[], after: After): HTMLElement {
  const nzName = h('input', {
    id: 'bv-ed-newzone',
    'data-key': 'new-zone-name',
    value: d.newZone.name,
    maxlength: 40,
    placeholder: 'e.g. Zone 12',
    autocomplete: 'off',
  });
  nzName.addEventListener('input', () => {
    d.newZone.name = nzName.value;
  });
  const nzCountry = h(
    'select',
    { id: 'bv-ed-newzone-country', 'data-key': 'new-zone-country' },
    h('option', { value: '' }, 'Choose a country…'),
    countries.map((c) => h('option', { value: c, selected: c === d.newZone.country }, c)),
  );
  nzCountry.addEventListener('change', () => {
    d.newZone.country = nzCountry.value;
  });
  const addForm = h(
    'form',
    { class: 'bv-zone bv-ed-zone bv-ed-add', 'aria-labelledby': 'bv-ed-add-title' },
    h('h3', { id: 'bv-ed-add-title' }, 'Add a zone'),
    h('p', { class: 'bv-field' }, h('label', { for: 'bv-ed-newzone' }, 'Zone name'), nzName),
    h(
      'p',
      { class: 'bv-field' },
      h('label', { for: 'bv-ed-newzone-country' }, 'Its first country (moved from its zone)'),
      nzCountry,
    ),
    h('p', {}, h('button', { type: 'submit', 'data-key': 'add-zone' }, 'Add zone')),
    errorFor(d, 'new-zone', 'bv-ed-newzone-error'),
  );
  addForm.addEventListener('submit', (e) => {
    e.preventDefault();
    after(addNewZone(d));
  });
  return addForm;
}

/** The scenarios kept in this browser, each to open or delete. */
function savedScenarios(saved: SavedList, a: ScenarioEditorActions): HTMLElement {
  return saved.scenarios === null
    ? h('p', { class: 'bv-muted' }, 'Reading saved scenarios…')
    : saved.scenarios.length === 0
      ? h('p', { class: 'bv-muted' }, 'None yet: "Save" keeps the scenario here and downloads it as a file.')
      : h(
          'ul',
          { class: 'bv-ed-saved' },
          saved.scenarios.map((x) =>
            h(
              'li',
              { 'data-saved': x.name },
              h(
                'span',
                {},
                x.name,
                h('span', { class: 'bv-muted' }, ` · ${x.zones.reduce((n, z) => n + z.countries.length, 0)} countries`),
              ),
              button('Open', `open-saved:${x.name}`, () => a.open(x), { 'aria-label': `Open ${x.name}` }),
              button('Delete', `delete-saved:${x.name}`, () => a.remove(x.name), {
                'aria-label': `Delete ${x.name}`,
              }),
            ),
          ),
        );
}

/** The editor's head: its explanation, the scenario's name and summary, messages, actions and saved list. */
function editorTop(
  d: ScenarioDraft,
  saved: SavedList,
  a: ScenarioEditorActions,
  countryCount: number,
  after: After,
): HTMLElement {
  const s = d.scenario;
  const total = s.zones.reduce((n, z) => n + z.countries.reduce((m, c) => m + c.pbu, 0), 0);
  const problems = pendingProblems(d);
  const nameId = 'bv-ed-name';
  return h(
    'section',
    { class: 'bv-panel bv-ed-top', 'aria-labelledby': 'bv-ed-title' },
    h('h2', { id: 'bv-ed-title', tabindex: -1, 'data-key': 'editor-title' }, 'What-if scenario editor'),
    h(
      'p',
      { class: 'bv-hint' },
      'Change the values, rename, add or delete countries, rename or add zones, move countries between zones. A country borders the ones next to it in its zone (Rule 19), so the order matters. Changes are checked as you make them; Enter or leaving a field applies it.',
    ),
    h(
      'p',
      { class: 'bv-field bv-ed-name' },
      h('label', { for: nameId }, 'Scenario name'),
      field(d, 'name', nameId, s.name, (t) => after(setName(d, t)), { maxlength: 60 }),
      errorFor(d, 'name', `${nameId}-error`),
    ),
    h(
      'p',
      { class: 'bv-muted', 'data-summary': '' },
      `${countryCount} countries in ${s.zones.length} zones, ${total} PBU on the board.`,
    ),
    d.message
      ? h(
          'p',
          {
            class: d.message.kind === 'error' ? 'bv-error' : 'bv-ed-message',
            role: d.message.kind === 'error' ? 'alert' : 'status',
            'data-message': d.message.kind,
          },
          d.message.text,
        )
      : null,
    problems
      ? h(
          'p',
          { class: 'bv-error', 'data-problems': String(problems) },
          `${problems} field${problems > 1 ? 's show' : ' shows'} a change that was refused; the scenario keeps its last good values.`,
        )
      : null,
    h(
      'div',
      { class: 'bv-row', role: 'toolbar', 'aria-label': 'Scenario' },
      button('Play this scenario', 'play-scenario', a.play, { class: 'bv-primary' }),
      button('Save (download and keep)', 'save-scenario', a.save),
      button('Load scenario file…', 'load-scenario', a.load),
      button('Start from the 1982 world', 'reset-scenario', a.reset),
      button('Back to setup', 'close-editor', a.close),
    ),
    h('h3', {}, 'Saved in this browser'),
    savedScenarios(saved, a),
  );
}

/** A zone's "add a country" fields: a name and a value; the new country joins the end of the zone. */
function addCountryRow(d: ScenarioDraft, zi: number, zone: string, after: (ok: boolean) => void): HTMLElement {
  const typed = d.newCountry[zi] ?? { name: '', pbu: '' };
  const keep = (): { name: string; pbu: string } => (d.newCountry[zi] ??= { name: '', pbu: '' });
  const name = h('input', {
    id: `bv-ed-add-${zi}`,
    'data-key': `add-name:${zi}`,
    value: typed.name,
    maxlength: 40,
    placeholder: 'New country',
    autocomplete: 'off',
    'aria-label': `New country in ${zone}: name`,
  });
  name.addEventListener('input', () => {
    keep().name = name.value;
  });
  const pbu = h('input', {
    id: `bv-ed-add-${zi}-pbu`,
    'data-key': `add-pbu:${zi}`,
    value: typed.pbu,
    type: 'number',
    min: 1,
    max: 999,
    step: 1,
    inputmode: 'numeric',
    placeholder: 'PBU',
    'aria-label': `New country in ${zone}: value (PBU)`,
  });
  pbu.addEventListener('input', () => {
    keep().pbu = pbu.value;
  });
  const form = h(
    'form',
    { class: 'bv-ed-add-country', 'aria-label': `Add a country to ${zone}` },
    name,
    pbu,
    h('button', { type: 'submit', 'data-key': `add-country:${zi}` }, 'Add'),
    errorFor(d, `add:${zi}`, `bv-ed-add-${zi}-error`),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    after(addCountryTo(d, zi));
  });
  return form;
}
