/**
 * The debugger's watch list: a watchpoint on internal RAM, external RAM or a VDC register, for a
 * read, a write, or the byte becoming a value; the byte typed by label or expression with an
 * optional condition (`score if A == 3`, `[eram 12h]`), which the worker reads (src/worker/watch-at.ts);
 * each listed with a button that takes it away.
 */
import { el } from '../platform/dom.ts';
import type { WatchpointSpec } from '../worker/protocol.ts';
import { NUMBER_FORMS, hex2, parseByte } from './format.ts';

const SPACES: { value: WatchpointSpec['space']; text: string }[] = [
  { value: 'iram', text: 'internal RAM' },
  { value: 'eram', text: 'external RAM' },
  { value: 'vdc', text: 'VDC register' },
];

/** What the place field takes, said as its title. */
const WATCH_HELP =
  'A label or address of the memory chosen, or [iram X] / [eram X] / [vdc X], and an optional condition: score · 21h · score+1 · [eram 12h] · score if A == 3';

/** "write of external RAM 12h", "internal RAM 30h (score) becomes 03h if A == 3". */
export function watchLabel(w: WatchpointSpec): string {
  const place = `${SPACES.find((s) => s.value === w.space)?.text ?? w.space} ${hex2(w.address)}h${w.name ? ` (${w.name})` : ''}`;
  const what = w.kind === 'value' ? `${place} becomes ${hex2(w.value ?? 0)}h` : `${w.kind} of ${place}`;
  return w.condition ? `${what} if ${w.condition}` : what;
}

export class WatchListView {
  readonly element: HTMLElement;
  private readonly list = el('ul', { class: 'dbg-watches', id: 'debugger-watches' });
  private readonly space = el('select', { id: 'debugger-watch-space', 'aria-label': 'Memory to watch' });
  private readonly address = el('input', {
    id: 'debugger-watch-address',
    size: '18',
    placeholder: 'score, 21h, 0x21 … if A == 3',
    title: WATCH_HELP,
    'aria-label': 'Byte to watch (label or address, optional condition)',
  });
  private readonly kind = el('select', { id: 'debugger-watch-kind', 'aria-label': 'Stop on' });
  private readonly value = el('input', {
    id: 'debugger-watch-value',
    size: '10',
    placeholder: 'value: 21h, 0x21, 33',
    title: `A byte as the assembler writes numbers: ${NUMBER_FORMS}`,
    'aria-label': 'Value to wait for (21h, 0x21, $21 or decimal)',
  });
  private watches: WatchpointSpec[] = [];

  /**
   * `set` sends the new list to the worker, `watchAt` one typed watch (resolving with what was set);
   * each rejects with a sentence when the worker refuses.
   */
  constructor(
    private readonly set: (list: WatchpointSpec[]) => Promise<void>,
    private readonly watchAt: (
      text: string,
      space: WatchpointSpec['space'],
      kind: WatchpointSpec['kind'],
      value?: number,
    ) => Promise<WatchpointSpec[]>,
    private readonly say: (text: string) => void,
  ) {
    this.space.append(...SPACES.map((s) => el('option', { value: s.value, text: s.text })));
    this.kind.append(
      el('option', { value: 'write', text: 'written' }),
      el('option', { value: 'read', text: 'read' }),
      el('option', { value: 'value', text: 'becomes' }),
    );
    this.value.hidden = true;
    this.kind.addEventListener('change', () => {
      this.value.hidden = this.kind.value !== 'value';
    });
    const add = el('button', { type: 'button', id: 'debugger-watch-add', text: 'Add watch' });
    add.addEventListener('click', () => void this.add());
    this.address.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') void this.add();
    });
    const clear = el('button', { type: 'button', id: 'debugger-watch-clear', text: 'Clear watches' });
    clear.addEventListener('click', () => void this.replace([]));
    this.element = el(
      'div',
      { class: 'debugger-box dbg-watch' },
      el('h3', { text: 'Watchpoints (stop after the instruction that touches the byte)' }),
      el('div', { class: 'debugger-bar' }, this.space, this.address, this.kind, this.value, add, clear),
      this.list,
    );
  }

  /** The field's text goes to the worker, which knows the program's labels; its sentence is said either way. */
  private async add(): Promise<void> {
    const space = (SPACES.find((s) => s.value === this.space.value) ?? SPACES[0]).value;
    const kind = this.kind.value as WatchpointSpec['kind'];
    let value: number | undefined;
    if (kind === 'value') {
      value = parseByte(this.value.value);
      if (value === undefined) {
        this.say(`A value to wait for is a byte, 00h to FFh, as ${NUMBER_FORMS}.`);
        return;
      }
    }
    try {
      this.show(await this.watchAt(this.address.value, space, kind, value));
    } catch (e) {
      // The worker's sentence; the field keeps the text to be corrected.
      this.say(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
      return;
    }
    this.address.value = '';
  }

  private async replace(list: WatchpointSpec[]): Promise<void> {
    try {
      await this.set(list);
    } catch (e) {
      this.say(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
      return;
    }
    this.show(list);
  }

  /** Shows the watches the worker holds. */
  show(list: WatchpointSpec[]): void {
    this.watches = list;
    this.list.replaceChildren(
      ...list.map((w, i) => {
        const remove = el('button', {
          type: 'button',
          class: 'dbg-watch-remove',
          title: 'Take this watchpoint away',
          text: '×',
        });
        remove.addEventListener('click', () => void this.replace(this.watches.filter((_, k) => k !== i)));
        return el('li', { 'data-watch': `${w.space}:${hex2(w.address)}:${w.kind}` }, watchLabel(w), ' ', remove);
      }),
    );
    if (list.length === 0) this.list.append(el('li', { class: 'dbg-empty', text: 'none' }));
  }
}
