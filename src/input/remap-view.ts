/**
 * The remap screen: for the PC keyboard and each connected gamepad, which key or control drives each
 * switch of the hand controls. Click "change", then press the key or pad control; saved per device.
 */
import { JOY_KEYS, STICK_ACTIONS } from './keymap.ts';
import type { JoyKey, StickAction } from './keymap.ts';
import type { BindingStore } from './bindings.ts';
import { connectedPads, firstActiveControl } from './gamepad.ts';
import type { PadLike } from './gamepad.ts';

export interface RemapView {
  element: HTMLDialogElement;
  open(): void;
  /** True while it waits for a key: the console must not play that key. */
  capturing(): boolean;
  /** Offered every keydown first; returns true when it took the key. */
  keydown(e: KeyboardEvent): boolean;
  /** Called once per animation frame with the pads, for pad capture. */
  poll(pads: PadLike[]): void;
  onChange: () => void;
}

const LABEL: Record<string, string> = { J0: 'Left control (J0)', J1: 'Right control (J1)' };

type Waiting = { device: 'keyboard'; action: JoyKey } | { device: string; action: StickAction };

function button(text: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
  b.addEventListener('click', onClick);
  return b;
}

/** The dialog: it owns what it waits for and draws itself afresh from the store when that changes. */
class RemapDialog implements RemapView {
  readonly element: HTMLDialogElement;
  onChange: () => void = () => {};
  private waiting: Waiting | undefined;

  constructor(
    private readonly store: BindingStore,
    private readonly getPads: () => readonly (PadLike | null)[],
    private readonly seatsOf: (pads: PadLike[]) => (0 | 1 | null)[],
  ) {
    this.element = document.createElement('dialog');
    this.element.className = 'remap';
    this.element.id = 'console-remap-dialog';
    this.element.addEventListener('close', () => {
      this.waiting = undefined;
    });
  }

  open(): void {
    this.render();
    this.element.showModal();
  }

  capturing(): boolean {
    return this.waiting !== undefined;
  }

  keydown(e: KeyboardEvent): boolean {
    const waiting = this.waiting;
    if (!this.element.open || !waiting || waiting.device !== 'keyboard') return false;
    e.preventDefault();
    if (e.code !== 'Escape') this.store.setKeyboard(waiting.action as JoyKey, e.code);
    this.changed();
    return true;
  }

  poll(pads: PadLike[]): void {
    const waiting = this.waiting;
    if (!waiting || waiting.device === 'keyboard') return;
    const pad = pads.find((p) => p.id === waiting.device);
    const control = pad && firstActiveControl(pad);
    if (!control) return;
    this.store.setPad(waiting.device, waiting.action as StickAction, control);
    this.changed();
  }

  /** A binding was set or reset: the wait is over, the console is told, the dialog drawn again. */
  private changed(): void {
    this.waiting = undefined;
    this.onChange();
    this.render();
  }

  private wait(w: Waiting): void {
    this.waiting = w;
    this.render();
  }

  private render(): void {
    const h = document.createElement('h2');
    h.textContent = 'Controls';
    const intro = document.createElement('p');
    intro.textContent =
      'Click “change”, then press the key or gamepad control to use. Esc cancels. Each device keeps its own settings in this browser.';
    const done = button(
      'Done',
      () => {
        this.waiting = undefined;
        this.element.close();
      },
      { id: 'console-remap-done' },
    );
    this.element.replaceChildren(h, intro, ...this.keyboardPart(), ...this.padParts(), done);
  }

  private keyboardPart(): HTMLElement[] {
    const kb = document.createElement('table');
    kb.className = 'remap-table';
    kb.dataset.device = 'keyboard';
    kb.createCaption().textContent = 'PC keyboard (steers in “steer” mode; arrows and Ctrl steer in both modes)';
    const bindings = this.store.keyboard();
    for (const action of JOY_KEYS) {
      const row = kb.insertRow();
      const [stick, sw] = action.split('_');
      row.insertCell().textContent = `${LABEL[stick]} ${sw.toLowerCase()}`;
      const cell = row.insertCell();
      cell.className = 'binding';
      cell.dataset.action = action;
      const isWaiting = this.waiting?.device === 'keyboard' && this.waiting.action === action;
      cell.textContent = isWaiting ? 'press a key…' : bindings[action] || '(none)';
      const change = button('change', () => this.wait({ device: 'keyboard', action }), { 'data-change': action });
      row.insertCell().append(change);
    }
    const reset = button('Default keys', () => {
      this.store.resetDevice('keyboard');
      this.changed();
    });
    return [kb, reset];
  }

  private padParts(): HTMLElement[] {
    const pads = connectedPads(this.getPads);
    if (pads.length === 0) {
      const p = document.createElement('p');
      p.textContent = 'No gamepad seen yet: connect one and press a button on it.';
      return [p];
    }
    const seats = this.seatsOf(pads);
    return pads.flatMap((pad, n) => {
      const t = document.createElement('table');
      t.className = 'remap-table';
      t.dataset.device = pad.id;
      const seat = seats[n];
      const steers = seat === null ? 'no hand control (both are held by other pads)' : seat === 0 ? LABEL.J0 : LABEL.J1;
      t.createCaption().textContent = `Gamepad ${n + 1}: ${pad.id} → ${steers}`;
      const pb = this.store.pad(pad.id);
      for (const action of STICK_ACTIONS) {
        const row = t.insertRow();
        row.insertCell().textContent = action.toLowerCase();
        const isWaiting = this.waiting?.device === pad.id && this.waiting.action === action;
        row.insertCell().textContent = isWaiting ? 'press a control…' : pb[action].join(', ') || '(none)';
        row.insertCell().append(button('change', () => this.wait({ device: pad.id, action })));
      }
      const reset = button('Default controls', () => {
        this.store.resetDevice(pad.id);
        this.changed();
      });
      return [t, reset];
    });
  }
}

/** `seatsOf`: the hand control each connected pad holds (the remap screen names it). */
export function createRemapView(
  store: BindingStore,
  getPads: () => readonly (PadLike | null)[],
  seatsOf: (pads: PadLike[]) => (0 | 1 | null)[],
): RemapView {
  return new RemapDialog(store, getPads, seatsOf);
}
