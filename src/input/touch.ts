/**
 * The on-screen Odyssey² keyboard and hand control: playable by touch or mouse, and at the same time
 * the picture of which PC key types which O2 key (each key shows its PC key in small print).
 *
 * Each press and release is handed on at once (`send`), not sampled: the page passes them to the
 * worker's key queue, the same path as a PC key, so a tap of 1 ms still reaches the program. A held
 * snapshot read once an animation frame would miss a tap that starts and ends between two frames.
 */
import { O2_LAYOUT, PC_LEGEND } from './keymap.ts';

export interface TouchPanel {
  element: HTMLElement;
  /** O2 key and stick names held by pointers right now (for the picture of held keys). */
  held(): Set<string>;
  /** Marks keys held from any source (keyboard too), so the picture shows what the machine gets. */
  showHeld(names: Set<string>): void;
  /** Lets go of every pointer's keys (the window lost the focus): each held name is sent up. */
  releaseAll(): void;
  destroy(): void;
}

/** The stick's nine buttons: a label and the switches it closes (FIRE in the middle). */
export const STICK_PAD: [string, string[]][] = [
  ['↖', ['UP', 'LEFT']],
  ['↑', ['UP']],
  ['↗', ['UP', 'RIGHT']],
  ['←', ['LEFT']],
  ['FIRE', ['FIRE']],
  ['→', ['RIGHT']],
  ['↙', ['DOWN', 'LEFT']],
  ['↓', ['DOWN']],
  ['↘', ['DOWN', 'RIGHT']],
];

/**
 * Which names each pointer holds: two fingers on one key are one press, sent up when the last lifts.
 * `send(name, down)` hears each name go down and up once.
 */
export class PointerHolds {
  private readonly pointers = new Map<number, string[]>();
  private readonly holders = new Map<string, number>();

  constructor(private readonly send: (name: string, down: boolean) => void) {}

  down(pointerId: number, names: string[]): void {
    if (this.pointers.has(pointerId)) return;
    this.pointers.set(pointerId, names);
    for (const n of names) {
      const count = this.holders.get(n) ?? 0;
      this.holders.set(n, count + 1);
      if (count === 0) this.send(n, true);
    }
  }

  lift(pointerId: number): void {
    const names = this.pointers.get(pointerId);
    if (!names) return;
    this.pointers.delete(pointerId);
    for (const n of names) {
      const count = (this.holders.get(n) ?? 1) - 1;
      if (count > 0) this.holders.set(n, count);
      else {
        this.holders.delete(n);
        this.send(n, false);
      }
    }
  }

  held(): Set<string> {
    const out = new Set<string>();
    for (const names of this.pointers.values()) for (const n of names) out.add(n);
    return out;
  }

  liftAll(): void {
    for (const id of [...this.pointers.keys()]) this.lift(id);
  }

  clear(): void {
    this.pointers.clear();
    this.holders.clear();
  }
}

export function plainButton(className: string, text?: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  if (text !== undefined) b.textContent = text;
  return b;
}

/** Makes `el` hold `names` while a pointer is down on it (touch or mouse), through `holds`. */
export function pressable(el: HTMLElement, names: string[], holds: PointerHolds): void {
  // Not focusable: a tapped key must not keep the focus (Space and Enter would then press it again).
  el.tabIndex = -1;
  el.addEventListener('mousedown', (e) => e.preventDefault());
  el.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    holds.down(e.pointerId, names);
  });
  const up = (e: PointerEvent): void => holds.lift(e.pointerId);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('lostpointercapture', up);
  el.addEventListener('contextmenu', (e) => e.preventDefault());
}

/** The panel: the O2 keyboard and the left hand control with RESET; it owns its pointers and its keys. */
class TouchPanelView implements TouchPanel {
  readonly element = document.createElement('div');
  private readonly holds: PointerHolds;
  private readonly keyEls = new Map<string, HTMLElement>();

  constructor(send: (name: string, down: boolean) => void) {
    this.holds = new PointerHolds(send);
    this.element.className = 'o2-touch';
    const side = document.createElement('div');
    side.className = 'o2-stick-side';
    side.append(this.stick(), this.resetKey());
    this.element.append(this.keyboard(), side);
  }

  held(): Set<string> {
    return this.holds.held();
  }

  showHeld(names: Set<string>): void {
    for (const [name, el] of this.keyEls) el.classList.toggle('held', names.has(name));
  }

  releaseAll(): void {
    this.holds.liftAll();
  }

  destroy(): void {
    this.holds.clear();
    this.element.remove();
  }

  private press(el: HTMLElement, names: string[]): void {
    pressable(el, names, this.holds);
  }

  private keyboard(): HTMLElement {
    const keyboard = document.createElement('div');
    keyboard.className = 'o2-keyboard';
    keyboard.setAttribute('aria-label', 'Odyssey² keyboard (each key shows the PC key that types it)');
    for (const row of O2_LAYOUT) {
      const r = document.createElement('div');
      r.className = 'o2-row';
      for (const [legend, name, width = 1] of row) r.append(this.key(legend, name, width));
      keyboard.append(r);
    }
    return keyboard;
  }

  private key(legend: string, name: string, width: number): HTMLElement {
    const key = plainButton('o2-key');
    key.dataset.key = name;
    key.style.flexGrow = String(width);
    const top = document.createElement('span');
    top.className = 'o2-legend';
    top.textContent = legend;
    const pc = document.createElement('span');
    pc.className = 'pc-legend';
    pc.textContent = PC_LEGEND[name] ?? legend;
    key.append(top, pc);
    key.title = `O2 ${legend} — PC key: ${pc.textContent}`;
    this.press(key, [name]);
    this.keyEls.set(name, key);
    return key;
  }

  private stick(): HTMLElement {
    const stick = document.createElement('div');
    stick.className = 'o2-stick';
    stick.setAttribute('aria-label', 'Left hand control (J0)');
    for (const [label, dirs] of STICK_PAD) {
      const b = plainButton('o2-stick-btn', label);
      const names = dirs.map((d) => `J0_${d}`);
      b.dataset.stick = names.join(' ');
      this.press(b, names);
      if (dirs.length === 1) this.keyEls.set(names[0], b);
      stick.append(b);
    }
    return stick;
  }

  private resetKey(): HTMLElement {
    const reset = plainButton('o2-key o2-reset', 'RESET');
    reset.title = 'The console’s RESET key';
    this.press(reset, ['RESET']);
    this.keyEls.set('RESET', reset);
    return reset;
  }
}

/** `send(name, down)`: an O2 key or stick switch (J0_…) or RESET went down or up under a pointer. */
export function createTouchPanel(send: (name: string, down: boolean) => void): TouchPanel {
  return new TouchPanelView(send);
}
