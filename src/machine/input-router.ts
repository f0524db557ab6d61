/**
 * Where the players' input goes: PC keys, gamepads (polled each animation frame while one is connected) and the touch panel,
 * to the one machine. O2 keyboard keys travel as presses and releases to the worker's key queue,
 * which applies them at frame boundaries, so a tap shorter than a frame still reaches the program.
 * The touch panel's keys, stick and RESET take that same path (a finger's tap is as short as a key's);
 * PC stick keys, pads and RESET travel as the held snapshot. A page gives the router its own
 * shortcuts (F-keys on the console page) and says which keys are its own.
 */
import { KEY_NAMES, keyCode, keyCodeOf } from '../../rom-core/machine/index.ts';
import type { KeyCode } from '../../rom-core/machine/index.ts';
import { BindingStore } from '../input/bindings.ts';
import { REWIND_CODE, REWIND_FAST_PAD_BUTTON, REWIND_PAD_BUTTON, buildSnapshot, resolveKey } from '../input/keymap.ts';
import type { InputMode, JoyKey } from '../input/keymap.ts';
import { connectedPads, controlActive, padStick } from '../input/gamepad.ts';
import { PadSeats } from '../input/pad-seats.ts';
import { PadLoop } from '../input/pad-loop.ts';
import type { PadLike } from '../input/gamepad.ts';
import { createTouchPanel } from '../input/touch.ts';
import type { TouchPanel } from '../input/touch.ts';
import { createRemapView } from '../input/remap-view.ts';
import type { RemapView } from '../input/remap-view.ts';
import { choice, flag } from '../platform/settings.ts';
import type { MachineHost } from './machine-host.ts';

export const INPUT_MODE = choice<InputMode>('o2conquest.console.inputMode', ['type', 'steer'], 'type');
export const SWAP = flag('o2conquest.console.swap');

export interface InputRouterOptions {
  /** The element whose focus means "keys go to the console" (the screen box). */
  screen: HTMLElement;
  /** A page's own key (a shortcut): return true when it took the key. */
  shortcut?(e: KeyboardEvent): boolean;
  /** Keys the page keeps for itself in this element (e.g. its buttons and forms). */
  ownsKey?(e: KeyboardEvent): boolean;
  /**
   * True while a battle is fought (the table): both hand controls steer from their keys whatever the
   * mode (nobody types on the O2 keyboard then: the companion typed the entry), and the stick keys
   * reach the machine wherever the focus is, except in a text field.
   */
  battle?(): boolean;
  /** The page runs the game backwards while REWIND_CODE (or a pad's left shoulder) is held (the console page). */
  rewind?: boolean;
}

/** A field people type text into: its keys are never taken for the console. */
function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t instanceof HTMLTextAreaElement) return true;
  return (
    t instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(t.type)
  );
}

