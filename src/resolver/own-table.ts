/**
 * The "my own table" editor: a combat results table defined in a form or loaded from a JSON file,
 * checked with the resolver's own validation (each problem a sentence naming the field), kept in
 * this browser once it is sound, and downloadable as a JSON file the CLI reads too.
 */
import { parseTable, serializeTable, tableErrors, type CombatTable } from '../../board/index.ts';
import { button, h } from '../platform/h.ts';
import { downloadText } from '../platform/download.ts';
import { setting } from '../platform/settings.ts';
import { fieldsFromTable, STARTER_TABLE, tableFromFields, type TableFields } from './table-form.ts';

export const OWN_TABLE = setting<CombatTable | null>(
  'o2conquest.resolver.table',
  null,
  (text) => {
    try {
      return parseTable(text);
    } catch {
      return undefined;
    }
  },
  (t) => (t ? serializeTable(t) : ''),
);

export class OwnTableEditor {
  readonly element: HTMLElement;
  /** The sound table in use (saved), or null while there is none. */
  table: CombatTable | null = OWN_TABLE.get();
  private readonly inputs: { [K in keyof TableFields]: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement };
  private readonly status: HTMLElement;

  constructor(private readonly changed: () => void) {
    const f = fieldsFromTable(this.table ?? STARTER_TABLE);
    const kind = h(
      'select',
      { id: 'own-kind', 'data-key': 'own-kind' },
      h('option', { value: 'odds' }, 'odds (attacker-defender, e.g. 3-1)'),
      h('option', { value: 'differential' }, 'differential (attacker minus defender, e.g. +2)'),
    );
    kind.value = f.kind;
    this.inputs = {
      name: h('input', { id: 'own-name', 'data-key': 'own-name', value: f.name }),
      kind,
      columns: h('input', { id: 'own-columns', 'data-key': 'own-columns', value: f.columns }),
      rows: h('textarea', { id: 'own-rows', 'data-key': 'own-rows', rows: 6 }),
      results: h('textarea', { id: 'own-results', 'data-key': 'own-results', rows: 5 }),
      below: h('input', { id: 'own-below', 'data-key': 'own-below', value: f.below }),
    };
    this.inputs.rows.value = f.rows;
    this.inputs.results.value = f.results;
    this.status = h('div', { class: 'rs-own-status', role: 'status', 'aria-live': 'polite' });
    const file = h('input', {
      type: 'file',
      accept: '.json,application/json',
      id: 'own-file',
      'data-key': 'own-file',
      hidden: true,
    });
    file.addEventListener('change', () => void this.load(file));
    const row = (label: string, input: HTMLElement, hint: string): HTMLElement =>
      h('label', { class: 'rs-field' }, h('span', {}, label), input, h('small', {}, hint));
    this.element = h(
      'section',
      { class: 'rs-own', id: 'own-table' },
      h('h3', {}, 'My own table'),
      row('Name', this.inputs.name, ''),
      row('Columns by', this.inputs.kind, ''),
      row('Columns', this.inputs.columns, 'lowest first, separated by commas'),
      row('Rows', this.inputs.rows, 'one line per die face (1 first), one result code per column'),
      row(
        'Results',
        this.inputs.results,
        'one line per code: "CODE: text"; {area}, {attacker}, {defender}, {min} are filled in',
      ),
      row('Left of the first column', this.inputs.below, 'optional: the code for forces below the first column'),
      h(
        'p',
        { class: 'rs-row' },
        button('Check and save', 'own-save', () => this.save(), { class: 'rs-primary' }),
        button('Load a JSON file…', 'own-load', () => file.click()),
        button('Download as a file', 'own-download', () => this.download()),
        file,
      ),
      this.status,
    );
    this.say(
      this.table
        ? `Using your saved table “${this.table.name}”.`
        : 'Not saved yet: check and save the table to use it.',
      'info',
    );
  }

  private say(text: string, kind: 'info' | 'error', errors: string[] = []): void {
    this.status.dataset.kind = kind;
    this.status.replaceChildren(
      h('p', {}, text),
      ...(errors.length
        ? [
            h(
              'ul',
              { class: 'rs-errors' },
              errors.map((e) => h('li', {}, e)),
            ),
          ]
        : []),
    );
  }

  private fields(): TableFields {
    const v = (k: keyof TableFields): string => this.inputs[k].value;
    return {
      name: v('name'),
      kind: v('kind'),
      columns: v('columns'),
      rows: v('rows'),
      results: v('results'),
      below: v('below'),
    };
  }

  /** Validates the form; a sound table is kept in this browser and used. A bad one changes nothing. */
  save(): boolean {
    const r = tableFromFields(this.fields());
    if ('errors' in r) {
      this.say(
        `The table was not saved: ${r.errors.length === 1 ? 'one problem' : `${r.errors.length} problems`}.`,
        'error',
        r.errors,
      );
      return false;
    }
    this.table = r.table;
    OWN_TABLE.set(r.table);
    this.say(`Saved “${r.table.name}” in this browser; it is the table in use.`, 'info');
    this.changed();
    return true;
  }

  private async load(input: HTMLInputElement): Promise<void> {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    let data: unknown;
    try {
      data = JSON.parse(await f.text());
    } catch (e) {
      this.say(`“${f.name}” was not loaded: nothing changed.`, 'error', [
        `The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}.`,
      ]);
      return;
    }
    const errors = tableErrors(data);
    if (errors.length > 0) {
      this.say(`“${f.name}” was not loaded: nothing changed.`, 'error', errors);
      return;
    }
    const t = data as CombatTable;
    const fields = fieldsFromTable(t);
    for (const k of Object.keys(fields) as (keyof TableFields)[]) this.inputs[k].value = fields[k];
    this.save();
  }

  private download(): void {
    const r = tableFromFields(this.fields());
    if ('errors' in r) {
      this.say('Fix the table before downloading it:', 'error', r.errors);
      return;
    }
    downloadText(
      serializeTable(r.table),
      `${r.table.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'table'}.json`,
    );
  }
}
