/**
 * The debugger's watch list: a watchpoint on internal RAM, external RAM or a VDC register, for a
 * read, a write, or the byte becoming a value; each listed with a button that takes it away.
 */
import { el } from '../platform/dom.ts';
import type { WatchpointSpec } from '../worker/protocol.ts';
import { hex2, parseByte } from './format.ts';

const SPACES: { value: WatchpointSpec['space']; text: string; max: number }[] = [
  { value: 'iram', text: 'internal RAM', max: 0x3f },
  { value: 'eram', text: 'external RAM', max: 0x7f },
  { value: 'vdc', text: 'VDC register', max: 0xff },
];

/** "write of external RAM 12h", "internal RAM 30h becomes 03h". */
export function watchLabel(w: WatchpointSpec): string {
  const place = `${SPACES.find((s) => s.value === w.space)?.text ?? w.space} ${hex2(w.address)}h`;
  return w.kind === 'value' ? `${place} becomes ${hex2(w.value ?? 0)}h` : `${w.kind} of ${place}`;
}

export class WatchListView {
  readonly element: HTMLElement;
  private readonly list = el('ul', { class: 'dbg-watches', id: 'debugger-watches' });
  private readonly space = el('select', { id: 'debugger-watch-space', 'aria-label': 'Memory to watch' });
  private readonly address = el('input', {
    id: 'debugger-watch-address',
    size: '4',
    placeholder: 'addr',
    'aria-label': 'Address to watch (hex)',
  });
  private readonly kind = el('select', { id: 'debugger-watch-kind', 'aria-label': 'Stop on' });
  private readonly value = el('input', {
    id: 'debugger-watch-value',
    size: '3',
    placeholder: 'value',
    'aria-label': 'Value to wait for (hex)',
  });
  private watches: WatchpointSpec[] = [];

  /** `set` sends the new list to the worker; it rejects with a sentence when the worker refuses. */
  constructor(
    private readonly set: (list: WatchpointSpec[]) => Promise<void>,
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

  private async add(): Promise<void> {
    const space = SPACES.find((s) => s.value === this.space.value) ?? SPACES[0];
    const address = parseByte(this.address.value, space.max);
    if (address === undefined) {
      this.say(`A ${space.text} address is 00h to ${hex2(space.max)}h.`);
      return;
    }
    const kind = this.kind.value as WatchpointSpec['kind'];
    const w: WatchpointSpec = { space: space.value, address, kind };
    if (kind === 'value') {
      const value = parseByte(this.value.value);
      if (value === undefined) {
        this.say('A value to wait for is a byte, 00h to FFh.');
        return;
      }
      w.value = value;
    }
    if (await this.replace([...this.watches, w])) this.address.value = '';
  }

  private async replace(list: WatchpointSpec[]): Promise<boolean> {
    try {
      await this.set(list);
    } catch (e) {
      this.say(e instanceof Error ? e.message : String(e));
      return false;
    }
    this.show(list);
    return true;
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
