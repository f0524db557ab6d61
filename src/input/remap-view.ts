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

export function createRemapView(store: BindingStore, getPads: () => readonly (PadLike | null)[]): RemapView {
  const dialog = document.createElement('dialog');
  dialog.className = 'remap';
  dialog.id = 'console-remap-dialog';
  let waiting: { device: 'keyboard'; action: JoyKey } | { device: string; action: StickAction } | undefined;

  const view: RemapView = {
    element: dialog,
    onChange: () => {},
    open() {
      render();
      dialog.showModal();
    },
    capturing: () => waiting !== undefined,
    keydown(e) {
      if (!dialog.open) return false;
      if (!waiting || waiting.device !== 'keyboard') return false;
      e.preventDefault();
      if (e.code !== 'Escape') store.setKeyboard(waiting.action as JoyKey, e.code);
      waiting = undefined;
      view.onChange();
      render();
      return true;
    },
    poll(pads) {
      if (!waiting || waiting.device === 'keyboard') return;
      const pad = pads.find((p) => p.id === waiting?.device);
      const control = pad && firstActiveControl(pad);
      if (!control) return;
      store.setPad(waiting.device, waiting.action as StickAction, control);
      waiting = undefined;
      view.onChange();
      render();
    },
  };

  function button(text: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
    b.addEventListener('click', onClick);
    return b;
  }

  function render(): void {
    dialog.replaceChildren();
    const h = document.createElement('h2');
    h.textContent = 'Controls';
    const intro = document.createElement('p');
    intro.textContent =
      'Click “change”, then press the key or gamepad control to use. Esc cancels. Each device keeps its own settings in this browser.';
    dialog.append(h, intro);

    const kb = document.createElement('table');
    kb.className = 'remap-table';
    kb.dataset.device = 'keyboard';
    kb.createCaption().textContent = 'PC keyboard (steers in “steer” mode; arrows and Ctrl steer in both modes)';
    const bindings = store.keyboard();
    for (const action of JOY_KEYS) {
      const row = kb.insertRow();
      const [stick, sw] = action.split('_');
      row.insertCell().textContent = `${LABEL[stick]} ${sw.toLowerCase()}`;
      const cell = row.insertCell();
      cell.className = 'binding';
      cell.dataset.action = action;
      const isWaiting = waiting?.device === 'keyboard' && waiting.action === action;
      cell.textContent = isWaiting ? 'press a key…' : bindings[action] || '(none)';
      row.insertCell().append(
        button(
          'change',
          () => {
            waiting = { device: 'keyboard', action };
            render();
          },
          { 'data-change': action },
        ),
      );
    }
    dialog.append(
      kb,
      button('Default keys', () => {
        store.resetDevice('keyboard');
        view.onChange();
        render();
      }),
    );

    const pads = connectedPads(getPads);
    if (pads.length === 0) {
      const p = document.createElement('p');
      p.textContent = 'No gamepad seen yet: connect one and press a button on it.';
      dialog.append(p);
    }
    pads.forEach((pad, n) => {
      const t = document.createElement('table');
      t.className = 'remap-table';
      t.dataset.device = pad.id;
      t.createCaption().textContent = `Gamepad ${n + 1}: ${pad.id} → ${n === 0 ? LABEL.J0 : LABEL.J1}`;
      const pb = store.pad(pad.id);
      for (const action of STICK_ACTIONS) {
        const row = t.insertRow();
        row.insertCell().textContent = action.toLowerCase();
        const isWaiting = waiting?.device === pad.id && waiting.action === action;
        row.insertCell().textContent = isWaiting ? 'press a control…' : pb[action].join(', ') || '(none)';
        row.insertCell().append(
          button('change', () => {
            waiting = { device: pad.id, action };
            render();
          }),
        );
      }
      dialog.append(
        t,
        button('Default controls', () => {
          store.resetDevice(pad.id);
          view.onChange();
          render();
        }),
      );
    });
    const close = button(
      'Done',
      () => {
        waiting = undefined;
        dialog.close();
      },
      { id: 'console-remap-done' },
    );
    dialog.append(close);
  }

  dialog.addEventListener('close', () => {
    waiting = undefined;
  });
  return view;
}
