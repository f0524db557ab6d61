/**
 * The console page's controller: owns the worker runtime, the screen, sound, input sources, the ROM
 * library and the debugger, and the page's toolbar. Keyboard shortcuts are F-keys so they never
 * collide with typing on the O2 keyboard.
 */
import { ConsoleRuntime } from './runtime.ts';
import { button, download, el, speakerIcon } from './dom.ts';
import { Screen } from '../render/screen.ts';
import type { DisplayMode } from '../render/fit.ts';
import { ConsoleAudio, WORKLET_URL, muted, setMuted, setVolume, volume } from '../audio/output.ts';
import { playUiSound, setUiSoundsEnabled, uiSoundsEnabled } from '../audio/ui-sounds.ts';
import { BindingStore } from '../input/bindings.ts';
import { buildSnapshot, resolveKey } from '../input/keymap.ts';
import type { InputMode, JoyKey } from '../input/keymap.ts';
import { connectedPads, padStick } from '../input/gamepad.ts';
import type { PadLike } from '../input/gamepad.ts';
import { createTouchPanel } from '../input/touch.ts';
import type { TouchPanel } from '../input/touch.ts';
import { createRemapView } from '../input/remap-view.ts';
import type { RemapView } from '../input/remap-view.ts';
import { checkFileSize, classifyFile } from '../rom-library/classify.ts';
import { ConsoleStore, romKey } from '../rom-library/store.ts';
import type { ActiveRoms, PendingSave } from '../rom-library/store.ts';
import { createDebuggerPanel } from '../debugger/panel.ts';
import type { DebuggerPanel } from '../debugger/panel.ts';
import type { RomImages } from '../worker/protocol.ts';
import { registerOffline } from './offline.ts';

const MODE_KEY = 'o2conquest.console.inputMode';
const SWAP_KEY = 'o2conquest.console.swap';
const DISPLAY_KEY = 'o2conquest.console.display';
const BUILTIN_CART_KEY = 'o2conquest.console.builtinCart';
const SLOTS = 4;

/** What tests and the browser bench read (window.__o2console). */
export interface ConsoleProbe {
  ready: boolean;
  /** The start-up step in progress (for diagnosing a start that hangs). */
  stage: string;
  runtime(): ConsoleRuntime | undefined;
  shownFrame: number;
  framesShown: number;
  firstFrameAt: number | undefined;
  mainMsPerFrame(): number;
  audioStats(): Promise<unknown>;
  backend: string;
}

declare global {
  interface Window {
    __o2console?: ConsoleProbe;
  }
}

export class ConsoleApp {
  private runtime: ConsoleRuntime | undefined;
  private screen: Screen | undefined;
  private audio: ConsoleAudio | undefined;
  private store: ConsoleStore | undefined;
  private images: RomImages = {};
  private active: ActiveRoms = {};
  private machineKey = 'builtin';
  private readonly bindings = new BindingStore(localStorage);
  private keyBindings: Record<JoyKey, string>;
  private mode: InputMode;
  private swap: boolean;
  private readonly heldKeys = new Map<string, string>();
  private touch: TouchPanel;
  private remap: RemapView;
  private debuggerPanel: DebuggerPanel | undefined;
  private raf = 0;
  private destroyed = false;
  private running = false;
  private speed = 1;
  private pendingFrame: Uint8Array | undefined;
  private mainMs: number[] = [];
  private readonly probe: ConsoleProbe;
  private lastInput = '';
  private lastInputSent = 0;
  private readonly cleanups: (() => void)[] = [];
  private debugTimer: ReturnType<typeof setInterval> | undefined;

  // DOM
  private readonly root: HTMLElement;
  private readonly screenHost: HTMLElement;
  private readonly message: HTMLElement;
  private readonly alertBox: HTMLElement;
  private readonly soundPrompt: HTMLButtonElement;
  private readonly romList: HTMLElement;
  private readonly slotSelect: HTMLSelectElement;
  private readonly statusLine: HTMLElement;
  private readonly pauseButton: HTMLButtonElement;
  private readonly ffButton: HTMLButtonElement;
  private readonly modeButton: HTMLButtonElement;
  private readonly swapBox: HTMLInputElement;
  private readonly builtinSelect: HTMLSelectElement;
  private readonly libraryList: HTMLElement;

