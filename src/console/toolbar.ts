/**
 * The console page's controls: one row above the screen with what a player needs while playing
 * (pause, reset, save slot, fullscreen, volume, mute, the status message) and "More controls" beside
 * the screen, all of them plain labelled buttons. The page gives the actions.
 */
import { button, el } from '../platform/dom.ts';
import { muted, setMuted, setVolume, volume } from '../audio/output.ts';
import { setUiSoundsEnabled, uiSoundsEnabled } from '../audio/ui-sounds.ts';
import type { DisplayMode } from '../render/fit.ts';

export interface ToolbarActions {
  togglePause(): void;
  reset(): void;
  save(): void;
  load(): void;
  fullscreen(): void;
  stepFrame(): void;
  toggleFast(): void;
  powerCycle(): void;
  toggleDebugger(): void;
  downloadState(): void;
  openState(files: FileList | null): void;
  screenshot(): void;
  openRom(files: FileList | null): void;
  useBuiltins(): void;
  toggleMode(): void;
  remap(): void;
  toggleKeyboard(): void;
  setSwap(swap: boolean): void;
  setDisplay(mode: DisplayMode): void;
}

export interface ToolbarParts {
  slotSelect: HTMLSelectElement;
  swap: boolean;
  display: DisplayMode;
}

export class Toolbar {
  readonly row: HTMLElement;
  readonly more: HTMLElement;
  readonly message: HTMLElement;
  private readonly pauseButton: HTMLButtonElement;
  private readonly ffButton: HTMLButtonElement;
  private readonly modeButton: HTMLButtonElement;

  constructor(a: ToolbarActions, parts: ToolbarParts) {
    this.pauseButton = button('console-pause', 'Pause', 'Pause or resume (F6)', () => a.togglePause());
    this.ffButton = button('console-ff', 'Fast ×4', 'Fast-forward on/off (F3)', () => a.toggleFast());
    this.modeButton = button(
      'console-mode',
      '',
      'Switch between typing on the O2 keyboard and steering with the keys (Caps Lock or F1)',
      () => a.toggleMode(),
    );
    this.message = messageLine();
    this.row = controlsRow(a, parts.slotSelect, this.pauseButton, this.message);
    this.more = moreControls(a, parts, this.ffButton, this.modeButton);
  }

  showStatus(running: boolean, speed: number): void {
    this.pauseButton.textContent = running ? 'Pause' : 'Resume';
    this.ffButton.setAttribute('aria-pressed', String(speed > 1));
  }

  showMode(mode: 'type' | 'steer'): void {
    this.modeButton.textContent = mode === 'type' ? 'Keys: type' : 'Keys: steer';
    this.modeButton.dataset.mode = mode;
  }

  /** A sentence in the message line; `action` (a button) follows it until the next sentence. */
  say(text: string, kind: 'info' | 'error' = 'info', action?: HTMLButtonElement): void {
    const m = this.message;
    m.textContent = text;
    if (action) m.append(' ', action);
    m.dataset.kind = kind;
    m.classList.remove('expanded');
    // Whether the line cuts it short is known once laid out: then a click shows it whole, and the
    // tooltip has it too.
    requestAnimationFrame(() => {
      const clamped = m.scrollHeight > m.clientHeight + 1 && !m.classList.contains('expanded');
      m.toggleAttribute('data-clamped', clamped);
      if (clamped) m.title = `${text} (click to read it whole)`;
      else m.removeAttribute('title');
    });
  }

  showingError(): boolean {
    return this.message.dataset.kind === 'error' && this.message.textContent !== '';
  }
}

/** The status message; a sentence cut short by the line's fixed height is shown whole on a click (see console.css). */
function messageLine(): HTMLElement {
  const message = el('p', { class: 'console-message', id: 'console-message', role: 'status', 'aria-live': 'polite' });
  message.addEventListener('click', (e) => {
    if (e.target !== message) return; // the message's own button does its own thing
    if (message.dataset.clamped !== undefined || message.classList.contains('expanded'))
      message.classList.toggle('expanded');
  });
  return message;
}

