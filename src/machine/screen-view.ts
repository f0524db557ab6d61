/**
 * The console's picture as a part a page composes: the screen box (keys typed there go to the
 * machine), the "sound is off" prompt, the drop target for ROM and state files, and the drawing of
 * the host's newest frame once per animation frame. The box can fit the window height left below
 * it, so the whole picture is in view without scrolling.
 */
import './screen.css';
import { Screen } from '../render/screen.ts';
import type { DisplayMode } from '../render/fit.ts';
import { el } from '../platform/dom.ts';
import { speakerIcon } from '../platform/icons.ts';
import { choice } from '../platform/settings.ts';
import { registerOffline } from '../platform/offline.ts';
import type { MachineHost } from './machine-host.ts';

export const DISPLAY = choice<DisplayMode>('o2conquest.console.display', ['integer', '4:3', 'crt'], 'integer');

/** Animation frames with no new picture before the loop stops asking for them (half a second at 60 Hz). */
const SLEEP_AFTER = 30;

export interface ScreenViewOptions {
  /** Files dropped on the picture. */
  onDrop?(files: FileList | null): void;
  /** The picture's height follows the room below it in the window (the console page). */
  fitHeight?: { below?: () => number };
}

export class ScreenView {
  readonly element: HTMLElement;
  /** The box the picture is drawn in (focusable: keys typed there go to the console). */
  readonly box: HTMLElement;
  private readonly soundPrompt: HTMLButtonElement;
  private screen: Screen | undefined;
  private raf = 0;
  /** host.picture when the canvas was last drawn, the frame number data-frame shows, idle animation frames. */
  private drawn = -1;
  private numbered = -1;
  private still = 0;
  private destroyed = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: MachineHost,
    options: ScreenViewOptions = {},
  ) {
    this.box = el('div', {
      class: 'console-screen',
      id: 'console-screen',
      tabindex: '0',
      // It takes the keyboard for the console (its keys are the machine's, not the page's): an application.
      role: 'application',
      'aria-label': 'Odyssey² screen: keys typed here go to the console',
    });
    this.soundPrompt = el(
      'button',
      { type: 'button', class: 'sound-prompt', id: 'console-sound-prompt' },
      speakerIcon(),
      el('span', { text: 'Sound is off until you click or press a key — click here to turn it on' }),
    );
    this.soundPrompt.hidden = true;
    this.soundPrompt.addEventListener('click', () => void this.unlockAudio());
    const dropHint = el('div', { class: 'drop-hint', text: 'Drop a BIOS, cartridge, character ROM or save state' });
    this.element = el('div', { class: 'console-screen-wrap' }, this.box, this.soundPrompt, dropHint);
    this.box.addEventListener('pointerdown', () => this.focus());
    const onGesture = (): void => void this.unlockAudio();
    window.addEventListener('pointerdown', onGesture);
    window.addEventListener('keydown', onGesture);
    this.cleanups.push(() => {
      window.removeEventListener('pointerdown', onGesture);
      window.removeEventListener('keydown', onGesture);
    });
    if (options.onDrop) {
      const wrap = this.element;
      const drop = options.onDrop;
      wrap.addEventListener('dragover', (e) => {
        e.preventDefault();
        wrap.classList.add('dragging');
      });
      wrap.addEventListener('dragleave', () => wrap.classList.remove('dragging'));
      wrap.addEventListener('drop', (e) => {
        e.preventDefault();
        wrap.classList.remove('dragging');
        drop(e.dataTransfer?.files ?? null);
      });
    }
    if (options.fitHeight) this.fitToWindow(options.fitHeight.below ?? (() => 0));
  }

  /** Creates the picture (once the machine's size is known) and starts drawing. */
  async start(): Promise<void> {
    const info = this.host.runtime?.info;
    if (!info) throw new Error('the console has not been started yet');
    if (this.destroyed) return;
    const screen = new Screen(this.box, info.width, info.height);
    this.screen = screen;
    screen.setMode(DISPLAY.get());
    this.host.probe.backend = this.screen.backend;
    const drawn = new Promise<void>((resolve) => {
      this.firstDrawn = resolve;
    });
    this.loop();
    // The sound output and pixi's renderer are made once the first picture is on the page, not before it: both
    // cost this thread (MachineHost.openSound, Screen.startGpu; issue 38). A tab in the background draws
    // nothing: the picture is waited for a second at most.
    await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await Promise.all([this.host.openSound(), screen.startGpu()]);
    if (this.destroyed) return;
    // The service worker too: as it installs it fetches and compiles the build's files (src/platform/offline.ts).
    registerOffline();
    this.host.probe.backend = screen.backend;
    this.soundPrompt.hidden = !this.host.audio || this.host.audio.running;
  }

  /** Called once this view's first picture is drawn (start waits for it); undefined after. */
  private firstDrawn: (() => void) | undefined;

  get backend(): string {
    return this.screen?.backend ?? '';
  }

  setMode(mode: DisplayMode): void {
    DISPLAY.set(mode);
    this.screen?.setMode(mode);
  }

  focus(): void {
    this.box.focus({ preventScroll: true });
  }

  /**
   * The screen takes the keyboard once the console is up, unless a person has already put the focus on
   * one of the page's own controls while it started (a player's name half typed on the table must not
   * lose its keys). The tab that opened the page, outside it, does not count.
   */
  focusIfUnclaimed(page: Element): void {
    const at = document.activeElement;
    if (!(at instanceof HTMLElement && page.contains(at))) this.focus();
  }

  async screenshot(): Promise<Blob | undefined> {
    return this.screen?.screenshot();
  }

  async unlockAudio(): Promise<void> {
    const audio = this.host.audio;
    if (!audio || audio.running) {
      this.soundPrompt.hidden = true;
      return;
    }
    this.soundPrompt.hidden = await audio.unlock();
  }

  /**
   * Draws the host's newest picture once per animation frame, and only a picture not drawn yet: a frame whose
   * picture the worker found unchanged uploads and renders nothing. After SLEEP_AFTER animation frames with no
   * new picture the loop stops asking for animation frames; the next changed picture wakes it. The frame
   * number the box shows (data-frame: the frame whose picture is on the canvas) follows every frame either way.
   */
  private loop(): void {
    const draw = (): void => {
      this.raf = 0;
      if (this.destroyed) return;
      const changed = this.host.picture !== this.drawn;
      if (changed) {
        this.still = 0;
        this.drawPicture();
      }
      // Shown before the loop may sleep: a frame that came while this animation frame was pending (a
      // step with an unchanged picture) found the loop awake and left its number to this draw.
      this.showFrameNumber();
      if (!changed && ++this.still >= SLEEP_AFTER) return; // asleep until a changed picture comes
      this.raf = requestAnimationFrame(draw);
    };
    this.wake = (): void => {
      if (this.host.picture !== this.drawn) {
        if (!this.raf && !this.destroyed) this.raf = requestAnimationFrame(draw);
      } else if (!this.raf) this.showFrameNumber();
    };
    this.cleanups.push(this.host.on({ frame: () => this.wake() }));
    this.raf = requestAnimationFrame(draw);
  }

  /** Wakes the drawing loop when a new picture has come (set by loop()). */
  private wake: () => void = () => undefined;

  private drawPicture(): void {
    const pixels = this.host.pixels;
    if (!pixels || !this.screen) return;
    const t0 = performance.now();
    this.screen.show(pixels);
    this.drawn = this.host.picture;
    if (this.firstDrawn) {
      // In a task of its own: it runs after this animation frame's paint. Once: not a timer every frame.
      setTimeout(this.firstDrawn);
      this.firstDrawn = undefined;
    }
    const probe = this.host.probe;
    probe.framesShown++;
    if (probe.firstFrameAt === undefined) {
      probe.firstFrameAt = performance.now();
    }
    this.host.mainMs.push(performance.now() - t0);
    if (this.host.mainMs.length > 120) this.host.mainMs.shift();
  }

  private showFrameNumber(): void {
    if (this.host.frame === this.numbered || this.drawn < 0) return;
    this.numbered = this.host.frame;
    this.box.dataset.frame = String(this.host.frame);
  }

  /**
   * The screen box takes the height left below it in the window, no taller than a 4:3 box of its
   * width (narrow, tall windows); `below` is what must stay in view under it (the touch panel).
   */
  private fitToWindow(below: () => number): void {
    const fit = (): void => {
      if (document.fullscreenElement) return;
      const rect = this.box.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const room = Math.floor(window.innerHeight - top - 12 - below());
      const h = Math.max(243, Math.min(room, Math.round((rect.width * 3) / 4)));
      this.box.style.height = `${h}px`;
    };
    const observer = new ResizeObserver(() => fit());
    // Observed once the element is in the page (the page appends it after building).
    // Its own box too: in the console's IDE layout its parent has no box (display: contents) and the
    // picture's column changes width with the splitter.
    queueMicrotask(() => {
      observer.observe(this.element.parentElement ?? this.element);
      observer.observe(this.element);
    });
    window.addEventListener('resize', fit);
    this.cleanups.push(() => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    });
  }

  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.raf);
    for (const c of this.cleanups) c();
    this.screen?.destroy();
    this.screen = undefined;
    this.element.remove();
  }
}