  constructor(private readonly container: HTMLElement) {
    this.keyBindings = this.bindings.keyboard();
    this.mode = localStorage.getItem(MODE_KEY) === 'steer' ? 'steer' : 'type';
    this.swap = localStorage.getItem(SWAP_KEY) === '1';
    this.probe = {
      ready: false,
      stage: 'constructed',
      runtime: () => this.runtime,
      shownFrame: -1,
      framesShown: 0,
      firstFrameAt: undefined,
      mainMsPerFrame: () => (this.mainMs.length ? this.mainMs.reduce((a, b) => a + b, 0) / this.mainMs.length : 0),
      audioStats: async () => (this.audio ? this.audio.stats() : undefined),
      backend: '',
    };
    window.__o2console = this.probe;

    this.screenHost = el('div', { class: 'console-screen', id: 'console-screen', tabindex: '0', 'aria-label': 'Odyssey² screen: keys typed here go to the console' });
    // An inline speaker drawing, not an emoji: headless and minimal systems lack emoji fonts.
    this.soundPrompt = el('button', { type: 'button', class: 'sound-prompt', id: 'console-sound-prompt' }, speakerIcon(),
      el('span', { text: 'Sound is off until you click or press a key — click here to turn it on' }));
    this.soundPrompt.hidden = true;
    this.soundPrompt.addEventListener('click', () => void this.unlockAudio());
    const dropHint = el('div', { class: 'drop-hint', text: 'Drop a BIOS, cartridge, character ROM or save state' });
    const screenWrap = el('div', { class: 'console-screen-wrap' }, this.screenHost, this.soundPrompt, dropHint);

    this.pauseButton = button('console-pause', 'Pause', 'Pause or resume (F6)', () => this.togglePause());
    this.ffButton = button('console-ff', 'Fast ×4', 'Fast-forward on/off (F3)', () => this.toggleFast());
    this.modeButton = button('console-mode', '', 'Switch between typing on the O2 keyboard and steering with the keys (Caps Lock or F10)', () => this.toggleMode());
    this.swapBox = el('input', { type: 'checkbox', id: 'console-swap' });
    this.swapBox.checked = this.swap;
    this.swapBox.addEventListener('change', () => {
      this.swap = this.swapBox.checked;
      localStorage.setItem(SWAP_KEY, this.swap ? '1' : '0');
    });
    const display = el('select', { id: 'console-display', title: 'Picture shape' },
      el('option', { value: 'integer', text: 'sharp (whole multiples)' }), el('option', { value: '4:3', text: 'TV shape (4:3)' }));
    display.value = localStorage.getItem(DISPLAY_KEY) === '4:3' ? '4:3' : 'integer';
    display.addEventListener('change', () => {
      localStorage.setItem(DISPLAY_KEY, display.value);
      this.screen?.setMode(display.value as DisplayMode);
    });
    const vol = el('input', { type: 'range', min: '0', max: '1', step: '0.05', id: 'console-volume', title: 'Volume (also for the app’s own sounds)' });
    vol.addEventListener('input', () => setVolume(Number(vol.value)));
    const mute = el('input', { type: 'checkbox', id: 'console-mute' });
    mute.addEventListener('change', () => setMuted(mute.checked));
    this.cleanups.push(() => undefined);
    queueMicrotask(() => {
      vol.value = String(volume());
      mute.checked = muted();
    });

    const uiSoundBox = el('input', { type: 'checkbox', id: 'console-ui-sounds' });
    uiSoundBox.checked = uiSoundsEnabled();
    uiSoundBox.addEventListener('change', () => setUiSoundsEnabled(uiSoundBox.checked));

    this.slotSelect = el('select', { id: 'console-slot', title: 'Save-state slot' });
    for (let i = 1; i <= SLOTS; i++) this.slotSelect.append(el('option', { value: String(i), text: `Slot ${i}` }));
    const stateFile = el('input', { type: 'file', id: 'console-state-file', accept: '.o2s,application/octet-stream', hidden: '' });
    stateFile.addEventListener('change', () => void this.takeFiles(stateFile.files));
    const romFile = el('input', { type: 'file', id: 'console-rom-file', multiple: '', hidden: '' });
    romFile.addEventListener('change', () => void this.takeFiles(romFile.files));

    // The controls a player needs while playing stay in one row above the screen; the rest sit in
    // a compact group beside it (below it on narrow screens), all of them plain labelled buttons.
    const toolbar = el('div', { class: 'console-toolbar', role: 'toolbar', 'aria-label': 'Console controls' },
      el('div', { class: 'group' },
        this.pauseButton,
        button('console-reset', 'Reset', 'Press the console’s RESET key', () => void this.pressReset())),
      el('div', { class: 'group' },
        this.slotSelect,
        button('console-save', 'Save', 'Save state in the slot (F2)', () => void this.saveSlot()),
        button('console-load', 'Load', 'Load the slot’s state (F4)', () => void this.loadSlot())),
      el('div', { class: 'group' },
        button('console-fullscreen', 'Fullscreen', 'Fill the screen (Esc leaves)', () => void screenWrap.requestFullscreen?.()),
        el('label', { title: 'Volume (also for the app’s own sounds)' }, 'volume ', vol),
        el('label', { title: 'Mute everything' }, mute, ' mute')),
    );
    const more = el('div', { class: 'console-more', role: 'group', 'aria-labelledby': 'console-more-title' },
      el('h2', { id: 'console-more-title', text: 'More controls' }),
      el('div', { class: 'more-row' },
        button('console-step', 'Frame ▸', 'Run one frame while paused (F7)', () => void this.stepFrame()),
        this.ffButton,
        button('console-power', 'Power cycle', 'Switch off and on (clears RAM)', () => void this.powerCycle()),
        button('console-debug', 'Debugger', 'Show the debugger (F9)', () => this.toggleDebugger())),
      el('div', { class: 'more-row' },
        button('console-download', 'Download state', 'Save the state as a file', () => void this.downloadState()),
        button('console-open-state', 'Open state…', 'Load a state file (or drop it on the screen)', () => stateFile.click()),
        stateFile,
        button('console-screenshot', 'Screenshot', 'Save the picture as PNG (F8)', () => void this.screenshot())),
      el('div', { class: 'more-row' },
        button('console-open-rom', 'Open ROM…', 'BIOS, cartridge or character ROM image (or drop it on the screen)', () => romFile.click()),
        romFile,
        button('console-builtin', 'Our ROMs', 'Boot our own BIOS and cartridge again', () => void this.useBuiltins())),
      el('div', { class: 'more-row' },
        this.modeButton,
        button('console-remap', 'Controls…', 'Choose keys and gamepad buttons', () => this.remap.open()),
        button('console-keyboard', 'Keyboard', 'Show the O2 keyboard (touch it, or see which PC key is which)', () => this.toggleKeyboard())),
      el('div', { class: 'more-row' },
        el('label', { title: 'Exchange the left and right hand controls (games differ in which is player 1)' }, this.swapBox, ' swap controls'),
        el('label', { title: 'Picture shape' }, 'picture ', display),
        el('label', { title: 'Short sounds when a save, load or screenshot is done (the volume and mute above govern them)' }, uiSoundBox, ' interface sounds')),
    );

    this.message = el('p', { class: 'console-message', id: 'console-message', role: 'status', 'aria-live': 'polite' });
    this.alertBox = el('div', { class: 'console-alert', id: 'console-alert', role: 'alert' });
    this.alertBox.hidden = true;
    this.statusLine = el('p', { class: 'console-status', id: 'console-status' });
    this.romList = el('ul', { class: 'console-roms', id: 'console-roms' });
    this.libraryList = el('ul', { class: 'console-library', id: 'console-library' });
    this.builtinSelect = el('select', { id: 'console-builtin-cart', title: 'Which of our own cartridges runs when you have not loaded one' });
    this.builtinSelect.addEventListener('change', () => {
      localStorage.setItem(BUILTIN_CART_KEY, this.builtinSelect.value);
      void this.useBuiltins();
    });
    const help = el('details', { class: 'console-help' },
      el('summary', { text: 'Keys' }),
      el('p', { text: 'Type mode: PC keys type the O2 keys shown on the keyboard picture; arrows steer the left control and Right Ctrl fires. Steer mode: arrows + Right Ctrl drive the left control, W A S D + Left Shift the right one; other keys still type. Caps Lock or F10 switches. F2 save, F4 load, F3 fast-forward, F6 pause, F7 frame step, F8 screenshot, F9 debugger.' }));
    const side = el('aside', { class: 'console-side' },
      more,
      el('h2', { text: 'Cartridge and BIOS' }), this.romList,
      el('label', {}, 'our cartridge: ', this.builtinSelect),
      el('h2', { text: 'Your images' }), this.libraryList, this.statusLine, help,
      el('p', { class: 'console-privacy', text: 'Images you load stay in this browser (IndexedDB); nothing is uploaded.' }));

    this.touch = createTouchPanel();
    this.touch.element.hidden = !matchMedia('(pointer: coarse)').matches;
    this.remap = createRemapView(this.bindings, () => this.pads());
    this.remap.onChange = () => {
      this.keyBindings = this.bindings.keyboard();
    };

    // The status message shares the toolbar's row (it wraps below it when the row is full).
    toolbar.append(this.message);
    this.root = el('section', { class: 'console', id: 'console' },
      toolbar, this.alertBox,
      // The touch panel follows the screen directly (before the side panel on narrow windows) so a
      // tablet player sees the picture and the stick and keyboard together.
      el('div', { class: 'console-main' }, screenWrap, this.touch.element, side),
      this.remap.element);
    container.append(this.root);
    this.updateModeButton();
    this.wireEvents(screenWrap);
  }

