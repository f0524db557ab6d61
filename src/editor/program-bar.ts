/**
 * The program panel's row of buttons and its two choices: rebuild as one types (on unless turned
 * off: the loop of 8bitworkshop, where the picture follows the text) and start the program at once
 * (off unless asked: the BIOS's SELECT GAME screen is what a real console shows first), and restart
 * on a rebuild (off unless asked: the new image is swapped into the running machine, as 8bitworkshop
 * does, so a change is seen without playing back to where one was).
 */
import { el } from '../platform/dom.ts';
import { flag } from '../platform/settings.ts';

export const REBUILD_AS_I_TYPE = flag('o2conquest.program.rebuild', true);
export const START_AT_ONCE = flag('o2conquest.program.start', false);
/** Off (the default): a rebuild of the same size swaps into the running machine, which goes on as it was. */
export const RESTART_ON_REBUILD = flag('o2conquest.program.restart', false);

export interface ProgramBarActions {
  newProgram(): void;
  openFiles(): void;
  openFolder(): void;
  build(): void;
  exportImage(): void;
  exportListing(): void;
  share(): void;
}

export interface ProgramBar {
  element: HTMLElement;
  /** Rebuild as I type. */
  rebuild: HTMLInputElement;
  /** Start without SELECT GAME. */
  startAtOnce: HTMLInputElement;
  /** Restart on rebuild (off: swap the image in place). */
  restart: HTMLInputElement;
}

function btn(id: string, text: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', id, title, text });
  b.addEventListener('click', onClick);
  return b;
}

/** A checkbox kept in this browser under `setting`. */
function choiceBox(
  id: string,
  text: string,
  title: string,
  setting: typeof REBUILD_AS_I_TYPE,
): [HTMLLabelElement, HTMLInputElement] {
  const box = el('input', { type: 'checkbox', id });
  box.checked = setting.get();
  box.addEventListener('change', () => setting.set(box.checked));
  return [el('label', { title, class: 'program-choice' }, box, ` ${text}`), box];
}

/** `main` is the select of the file to build, placed beside the Build button. */
export function programBar(a: ProgramBarActions, main: HTMLSelectElement, inputs: HTMLElement[]): ProgramBar {
  const [rebuildLabel, rebuild] = choiceBox(
    'program-rebuild',
    'Rebuild as I type',
    'Build again a moment after each change; a failed build leaves the last good one running',
    REBUILD_AS_I_TYPE,
  );
  const [startLabel, startAtOnce] = choiceBox(
    'program-start',
    'Start without SELECT GAME',
    'After each build, press a key for you at the BIOS’s SELECT GAME screen, so the program runs at once',
    START_AT_ONCE,
  );
  const [restartLabel, restart] = choiceBox(
    'program-restart',
    'Restart on rebuild',
    'Boot each new build from power-on; off, a build of the same size is swapped into the running machine (registers, RAM and time kept)',
    RESTART_ON_REBUILD,
  );
  const element = el(
    'div',
    { class: 'program-bar' },
    btn('program-new', 'New program', 'Start a small program of your own (added beside any files open)', a.newProgram),
    btn('program-open', 'Open files…', 'Open an .a48 program and its includes (g7000.h, …)', a.openFiles),
    btn('program-open-folder', 'Open folder…', 'Open a folder of sources', a.openFolder),
    el('label', {}, 'build: ', main),
    btn(
      'program-build',
      'Build and run (Ctrl+Enter)',
      'Assemble in the worker and boot the cartridge at once',
      a.build,
    ),
    rebuildLabel,
    startLabel,
    restartLabel,
    btn('program-export-bin', 'Export .bin', 'Save the built cartridge image', a.exportImage),
    btn('program-export-lst', 'Export listing', 'Save the assembler listing', a.exportListing),
    btn(
      'program-share',
      'Copy share link',
      'A link holding these sources (packed into the address, nothing uploaded): opening it loads and builds them',
      a.share,
    ),
    ...inputs,
  );
  return { element, rebuild, startAtOnce, restart };
}
