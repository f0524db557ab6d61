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

const STICK_PAD: [string, string[]][] = [
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

/** `send(name, down)`: an O2 key or stick switch (J0_…) or RESET went down or up under a pointer. */
export function createTouchPanel(send: (name: string, down: boolean) => void): TouchPanel {
  const element = document.createElement('div');
  element.className = 'o2-touch';
  const pointers = new Map<number, string[]>();
  const keyEls = new Map<string, HTMLElement>();
  /** Pointers holding each name: two fingers on one key are one press, let go when the last lifts. */
  const holders = new Map<string, number>();

  const down = (pointerId: number, names: string[]): void => {
    if (pointers.has(pointerId)) return;
    pointers.set(pointerId, names);
    for (const n of names) {
      const count = holders.get(n) ?? 0;
      holders.set(n, count + 1);
      if (count === 0) send(n, true);
    }
  };
  const lift = (pointerId: number): void => {
    const names = pointers.get(pointerId);
    if (!names) return;
    pointers.delete(pointerId);
    for (const n of names) {
      const count = (holders.get(n) ?? 1) - 1;
      if (count > 0) holders.set(n, count);
      else {
        holders.delete(n);
        send(n, false);
      }
    }
  };

  const press = (el: HTMLElement, names: string[]): void => {
    // Not focusable: a tapped key must not keep the focus (Space and Enter would then press it again).
    el.tabIndex = -1;
    el.addEventListener('mousedown', (e) => e.preventDefault());
    el.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      el.setPointerCapture(e.pointerId);
      down(e.pointerId, names);
    });
    const up = (e: PointerEvent): void => lift(e.pointerId);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('lostpointercapture', up);
    el.addEventListener('contextmenu', (e) => e.preventDefault());
  };

  const keyboard = document.createElement('div');
  keyboard.className = 'o2-keyboard';
  keyboard.setAttribute('aria-label', 'Odyssey² keyboard (each key shows the PC key that types it)');
  for (const row of O2_LAYOUT) {
    const r = document.createElement('div');
    r.className = 'o2-row';
    for (const [legend, name, width = 1] of row) {
      const key = document.createElement('button');
      key.type = 'button';
      key.className = 'o2-key';
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
      press(key, [name]);
      keyEls.set(name, key);
      r.append(key);
    }
    keyboard.append(r);
  }

  const stick = document.createElement('div');
  stick.className = 'o2-stick';
  stick.setAttribute('aria-label', 'Left hand control (J0)');
  for (const [label, dirs] of STICK_PAD) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'o2-stick-btn';
    b.textContent = label;
    const names = dirs.map((d) => `J0_${d}`);
    b.dataset.stick = names.join(' ');
    press(b, names);
    if (dirs.length === 1) keyEls.set(names[0], b);
    stick.append(b);
  }
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 'o2-key o2-reset';
  reset.textContent = 'RESET';
  reset.title = 'The console’s RESET key';
  press(reset, ['RESET']);
  keyEls.set('RESET', reset);

  const side = document.createElement('div');
  side.className = 'o2-stick-side';
  side.append(stick, reset);
  element.append(keyboard, side);

  return {
    element,
    held() {
      const out = new Set<string>();
      for (const names of pointers.values()) for (const n of names) out.add(n);
      return out;
    },
    showHeld(names) {
      for (const [name, el] of keyEls) el.classList.toggle('held', names.has(name));
    },
    releaseAll() {
      for (const id of [...pointers.keys()]) lift(id);
    },
    destroy() {
      pointers.clear();
      holders.clear();
      element.remove();
    },
  };
}
