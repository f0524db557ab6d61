/**
 * Parts of the console page (page.ts) that need none of its state: the side panel with the keys'
 * help, and the machine as the debugger and the run controls see it.
 */
import { el } from '../platform/dom.ts';
import type { DebuggerHost } from '../debugger/panel.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import type { LibraryPanel } from '../machine/library-panel.ts';

/** The side panel: more controls, practice, the ROM library, the status line and the keys' help. */
export function consoleSide(
  more: HTMLElement,
  practice: HTMLElement,
  library: LibraryPanel,
  statusLine: HTMLElement,
): HTMLElement {
  const help = el(
    'details',
    { class: 'console-help' },
    el('summary', { text: 'Keys' }),
    el('p', {
      text: 'Type mode: PC keys type the O2 keys shown on the keyboard picture; arrows steer the left control and Right Ctrl fires. Steer mode: arrows + Right Ctrl drive the left control, W A S D + Left Shift the right one; other keys still type. Caps Lock or F1 switches. F2 save, F4 load, F3 fast-forward, F6 pause, F7 frame step, F8 screenshot, F9 debugger; F5 run, F10 step over, F11 step, Shift+F11 step out. Hold ` (left of 1) to rewind, with Shift twice as fast (paused: each press one frame back); on a gamepad, hold the left shoulder (the left trigger: twice as fast).',
    }),
  );
  return el(
    'aside',
    { class: 'console-side' },
    more,
    practice,
    el('h2', { text: 'Cartridge and BIOS' }),
    library.romList,
    el('label', {}, 'our cartridge: ', library.builtinSelect),
    library.cartSettings,
    el('h2', { text: 'Your images' }),
    library.libraryList,
    statusLine,
    help,
    el('p', {
      class: 'console-privacy',
      text: 'Images you load stay in this browser (IndexedDB); nothing is uploaded.',
    }),
  );
}

/** What the debugger needs from the page itself rather than from the machine. */
export type PageSide = Pick<DebuggerHost, 'stepFrame' | 'cursorAddress' | 'showSource' | 'picture'>;

/** The machine as the debugger and the run controls see it: each call asks for the runtime of the moment. */
export function machineDebuggerHost(host: MachineHost, page: PageSide): DebuggerHost {
  const api = () => {
    if (!host.runtime) throw new Error('the console is not running');
    return host.runtime.api;
  };
  return {
    info: () => api().debugInfo(),
    stepInstruction: () => api().stepInstruction(),
    stepOver: () => api().stepOver(),
    stepOut: () => api().stepOut(),
    runTo: (address) => api().runTo(address),
    stepBack: () => api().stepBack(),
    stepFrame: page.stepFrame,
    setBreakpoints: (list) => api().setBreakpoints(list),
    breakAt: (text) => api().breakAt(text),
    clearTypedBreaks: () => api().clearTypedBreaks(),
    setWatchpoints: (list) => api().setWatchpoints(list),
    watchAt: (text, space, kind, value) => api().watchAt(text, space, kind, value),
    setTrace: (on) => api().setTrace(on),
    setProfile: (on) => api().setProfile(on),
    poke: (target, value) => api().poke(target, value),
    romView: (bank) => api().romView(bank),
    traceText: () => api().traceText(),
    cursorAddress: page.cursorAddress,
    showSource: page.showSource,
    picture: page.picture,
    pause: () => void api().setRunning(false),
    resume: () => void api().setRunning(true),
  };
}
