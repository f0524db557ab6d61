/**
 * The debugger's place on the console page (issue 38): F9, a step key or the toolbar opens it, and its
 * script (src/debugger/panel.ts and its views) is loaded by a dynamic import the first time, so the
 * first picture does not wait for it. Opened and closed again before the script came, it stays closed;
 * while open it is redrawn every half second as the machine runs.
 */
import type { DebuggerHost, DebuggerPanel } from '../debugger/panel.ts';
import { errorText } from '../machine/machine-host.ts';

export interface DebuggerSlotParts {
  /** The machine as the debugger sees it (page-parts.ts). */
  host(): DebuggerHost;
  /** Puts the panel's element on the page. */
  place(element: HTMLElement): void;
  /** The panel was shown or taken away (the layout and the run controls follow). */
  changed(): void;
  running(): boolean;
  /** A sentence in the page's message line. */
  say(text: string, kind: 'error'): void;
}

type PanelMaker = (host: DebuggerHost) => DebuggerPanel;

export class DebuggerSlot {
  private panel: DebuggerPanel | undefined;
  /** What the user last asked for: open or closed (the script may still be on its way). */
  private wanted = false;
  /** The panel's maker, once its script is loading. */
  private maker: Promise<PanelMaker | undefined> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly parts: DebuggerSlotParts) {}

  /** Whether the panel is on the page. */
  get shown(): boolean {
    return this.panel !== undefined;
  }

  toggle(): void {
    if (this.wanted) this.close();
    else this.open();
  }

  /** Opens the panel (already open or on its way: nothing more). */
  open(): void {
    if (this.wanted) return;
    this.wanted = true;
    void this.show();
  }

  close(): void {
    this.wanted = false;
    if (!this.panel) return;
    this.panel.destroy();
    this.panel = undefined;
    clearInterval(this.timer);
    this.parts.changed();
  }

  /** Says `text` in the debugger's message line; false when the panel is not shown (the page says it instead). */
  say(text: string): boolean {
    this.panel?.say(text);
    return this.panel !== undefined;
  }

  refresh(): void {
    void this.panel?.refresh();
  }

  private async show(): Promise<void> {
    const make = await this.load();
    // Closed again while the script came, or opened twice: the first arrival shows it, once.
    if (!make || !this.wanted || this.panel) return;
    const panel = make(this.parts.host());
    this.panel = panel;
    this.parts.place(panel.element);
    this.parts.changed();
    void panel.refresh();
    this.timer = setInterval(() => {
      if (this.parts.running()) void this.panel?.refresh();
    }, 500);
  }

  private load(): Promise<PanelMaker | undefined> {
    this.maker ??= import('../debugger/panel.ts').then(
      (m) => m.createDebuggerPanel,
      (e: unknown) => {
        // A chunk that did not come (offline on a first visit, a deploy replaced it): said, and tried again at the next F9.
        this.maker = undefined;
        this.wanted = false;
        this.parts.say(`The debugger could not be loaded (${errorText(e)}). Reload the page to try again.`, 'error');
        return undefined;
      },
    );
    return this.maker;
  }

  destroy(): void {
    this.wanted = false;
    clearInterval(this.timer);
    this.panel?.destroy();
    this.panel = undefined;
  }
}