  // ------------------------------------------------------------------ start-up

  async start(): Promise<void> {
    this.probe.stage = 'opening the ROM library';
    let notice: string | undefined;
    const pending = ConsoleStore.takePendingSave();
    try {
      this.store = await ConsoleStore.open((why) => this.say(`Browser storage closed: ${why}. The game goes on; “Download state” still keeps a moment as a file.`, 'error'));
      this.active = await this.store.active();
      this.images = await this.loadActiveImages(this.active);
      if (pending) notice = await this.interruptedSaveNotice(pending);
    } catch (e) {
      this.images = {};
      notice = `The ROM library (browser storage) is not available: ${errorText(e)}. Our own ROMs are used and nothing is saved in this browser; “Download state” still keeps a moment as a file.`;
    }
    // ?cart=console-test (tests, links) or the last choice picks which of our cartridges runs.
    this.images.builtinCart = new URLSearchParams(location.search).get('cart') ?? localStorage.getItem(BUILTIN_CART_KEY) ?? undefined;
    this.probe.stage = 'creating the sound output';
    const audio = await ConsoleAudio.create();
    if ('error' in audio) this.say(audio.error, 'error');
    else {
      this.audio = audio;
      this.soundPrompt.hidden = audio.running;
    }
    this.probe.stage = 'booting the emulator worker';
    try {
      await this.boot(this.images, undefined);
    } catch (e) {
      // A stored image the machine refuses must not lock the user out: fall back to our own.
      if (this.images.bios || this.images.cart || this.images.charset) {
        this.say(`The saved ROM selection did not start (${errorText(e)}); booting our own ROMs instead.`, 'error');
        this.images = { builtinCart: this.images.builtinCart };
        await this.store?.setActive({});
        await this.boot(this.images, undefined);
      } else throw e;
    }
    if (notice) this.say(notice, 'error');
    this.probe.stage = 'ready';
    registerOffline([WORKLET_URL, `${import.meta.env.BASE_URL}manifest.webmanifest`]);
    this.screenHost.focus({ preventScroll: true });
    this.loop();
    this.probe.ready = true;
  }

