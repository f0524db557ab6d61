/**
 * The table's touch controls (issue 35: a phone or tablet could not play the table): ENTER and SPACE,
 * and both hand controls with their fire buttons, the left one (J0, red) and the right one (J1, blue),
 * so two people can share a tablet or a phone user holds one while a pad or the computer holds the
 * other. The same markup as the console's touch panel (`data-key="ENTER"`, `data-stick="J0_LEFT"` …),
 * so what drives one drives both; each press goes on at once to the machine's key queue, as a key does.
 */
import { PointerHolds, STICK_PAD, plainButton, pressable } from './touch.ts';

export interface TableTouch {
  element: HTMLElement;
  /** Lets go of every pointer's keys (the window lost the focus). */
  releaseAll(): void;
}

function stick(control: 0 | 1, holds: PointerHolds): HTMLElement {
  const pad = document.createElement('div');
  pad.className = 'o2-stick';
  pad.setAttribute('aria-label', control === 0 ? 'Left hand control (J0, red)' : 'Right hand control (J1, blue)');
  for (const [label, dirs] of STICK_PAD) {
    const b = plainButton('o2-stick-btn', label);
    const names = dirs.map((d) => `J${control}_${d}`);
    b.dataset.stick = names.join(' ');
    pressable(b, names, holds);
    pad.append(b);
  }
  return pad;
}

function key(name: 'ENTER' | 'SPACE', holds: PointerHolds): HTMLElement {
  const b = plainButton('o2-key tb-touch-key', name);
  b.dataset.key = name;
  b.title = name === 'ENTER' ? 'ENTER: starts the battle' : 'SPACE: stops the readout, goes on from a result';
  pressable(b, [name], holds);
  return b;
}

/** `send(name, down)`: ENTER, SPACE or a stick switch (J0_…, J1_…) went down or up under a pointer. */
export function createTableTouch(send: (name: string, down: boolean) => void): TableTouch {
  const holds = new PointerHolds(send);
  const element = document.createElement('div');
  element.className = 'o2-touch tb-touch';
  element.setAttribute('aria-label', 'Touch controls: both hand controls, ENTER and SPACE');
  const keys = document.createElement('div');
  keys.className = 'tb-touch-keys';
  keys.append(key('ENTER', holds), key('SPACE', holds));
  element.append(stick(0, holds), keys, stick(1, holds));
  return { element, releaseAll: () => holds.liftAll() };
}