/** The row above the screen: pause and reset, the save slot, fullscreen, volume and mute, then the message. */
function controlsRow(
  a: ToolbarActions,
  slotSelect: HTMLSelectElement,
  pauseButton: HTMLButtonElement,
  message: HTMLElement,
): HTMLElement {
  const vol = el('input', {
    type: 'range',
    min: '0',
    max: '1',
    step: '0.05',
    id: 'console-volume',
    title: 'Volume (also for the app’s own sounds)',
  });
  vol.addEventListener('input', () => setVolume(Number(vol.value)));
  const mute = el('input', { type: 'checkbox', id: 'console-mute' });
  mute.addEventListener('change', () => setMuted(mute.checked));
  queueMicrotask(() => {
    vol.value = String(volume());
    mute.checked = muted();
  });
  // The controls are one box of their own so a phone can scroll them sideways within it.
  return el(
    'div',
    { class: 'console-toolbar', role: 'toolbar', 'aria-label': 'Console controls' },
    el(
      'div',
      { class: 'console-controls' },
      el(
        'div',
        { class: 'group' },
        pauseButton,
        button('console-reset', 'Reset', 'Press the console’s RESET key', () => a.reset()),
      ),
      el(
        'div',
        { class: 'group' },
        slotSelect,
        button('console-save', 'Save', 'Save state in the slot (F2)', () => a.save()),
        button('console-load', 'Load', 'Load the slot’s state (F4)', () => a.load()),
      ),
      el(
        'div',
        { class: 'group' },
        button('console-fullscreen', 'Fullscreen', 'Fill the screen (Esc leaves)', () => a.fullscreen()),
        el('label', { title: 'Volume (also for the app’s own sounds)' }, 'volume ', vol),
        el('label', { title: 'Mute everything' }, mute, ' mute'),
      ),
    ),
    // The status message shares the toolbar's row (it wraps below it when the row is full).
    message,
  );
}

/** "More controls" beside the screen: frame step to power, files, ROMs, input, and the options. */
function moreControls(
  a: ToolbarActions,
  parts: ToolbarParts,
  ffButton: HTMLButtonElement,
  modeButton: HTMLButtonElement,
): HTMLElement {
  const stateFile = el('input', {
    type: 'file',
    id: 'console-state-file',
    accept: '.o2s,application/octet-stream',
    hidden: '',
  });
  stateFile.addEventListener('change', () => a.openState(stateFile.files));
  const romFile = el('input', { type: 'file', id: 'console-rom-file', multiple: '', hidden: '' });
  romFile.addEventListener('change', () => a.openRom(romFile.files));
  return el(
    'div',
    { class: 'console-more', role: 'group', 'aria-labelledby': 'console-more-title' },
    el('h2', { id: 'console-more-title', text: 'More controls' }),
    el(
      'div',
      { class: 'more-row' },
      button('console-step', 'Frame ▸', 'Run one frame while paused (F7)', () => a.stepFrame()),
      ffButton,
      button('console-power', 'Power cycle', 'Switch off and on (clears RAM)', () => a.powerCycle()),
      button('console-debug', 'Debugger', 'Show the debugger (F9)', () => a.toggleDebugger()),
    ),
    el(
      'div',
      { class: 'more-row' },
      button('console-download', 'Download state', 'Save the state as a file', () => a.downloadState()),
      button('console-open-state', 'Open state…', 'Load a state file (or drop it on the screen)', () =>
        stateFile.click(),
      ),
      stateFile,
      button('console-screenshot', 'Screenshot', 'Save the picture as PNG (F8)', () => a.screenshot()),
    ),
    el(
      'div',
      { class: 'more-row' },
      button('console-open-rom', 'Open ROM…', 'BIOS, cartridge or character ROM image (or drop it on the screen)', () =>
        romFile.click(),
      ),
      romFile,
      button('console-builtin', 'Our ROMs', 'Boot our own BIOS and cartridge again', () => a.useBuiltins()),
    ),
    el(
      'div',
      { class: 'more-row' },
      modeButton,
      button('console-remap', 'Controls…', 'Choose keys and gamepad buttons', () => a.remap()),
      button('console-keyboard', 'Keyboard', 'Show the O2 keyboard (touch it, or see which PC key is which)', () =>
        a.toggleKeyboard(),
      ),
    ),
    optionsRow(a, parts),
  );
}

/** The last row of "More controls": swap, picture shape, interface sounds. */
function optionsRow(a: ToolbarActions, parts: ToolbarParts): HTMLElement {
  const swapBox = el('input', { type: 'checkbox', id: 'console-swap' });
  swapBox.checked = parts.swap;
  swapBox.addEventListener('change', () => a.setSwap(swapBox.checked));
  const display = el(
    'select',
    { id: 'console-display', title: 'Picture shape' },
    el('option', { value: 'integer', text: 'sharp (whole multiples)' }),
    el('option', { value: '4:3', text: 'TV shape (4:3)' }),
    el('option', { value: 'crt', text: 'CRT TV (scanlines, curve, glow)' }),
  );
  display.value = parts.display;
  display.addEventListener('change', () => a.setDisplay(display.value as DisplayMode));
  const uiSoundBox = el('input', { type: 'checkbox', id: 'console-ui-sounds' });
  uiSoundBox.checked = uiSoundsEnabled();
  uiSoundBox.addEventListener('change', () => setUiSoundsEnabled(uiSoundBox.checked));
  return el(
    'div',
    { class: 'more-row' },
    el(
      'label',
      { title: 'Exchange the left and right hand controls (games differ in which is player 1)' },
      swapBox,
      ' swap controls',
    ),
    el('label', { title: 'Picture shape' }, 'picture ', display),
    el(
      'label',
      { title: 'Short sounds when a save, load or screenshot is done (the volume and mute above govern them)' },
      uiSoundBox,
      ' interface sounds',
    ),
  );
}