  /** What happened to a slot save the last session began but the closing tab cut off. */
  private async interruptedSaveNotice(p: PendingSave): Promise<string | undefined> {
    const now = await this.store?.getState(p.machine, p.slot);
    if (now && now.savedAt >= p.startedAt) return undefined; // it committed just before the tab closed
    const kept = now ? `its earlier state (frame ${now.frame}, saved ${new Date(now.savedAt).toLocaleString()})` : 'nothing, as before (it was empty)';
    return `Saving in slot ${p.slot} (frame ${p.frame}) did not finish: the page was closed while it was being written. Slot ${p.slot} still holds ${kept}; nothing saved earlier was lost.`;
  }

  private async loadActiveImages(active: ActiveRoms): Promise<RomImages> {
    const images: RomImages = {};
    for (const kind of ['bios', 'cart', 'charset'] as const) {
      const key = active[kind];
      if (!key || !this.store) continue;
      const rom = await this.store.getRom(key);
      if (rom) images[kind] = rom.bytes;
    }
    return images;
  }

  private async boot(images: RomImages, state: Uint8Array | undefined, paused = false): Promise<void> {
    const previous = this.runtime;
    this.runtime = undefined;
    previous?.terminate();
    const runtime = await ConsoleRuntime.start(images, {
      frame: (pixels, frame) => {
        this.pendingFrame = pixels;
        this.probe.shownFrame = frame;
      },
      status: (running, speed, _frame, reason) => {
        this.running = running;
        this.speed = speed;
        this.pauseButton.textContent = running ? 'Pause' : 'Resume';
        this.ffButton.setAttribute('aria-pressed', String(speed > 1));
        if (reason) this.say(`Paused: ${reason}.`);
        void this.debuggerPanel?.refresh();
      },
      fatal: (message) => this.onFatal(message),
    }, { audio: this.audio, state, paused });
    this.runtime = runtime;
    if (!this.screen) {
      this.probe.stage = 'creating the screen';
      this.screen = await Screen.create(this.screenHost, runtime.info.width, runtime.info.height);
      this.screen.setMode((localStorage.getItem(DISPLAY_KEY) === '4:3' ? '4:3' : 'integer'));
      this.probe.backend = this.screen.backend;
    }
    this.machineKey = runtime.info.roms.filter((r) => r.kind !== 'charset').map((r) => `${r.kind}:${r.crcHex}`).join('+');
    this.romList.replaceChildren(...runtime.info.roms.map((r) => el('li', { 'data-kind': r.kind, text: r.note })));
    this.builtinSelect.replaceChildren(...runtime.info.builtinCarts.map((c) => el('option', { value: c.id, text: c.name })));
    this.builtinSelect.value = runtime.info.builtinCart ?? '';
    this.builtinSelect.disabled = runtime.info.builtinCart === undefined;
    await this.refreshLibrary();
    if (runtime.info.problems.length) this.say(runtime.info.problems.join(' '), 'error');
    this.statusLine.textContent = `${runtime.info.timing}, ${runtime.info.frameRate.toFixed(2)} frames/s · picture drawn with ${this.screen.backend}`;
    await this.refreshSlots();
  }

