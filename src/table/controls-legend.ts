/**
 * The keys of each hand control, shown beside the console in the seat's colour while a war is on: who
 * holds the left (red) and the right (blue) control, the PC keys that steer and fire it (as remapped in
 * this browser), and which gamepad drives it. Two people at one keyboard read their own keys here; a
 * computer's control says that the computer steers it.
 */
import { h, button } from '../platform/h.ts';
import { stickKeysText } from '../input/keymap.ts';
import type { JoyKey, StickName } from '../input/keymap.ts';

export interface ControlsLegendInput {
  /** Who holds the left (red) and the right (blue) control. */
  red: string;
  blue: string;
  /** The stick keys now (InputRouter.keys()). */
  keys: Readonly<Record<JoyKey, string>>;
  /** The console's "swap controls" setting: the keyboard's J0 keys then drive the right control. */
  swapped: boolean;
  /** The computer's level for a seat it plays, or null for a person. */
  computer(name: string): string | null;
  /** Opens the key remapping dialog. */
  remap(): void;
  /** A touch screen: the on-screen sticks by the picture steer (keys and gamepads too). */
  touch?: boolean;
}

function side(colour: 'red' | 'blue', name: string, input: ControlsLegendInput): HTMLElement {
  const left = colour === 'red';
  const level = input.computer(name);
  const where = left ? 'left (red)' : 'right (blue)';
  // The console's swap setting exchanges the two sticks for every input device alike.
  const stick: StickName = left !== input.swapped ? 'J0' : 'J1';
  const pad = left !== input.swapped ? 1 : 2;
  const how = level ? `the computer (${level}) steers` : `${stickKeysText(input.keys, stick)}; pad ${pad}`;
  return h(
    'div',
    {
      class: left ? 'tb-red' : 'tb-blue',
      'data-control': left ? 'left' : 'right',
      title: `${name} holds the ${where} hand control`,
    },
    h('strong', {}, name),
    ` · ${where}: `,
    h('span', { class: 'tb-keys' }, how),
  );
}

export function renderControlsLegend(input: ControlsLegendInput, ...extra: HTMLElement[]): HTMLElement {
  return h(
    'div',
    { class: 'tb-controls', 'data-controls': '' },
    h('div', { class: 'tb-sides' }, side('red', input.red, input), side('blue', input.blue, input)),
    h(
      'p',
      { class: 'tb-hint' },
      input.touch
        ? 'In a battle the on-screen sticks by the picture steer, the left one the red control and the right one the blue (these keys and gamepads too). '
        : `In a battle these keys steer wherever you clicked; gamepad ${input.swapped ? 2 : 1} holds the left control. `,
      button('Change keys', 'remap-keys', input.remap, { class: 'bv-link' }),
      ' ',
      ...extra,
    ),
  );
}
