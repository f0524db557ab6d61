/**
 * The console as an IDE (issue 23): on a wide window with the program panel or the debugger open, the
 * picture with the debugger under it and the source sit side by side within the window, a splitter
 * between the two columns (dragged, or moved with the arrow keys; its place kept in this browser).
 * The layout itself is CSS (console.css, `.console[data-ide]`); this component says which of the
 * panels are open, how much height the window leaves for them, and owns the splitter. Narrow windows
 * (phones, tablets upright) and a console with neither panel open keep the plain layout.
 */
import { el } from '../platform/dom.ts';
import { setting } from '../platform/settings.ts';

/** Narrower than this the two columns would each be too narrow to read: the plain layout. */
export const IDE_MIN_WIDTH = 1100;
/** The left column's share of the width, in percent: its bounds and its first place. */
export const SPLIT_MIN = 28;
export const SPLIT_MAX = 72;
const SPLIT_FIRST = 44;

export const IDE_SPLIT = setting<number>('o2conquest.console.ideSplit', SPLIT_FIRST, (t) => {
  const n = Number(t);
  return Number.isFinite(n) && n >= SPLIT_MIN && n <= SPLIT_MAX ? n : undefined;
});

/** Which panels the IDE layout holds: both (picture and debugger | source), or one beside the picture. */
export type IdeMode = 'both' | 'program' | 'debugger';

export function ideMode(width: number, programOpen: boolean, debuggerOpen: boolean): IdeMode | undefined {
  if (width < IDE_MIN_WIDTH) return undefined;
  if (programOpen && debuggerOpen) return 'both';
  if (programOpen) return 'program';
  if (debuggerOpen) return 'debugger';
  return undefined;
}

/** A splitter's place after a key: arrows move 2 % (Shift 10 %), Home and End go to the bounds. */
export function splitAfterKey(split: number, key: string, shift: boolean): number | undefined {
  const step = shift ? 10 : 2;
  const moved: Record<string, number> = {
    ArrowLeft: split - step,
    ArrowRight: split + step,
    Home: SPLIT_MIN,
    End: SPLIT_MAX,
  };
  const to = moved[key];
  return to === undefined ? undefined : clampSplit(to);
}

export function clampSplit(split: number): number {
  return Math.round(Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, split)) * 10) / 10;
}

export interface IdePanels {
  /** The program panel (a <details>: open or not). */
  program: HTMLDetailsElement;
  /** Whether the debugger panel is shown. */
  debuggerOpen(): boolean;
}

export class IdeLayout {
  readonly splitter = el('div', {
    class: 'ide-splitter',
    id: 'ide-splitter',
    role: 'separator',
    tabindex: '0',
    'aria-orientation': 'vertical',
    'aria-label': 'Picture and source: drag, or use the arrow keys, to share the width',
    'aria-valuemin': String(SPLIT_MIN),
    'aria-valuemax': String(SPLIT_MAX),
  });
  private split = IDE_SPLIT.get();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly panels: IdePanels,
  ) {
    this.splitter.hidden = true;
    this.root.append(this.splitter);
    this.place(this.split);
    this.splitter.addEventListener('keydown', (e) => {
      const to = splitAfterKey(this.split, e.key, e.shiftKey);
      if (to === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      this.place(to);
      IDE_SPLIT.set(to);
    });
    this.splitter.addEventListener('pointerdown', (e) => this.drag(e));
    const onResize = (): void => this.update();
    const onToggle = (): void => this.update();
    window.addEventListener('resize', onResize);
    panels.program.addEventListener('toggle', onToggle);
    this.cleanups.push(() => {
      window.removeEventListener('resize', onResize);
      panels.program.removeEventListener('toggle', onToggle);
    });
  }

  get mode(): IdeMode | undefined {
    return this.root.dataset.ide as IdeMode | undefined;
  }

  /**
   * Room the picture leaves under it for the debugger (ScreenView's `below`): with both panels about
   * half of the column, so a tab of the debugger shows whole under a picture still big enough to play
   * (55 %: at 1280×800 the tallest tabs, the program listing and the ROM, scroll little).
   */
  below(): number {
    if (this.mode !== 'both') return 0;
    return Math.round(this.height() * 0.55);
  }

  /** Takes the panels' state and the window's size; called when a panel opens or closes. */
  update(): void {
    const mode = ideMode(window.innerWidth, this.panels.program.open, this.panels.debuggerOpen());
    const was = this.mode;
    if (mode) this.root.dataset.ide = mode;
    else delete this.root.dataset.ide;
    this.splitter.hidden = !mode;
    if (mode) this.root.style.setProperty('--ide-height', `${this.height()}px`);
    if (mode === was) return;
    // The picture fits itself on a window resize: tell it its column changed.
    window.dispatchEvent(new Event('resize'));
    // Opened from below (the program panel's summary sits under the picture in the plain layout), the
    // page would stay scrolled down past the picture: the columns fit the window from its top.
    if (mode && !was) window.scrollTo({ top: 0 });
  }

  /** The columns' height: the window below the work area's top (the toolbar stays above it). */
  private height(): number {
    const top = this.root.querySelector('.console-screen-wrap')?.getBoundingClientRect().top ?? 0;
    return Math.max(420, Math.floor(window.innerHeight - (top + window.scrollY) - 12));
  }

  private place(split: number): void {
    this.split = split;
    this.root.style.setProperty('--ide-left', `${split}%`);
    this.splitter.setAttribute('aria-valuenow', String(split));
    this.splitter.setAttribute('aria-valuetext', `picture ${Math.round(split)} % of the width`);
  }

  private drag(down: PointerEvent): void {
    if (down.button !== 0) return;
    down.preventDefault();
    this.splitter.setPointerCapture?.(down.pointerId);
    this.splitter.classList.add('dragging');
    const box = this.root.getBoundingClientRect();
    const move = (e: PointerEvent): void => {
      this.place(clampSplit(((e.clientX - box.left) / box.width) * 100));
      window.dispatchEvent(new Event('resize'));
    };
    const up = (): void => {
      this.splitter.removeEventListener('pointermove', move);
      this.splitter.removeEventListener('pointerup', up);
      this.splitter.removeEventListener('pointercancel', up);
      this.splitter.classList.remove('dragging');
      IDE_SPLIT.set(this.split);
    };
    this.splitter.addEventListener('pointermove', move);
    this.splitter.addEventListener('pointerup', up);
    this.splitter.addEventListener('pointercancel', up);
  }

  destroy(): void {
    for (const c of this.cleanups) c();
    this.splitter.remove();
  }
}