  // ------------------------------------------------------------------ the frame loop (main thread)

  private loop(): void {
    const frame = (): void => {
      if (this.destroyed) return;
      this.raf = requestAnimationFrame(frame);
      const t0 = performance.now();
      const pads = this.pads();
      this.remap.poll(pads);
      this.sendInput(pads);
      if (this.pendingFrame && this.screen) {
        this.screen.show(this.pendingFrame);
        this.pendingFrame = undefined;
        this.probe.framesShown++;
        if (this.probe.firstFrameAt === undefined) this.probe.firstFrameAt = performance.now();
        this.screenHost.dataset.frame = String(this.probe.shownFrame);
        this.mainMs.push(performance.now() - t0);
        if (this.mainMs.length > 120) this.mainMs.shift();
      }
    };
    this.raf = requestAnimationFrame(frame);
  }

  private pads(): PadLike[] {
    return connectedPads(() => (navigator.getGamepads ? navigator.getGamepads() : []) as readonly (PadLike | null)[]);
  }

  private sendInput(pads: PadLike[]): void {
    const joy: [number, number] = [0, 0];
    pads.slice(0, 2).forEach((pad, i) => {
      joy[i] |= padStick(pad, this.bindings.pad(pad.id));
    });
    const names = new Set(this.heldKeys.values());
    for (const n of this.touch.held()) names.add(n);
    const reset = names.delete('RESET') || this.resetPulse;
    const snapshot = buildSnapshot(names, joy, reset, this.swap);
    const text = snapshot.join(',');
    const now = performance.now();
    // A held-state snapshot every animation frame is cheap (11 bytes); skip only exact repeats within 100 ms.
    if (text !== this.lastInput || now - this.lastInputSent > 100) {
      this.runtime?.sendInput(snapshot);
      this.lastInput = text;
      this.lastInputSent = now;
      if (!this.touch.element.hidden) this.touch.showHeld(new Set([...names, ...(reset ? ['RESET'] : [])]));
    }
  }

  // ------------------------------------------------------------------ keyboard

  private wireEvents(screenWrap: HTMLElement): void {
    // The screen box takes the height left below the toolbar, so the whole picture is in view
    // without scrolling; no taller than a 4:3 box of its width (narrow, tall windows). When the
    // touch panel shows, it takes its height from that room: picture, stick and keyboard all in view.
    const fitHeight = (): void => {
      if (document.fullscreenElement) return;
      const rect = this.screenHost.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const touch = this.touch.element.hidden ? 0 : this.touch.element.getBoundingClientRect().height + 16;
      const room = Math.floor(window.innerHeight - top - 12 - touch);
      const h = Math.max(243, Math.min(room, Math.round((rect.width * 3) / 4)));
      this.screenHost.style.height = `${h}px`;
    };
    const fitObserver = new ResizeObserver(() => fitHeight());
    fitObserver.observe(this.root);
    window.addEventListener('resize', fitHeight);
    this.cleanups.push(() => {
      fitObserver.disconnect();
      window.removeEventListener('resize', fitHeight);
    });
    const onKeyDown = (e: KeyboardEvent): void => {
      void this.unlockAudio(); // any key is a user gesture that may start the sound
      if (this.remap.keydown(e)) return;
      if (this.remap.element.open) return;
      if (this.shortcut(e)) return;
      if (!this.keysGoToConsole(e)) return;
      const action = resolveKey(e.code, e.key, this.mode, this.keyBindings);
      if (!action) return;
      e.preventDefault();
      this.heldKeys.set(e.code, 'joy' in action ? action.joy : action.key);
    };
    const onKeyUp = (e: KeyboardEvent): void => {
      if (this.heldKeys.delete(e.code)) e.preventDefault();
    };
    const onBlur = (): void => this.heldKeys.clear();
    const onVisibility = (): void => {
      this.heldKeys.clear();
      void this.runtime?.api.setHidden(document.hidden);
    };
    const onGesture = (): void => void this.unlockAudio();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pointerdown', onGesture);
    this.cleanups.push(() => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pointerdown', onGesture);
    });
    this.screenHost.addEventListener('pointerdown', () => this.screenHost.focus({ preventScroll: true }));