export class InputRouter {
  readonly bindings = new BindingStore(localStorage);
  readonly touch: TouchPanel;
  readonly remap: RemapView;
  /** Which hand control each gamepad holds (kept while it stays connected). */
  private readonly padSeats = new PadSeats();
  private keyBindings: Record<JoyKey, string>;
  private readonly bindingListeners = new Set<() => void>();
  mode: InputMode = INPUT_MODE.get();
  swap = SWAP.get();
  /** Held PC keys (KeyboardEvent.code) -> the stick switch they hold. */
  private readonly heldJoy = new Map<string, KeyCode>();
  /** Held PC keys -> the O2 key (its code) they pressed in the key queue. */
  private readonly heldKeys = new Map<string, KeyCode>();
  /** Touch panel names held -> the key code sent for them (a stick as swapped when it went down). */
  private readonly heldTouch = new Map<string, KeyCode>();
  private lastShown = '';
  private resetPulse = false;
  /** The rewind key is held (keyboard), and Shift with it (double speed). */
  private rewindKey = false;
  private shift = false;
  /** Polls the pads and sends the held snapshot each animation frame, only while a pad is there or a control is held. */
  private readonly padLoop: PadLoop;
  /** Called with the pads at each poll (the table's Start button), and with none on the last poll. */
  private readonly padListeners = new Set<(pads: PadLike[]) => void>();
  private lastInput = '';
  private lastInputSent = 0;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: MachineHost,
    private readonly options: InputRouterOptions,
  ) {
    this.keyBindings = this.bindings.keyboard();
    this.touch = createTouchPanel((name, down) => this.touchKey(name, down));
    this.touch.element.hidden = !matchMedia('(pointer: coarse)').matches;
    this.remap = createRemapView(
      this.bindings,
      () => this.pads(),
      (pads) => this.padSeats.seat(pads),
    );
    this.remap.onChange = () => {
      this.keyBindings = this.bindings.keyboard();
      for (const fn of this.bindingListeners) fn();
    };
    const onKeyDown = (e: KeyboardEvent): void => this.keyDown(e);
    const onKeyUp = (e: KeyboardEvent): void => this.keyUp(e);
    const onBlur = (): void => this.releaseAll();
    const onVisibility = (): void => {
      this.releaseAll();
      void this.host.runtime?.api.setHidden(document.hidden);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', onVisibility);
    this.cleanups.push(() => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisibility);
    });
    this.padLoop = new PadLoop(() => this.poll());
  }

  private keyDown(e: KeyboardEvent): void {
    if (this.remap.keydown(e)) return;
    if (this.remap.element.open) return;
    if (this.options.shortcut?.(e)) return;
    if (this.rewindKeyChange(e, true)) return;
    const battle = this.options.battle?.() === true;
    const action = this.action(e, battle);
    if (!action) return;
    e.preventDefault();
    // A held stick key or RESET is sent again each frame (and its release at the last one).
    this.padLoop.wake();
    if ('joy' in action) {
      this.heldJoy.set(e.code, keyCodeOf(action.joy));
      // At once, not at the next animation frame: the worker runs a frame for it (WorkerHost.inputArrived).
      this.sendHeld(this.pads());
      return;
    }
    if (e.repeat || this.heldKeys.has(e.code)) return;
    this.heldKeys.set(e.code, action.key);
    this.host.runtime?.sendKey(action.key, true);
  }

  /**
   * What a keydown does, or undefined when it is not the console's. In a battle a stick key steers
   * wherever the focus is (but a text field); other keys follow the page's rules as ever.
   */
  private action(e: KeyboardEvent, battle: boolean): ReturnType<typeof resolveKey> {
    if (battle && !isTextField(e.target)) {
      const steer = resolveKey(e.code, e.key, 'steer', this.keyBindings);
      if (steer && 'joy' in steer) return steer;
    }
    if (!this.keysGoToConsole(e)) return undefined;
    return resolveKey(e.code, e.key, battle ? 'steer' : this.mode, this.keyBindings);
  }

  /** The stick keys now (remapping included). */
  keys(): Readonly<Record<JoyKey, string>> {
    return this.keyBindings;
  }

  /** Calls `fn` whenever the stick keys are remapped; returns the unsubscribe. */
  onBindings(fn: () => void): () => void {
    this.bindingListeners.add(fn);
    return () => this.bindingListeners.delete(fn);
  }

  /**
   * The rewind key going down or up (true: it was the rewind key, taken), and Shift with it; Shift
   * still does what it does besides (Left Shift fires the right control in steer mode).
   */
  private rewindKeyChange(e: KeyboardEvent, down: boolean): boolean {
    if (!this.options.rewind) return false;
    if (this.shift !== e.shiftKey) {
      this.shift = e.shiftKey;
      if (this.rewindKey) this.sendHeld(this.pads());
    }
    if (e.code !== REWIND_CODE || (down && !this.keysGoToConsole(e))) return false;
    e.preventDefault();
    if (this.rewindKey !== down) {
      this.rewindKey = down;
      this.sendHeld(this.pads());
      this.padLoop.wake();
    }
    return true;
  }

  /** How fast the players ask to go back: 0 not, 1 a frame a frame, 2 double speed. */
  private rewindHeld(pads: PadLike[]): 0 | 1 | 2 {
    if (!this.options.rewind) return 0;
    if (pads.some((p) => this.padRewinds(p, REWIND_FAST_PAD_BUTTON))) return 2;
    if (this.rewindKey) return this.shift ? 2 : 1;
    return pads.some((p) => this.padRewinds(p, REWIND_PAD_BUTTON)) ? 1 : 0;
  }

  /** A pad's rewind button is held, unless the player bound it to the stick. */
  private padRewinds(pad: PadLike, button: string): boolean {
    return controlActive(pad, button) && !Object.values(this.bindings.pad(pad.id)).some((c) => c.includes(button));
  }

  private keyUp(e: KeyboardEvent): void {
    if (this.rewindKeyChange(e, false)) return;
    if (this.heldJoy.delete(e.code)) {
      e.preventDefault();
      this.sendHeld(this.pads());
    }
    const key = this.heldKeys.get(e.code);
    if (key !== undefined) {
      this.heldKeys.delete(e.code);
      this.host.runtime?.sendKey(key, false);
      e.preventDefault();
    }
  }

  /**
   * A touch panel key went down or up (`swappable`: the console panel's one stick): to the key queue like a PC key. The panel's stick is the left
   * hand control, or the right one when the controls are swapped (as the snapshot swaps PC sticks);
   * the release goes to the control the press went to, whatever the swap did in between.
   */
  touchKey(name: string, down: boolean, swappable = true): void {
    if (down) {
      if (this.heldTouch.has(name)) return;
      // The table's touch controls name their control (J0, J1) themselves: only the console's one stick follows the swap.
      // The panel's name becomes the key's code here, where it comes in from the page.
      const sent = keyCode(swappable && this.swap && name.startsWith('J0_') ? `J1_${name.slice(3)}` : name);
      if (sent === undefined) return;
      this.heldTouch.set(name, sent);
      this.host.runtime?.sendKey(sent, true);
      this.padLoop.wake();
      return;
    }
    const sent = this.heldTouch.get(name);
    if (sent === undefined) return;
    this.heldTouch.delete(name);
    this.host.runtime?.sendKey(sent, false);
  }

  private releaseAll(): void {
    this.touch.releaseAll();
    this.rewindKey = false;
    this.heldJoy.clear();
    for (const key of this.heldKeys.values()) this.host.runtime?.sendKey(key, false);
    this.heldKeys.clear();
  }

  /** Keys reach the console unless the user is typing into a form field or working a control. */
  private keysGoToConsole(e: KeyboardEvent): boolean {
    if (this.options.ownsKey?.(e)) return false;
    const t = e.target as HTMLElement | null;
    if (!t || t === document.body || t === this.options.screen || t === document.documentElement) return true;
    if (t.closest('input, select, textarea, [contenteditable], dialog')) return false;
    if (t.closest('button, a, summary')) return e.code !== 'Space' && e.code !== 'Enter';
    return true;
  }

  toggleMode(): InputMode {
    this.mode = this.mode === 'type' ? 'steer' : 'type';
    INPUT_MODE.set(this.mode);
    this.releaseAll();
    return this.mode;
  }

  setSwap(swap: boolean): void {
    this.swap = swap;
    SWAP.set(swap);
  }

  /** The console's RESET key, held for a moment (about six frames). */
  async pressReset(): Promise<void> {
    this.resetPulse = true;
    this.padLoop.wake();
    await new Promise((r) => setTimeout(r, 100));
    this.resetPulse = false;
  }

  pads(): PadLike[] {
    return connectedPads(() => (navigator.getGamepads ? navigator.getGamepads() : []) as readonly (PadLike | null)[]);
  }

  /** Calls `fn` with the connected pads at each poll (none at the last one); returns the unsubscribe. */
  onPads(fn: (pads: PadLike[]) => void): () => void {
    this.padListeners.add(fn);
    return () => this.padListeners.delete(fn);
  }

  /** Animation frames the pad loop has run (the page's probe: none while no pad is connected and nothing held). */
  get padFrames(): number {
    return this.padLoop.frames;
  }

  /** One animation frame's poll; true while there is reason to poll at the next one. */
  private poll(): boolean {
    const pads = this.pads();
    this.remap.poll(pads);
    this.sendHeld(pads);
    for (const fn of this.padListeners) fn(pads);
    return pads.length > 0 || this.holding();
  }

  /** Something held must be sent again each frame, or shown on the touch panel until it is let go. */
  private holding(): boolean {
    return (
      this.heldJoy.size > 0 || this.heldKeys.size > 0 || this.heldTouch.size > 0 || this.resetPulse || this.rewindKey
    );
  }

  private sendHeld(pads: PadLike[]): void {
    const joy: [number, number] = [0, 0];
    // Each pad steers the control it holds (a pad keeps its control when another is unplugged).
    const seats = this.padSeats.seat(pads);
    pads.forEach((pad, i) => {
      const control = seats[i];
      if (control !== null) joy[control] |= padStick(pad, this.bindings.pad(pad.id));
    });
    const reset = this.resetPulse;
    const snapshot = buildSnapshot(this.heldJoy.values(), joy, reset, this.swap, this.rewindHeld(pads));
    const text = snapshot.join(',');
    const now = performance.now();
    // A held-state snapshot every animation frame is cheap (11 bytes); skip only exact repeats within 100 ms.
    if (text !== this.lastInput || now - this.lastInputSent > 100) {
      this.host.runtime?.sendInput(snapshot);
      this.lastInput = text;
      this.lastInputSent = now;
    }
    if (!this.touch.element.hidden) {
      const codes = [...this.heldJoy.values(), ...this.heldKeys.values()];
      const shown = new Set([
        ...codes.map((code) => KEY_NAMES[code]),
        ...this.touch.held(),
        ...(reset ? ['RESET'] : []),
      ]);
      const key = [...shown].sort().join(' ');
      if (key !== this.lastShown) {
        this.touch.showHeld(shown);
        this.lastShown = key;
      }
    }
  }

  destroy(): void {
    this.padLoop.stop();
    this.releaseAll();
    for (const c of this.cleanups) c();
    this.touch.destroy();
    this.remap.element.remove();
  }
}