    screenWrap.addEventListener('dragover', (e) => {
      e.preventDefault();
      screenWrap.classList.add('dragging');
    });
    screenWrap.addEventListener('dragleave', () => screenWrap.classList.remove('dragging'));
    screenWrap.addEventListener('drop', (e) => {
      e.preventDefault();
      screenWrap.classList.remove('dragging');
      void this.takeFiles(e.dataTransfer?.files ?? null);
    });
  }

  /** Keys reach the console unless the user is typing into a form field or working a control. */
  private keysGoToConsole(e: KeyboardEvent): boolean {
    const t = e.target as HTMLElement | null;
    if (!t || t === document.body || t === this.screenHost || t === document.documentElement) return true;
    if (t.closest('input, select, textarea, [contenteditable], dialog')) return false;
    if (t.closest('button, a, summary')) return e.code !== 'Space' && e.code !== 'Enter';
    return true;
  }

  private shortcut(e: KeyboardEvent): boolean {
    const actions: Record<string, () => void> = {
      F2: () => void this.saveSlot(),
      F3: () => this.toggleFast(),
      F4: () => void this.loadSlot(),
      F6: () => this.togglePause(),
      F7: () => void this.stepFrame(),
      F8: () => void this.screenshot(),
      F9: () => this.toggleDebugger(),
      F10: () => this.toggleMode(),
      CapsLock: () => this.toggleMode(),
    };
    const act = actions[e.code];
    if (!act || e.repeat) return false;
    if (e.code !== 'CapsLock') e.preventDefault();
    act();
    return true;
  }

  private toggleMode(): void {
    this.mode = this.mode === 'type' ? 'steer' : 'type';
    localStorage.setItem(MODE_KEY, this.mode);
    this.heldKeys.clear();
    this.updateModeButton();
    this.say(this.mode === 'type' ? 'Keys now type on the O2 keyboard (arrows still steer).' : 'Keys now steer: arrows + Right Ctrl (left control), W A S D + Left Shift (right control).');
  }

  private updateModeButton(): void {
    this.modeButton.textContent = this.mode === 'type' ? 'Keys: type' : 'Keys: steer';
    this.modeButton.dataset.mode = this.mode;
    this.root?.setAttribute('data-input-mode', this.mode);
  }

  private toggleKeyboard(): void {
    this.touch.element.hidden = !this.touch.element.hidden;
  }

  // ------------------------------------------------------------------ running

  private resetPulse = false;

  private async pressReset(): Promise<void> {
    this.resetPulse = true;
    await new Promise((r) => setTimeout(r, 100));
    this.resetPulse = false;
    this.screenHost.focus({ preventScroll: true });
  }

  private togglePause(): void {
    void this.runtime?.api.setRunning(!this.running);
    this.screenHost.focus({ preventScroll: true });
  }

  private toggleFast(): void {
    void this.runtime?.api.setSpeed(this.speed > 1 ? 1 : 4);
  }

  private async stepFrame(): Promise<void> {
    if (!this.runtime) return;
    await this.runtime.api.setRunning(false);
    await this.runtime.api.stepFrames(1);
  }

  private async powerCycle(): Promise<void> {
    if (!this.runtime) return;
    await this.runtime.api.powerCycle();
    this.say('Switched off and on again.');
  }

  private async unlockAudio(): Promise<void> {
    if (!this.audio || this.audio.running) {
      this.soundPrompt.hidden = true;
      return;
    }
    this.soundPrompt.hidden = await this.audio.unlock();
  }

  private onFatal(message: string): void {
    const last = this.runtime?.lastState;
    const images = this.images;
    this.alertBox.hidden = false;
    this.alertBox.replaceChildren(
      el('strong', { text: 'The emulator stopped: ' }), message + '. ',
      last ? `Its last saved moment is frame ${last.frame} (at most a second before the failure).` : 'No state was saved before it stopped; a restart begins from power-on.',
      ' ',
      button('console-restart', last ? 'Restart from the last state' : 'Restart', 'Start a new emulator', () => {
        this.alertBox.hidden = true;
        void this.boot(images, last?.bytes).then(
          () => this.say(last ? `Restarted from frame ${last.frame}.` : 'Restarted from power-on.'),
          (e: unknown) => this.onFatal(`the restart failed too (${errorText(e)})`));
      }),
    );
  }

  // ------------------------------------------------------------------ files, library, states

  private async takeFiles(files: FileList | null): Promise<void> {
    if (!files) return;
    for (const file of Array.from(files)) await this.takeFile(file);
    this.screenHost.focus({ preventScroll: true });
  }

  private async takeFile(file: File): Promise<void> {
    const tooBig = checkFileSize(file.name, file.size);
    if (tooBig) {
      this.say(tooBig, 'error');
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const c = classifyFile(file.name, bytes);
    if (c.kind === 'error') {
      this.say(c.message, 'error');
      return;
    }
    if (c.kind === 'state') {
      await this.loadStateBytes(bytes, `“${file.name}”`);
      return;
    }
    const key = romKey(c.kind, bytes.length, c.identity.crcHex);
    const next: RomImages = { ...this.images, [c.kind]: bytes };
    if (c.kind === 'cart') delete next.builtinCart;
    try {
      await this.boot(next, undefined);
    } catch (e) {
      this.say(`“${file.name}” could not be started: ${errorText(e)}. The previous machine keeps running.`, 'error');
      await this.boot(this.images, this.runtime?.lastState?.bytes);
      return;
    }
    this.images = next;
    this.active = { ...this.active, [c.kind]: key };
    try {
      await this.store?.putRom({ key, kind: c.kind, name: file.name, note: c.identity.note, size: bytes.length, crcHex: c.identity.crcHex, bytes, added: Date.now() });
      await this.store?.setActive(this.active);
    } catch {
      this.say(`Loaded “${file.name}” but could not store it in this browser; it will be gone after a reload.`, 'error');
      return;
    }
    await this.refreshLibrary();
    this.say(`Loaded “${file.name}”: ${c.identity.note}.`);
  }

  private async useBuiltins(): Promise<void> {
    this.images = { builtinCart: this.builtinSelect.value || undefined };
    this.active = {};
    await this.store?.setActive({});
    await this.boot({ builtinCart: this.images.builtinCart }, undefined);
    this.say('Booted our own BIOS and cartridge.');
  }

  private async loadStateBytes(bytes: Uint8Array, what: string): Promise<boolean> {
    if (!this.runtime) return false;
    try {
      const frame = await this.runtime.api.loadState(bytes);
      this.say(`Loaded the state from ${what} (frame ${frame}).`);
      return true;
    } catch (e) {
      this.say(`${what} was not loaded: ${errorText(e).replace(/\.$/, '')}. The running game is unchanged.`, 'error');
      return false;
    }
  }

  private slot(): number {
    return Number(this.slotSelect.value) || 1;
  }

  private async saveSlot(): Promise<void> {
    if (!this.runtime) return;
    const bytes = await this.runtime.api.saveState();
    const dbg = await this.runtime.api.debugInfo();
    if (!this.store) {
      this.say('Saving in slots needs IndexedDB, which this browser does not offer; use “Download state”.', 'error');
      return;
    }
    const slot = this.slot();
    try {
      await this.store.putState({ key: `${this.machineKey}#${slot}`, machine: this.machineKey, slot, bytes, frame: dbg.frame, savedAt: Date.now() });
    } catch (e) {
      // A full quota or a storage error: the slot keeps what it had; the state can still leave as a file.
      this.say(`Slot ${slot} was not saved (${errorText(e)}). Its previous contents are unchanged; use “Download state” to keep this moment as a file.`, 'error');
      playUiSound('error');
      return;
    }
    await this.refreshSlots();
    this.say(`Saved in slot ${slot} (frame ${dbg.frame}).`);
    playUiSound('click');
  }

  private async loadSlot(): Promise<void> {
    const slot = this.slot();
    let saved;
    try {
      saved = await this.store?.getState(this.machineKey, slot);
    } catch (e) {
      this.say(`Slot ${slot} could not be read (${errorText(e)}). The running game is unchanged.`, 'error');
      return;
    }
    if (!saved) {
      this.say(`Slot ${slot} is empty for this BIOS and cartridge.`, 'error');
      return;
    }
    playUiSound(await this.loadStateBytes(saved.bytes, `slot ${slot}`) ? 'click' : 'error');
  }

  /** The images stored in this browser: use one, or forget it. */
  private async refreshLibrary(): Promise<void> {
    const roms = (await this.store?.listRoms().catch(() => [])) ?? [];
    if (roms.length === 0) {
      this.libraryList.replaceChildren(el('li', { class: 'empty', text: 'None yet: drop a BIOS, cartridge or character ROM on the screen, or use “Open ROM…”.' }));
      return;
    }
    roms.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
    this.libraryList.replaceChildren(...roms.map((rom) => {
      const inUse = this.active[rom.kind] === rom.key;
      const use = el('button', { type: 'button', text: inUse ? 'in use' : 'use', title: `Boot with this ${rom.kind}` });
      use.disabled = inUse;
      use.addEventListener('click', () => void this.useStored(rom.key));
      const forget = el('button', { type: 'button', text: 'forget', title: 'Remove it from this browser' });
      forget.addEventListener('click', () => void this.forgetStored(rom.key));
      return el('li', { 'data-key': rom.key, title: rom.note }, `${rom.name} (${rom.kind}, ${rom.size} bytes, CRC32 ${rom.crcHex}) `, use, ' ', forget);
    }));
  }

  private async useStored(key: string): Promise<void> {
    const rom = await this.store?.getRom(key);
    if (!rom) return;
    const next: RomImages = { ...this.images, [rom.kind]: rom.bytes };
    if (rom.kind === 'cart') delete next.builtinCart;
    try {
      await this.boot(next, undefined);
    } catch (e) {
      this.say(`“${rom.name}” could not be started: ${errorText(e)}.`, 'error');
      await this.boot(this.images, this.runtime?.lastState?.bytes);
      return;
    }
    this.images = next;
    this.active = { ...this.active, [rom.kind]: key };
    await this.store?.setActive(this.active);
    await this.refreshLibrary();
    this.say(`Booted with “${rom.name}”.`);
  }

  private async forgetStored(key: string): Promise<void> {
    await this.store?.deleteRom(key);
    const kind = (['bios', 'cart', 'charset'] as const).find((k) => this.active[k] === key);
    if (kind) {
      // The image in use stays running until the next boot; from then on ours takes its place.
      const { [kind]: _gone, ...rest } = this.active;
      this.active = rest;
      await this.store?.setActive(this.active);
    }
    await this.refreshLibrary();
    this.say(kind ? 'Forgotten; it keeps running until you switch or reload.' : 'Forgotten.');
  }

  private async refreshSlots(): Promise<void> {
    const states = (await this.store?.listStates(this.machineKey).catch(() => [])) ?? [];
    for (const option of Array.from(this.slotSelect.options)) {
      const s = states.find((x) => x.slot === Number(option.value));
      option.textContent = s ? `Slot ${option.value} · frame ${s.frame} · ${new Date(s.savedAt).toLocaleTimeString()}` : `Slot ${option.value} · empty`;
    }
  }

  private async downloadState(): Promise<void> {
    if (!this.runtime) return;
    const bytes = await this.runtime.api.saveState();
    download(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }), `o2-${new Date().toISOString().replace(/[:.]/g, '-')}.o2s`);
    this.say('State downloaded; drop the file on the screen (or use “Open state…”) to load it.');
  }

  private async screenshot(): Promise<void> {
    if (!this.screen) return;
    download(await this.screen.screenshot(), `o2-${this.probe.shownFrame}.png`);
    playUiSound('click');
  }

  // ------------------------------------------------------------------ debugger

  private toggleDebugger(): void {
    if (this.debuggerPanel) {
      this.debuggerPanel.destroy();
      this.debuggerPanel = undefined;
      clearInterval(this.debugTimer);
      return;
    }
    const api = () => {
      if (!this.runtime) throw new Error('the console is not running');
      return this.runtime.api;
    };
    this.debuggerPanel = createDebuggerPanel({
      info: () => api().debugInfo(),
      stepInstruction: () => api().stepInstruction(),
      stepFrame: async () => { await this.stepFrame(); },
      setBreakpoints: (list) => api().setBreakpoints(list),
      pause: () => void api().setRunning(false),
      resume: () => void api().setRunning(true),
    });
    this.root.append(this.debuggerPanel.element);
    void this.debuggerPanel.refresh();
    this.debugTimer = setInterval(() => {
      if (this.running) void this.debuggerPanel?.refresh();
    }, 500);
  }

  // ------------------------------------------------------------------ messages

  private say(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.raf);
    clearInterval(this.debugTimer);
    for (const c of this.cleanups) c();
    this.runtime?.terminate();
    this.runtime = undefined;
    this.screen?.destroy();
    this.audio?.dispose();
    this.store?.close();
    this.touch.destroy();
    this.root.remove();
    if (window.__o2console === this.probe) delete window.__o2console;
    void this.container;
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
