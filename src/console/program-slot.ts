/**
 * The program panel's place on the console page (issue 38). Its <details> and summary are here from the
 * start, so the page's layout, its toggle listeners and a click on the summary work at once; the panel
 * itself (src/editor/, with CodeMirror: most of the console's script) is loaded by a dynamic import only
 * when it is first wanted: the panel opened, source files dropped or opened, a share link, a source line
 * the debugger shows. The first picture does not wait for the editor.
 */
import { el } from '../platform/dom.ts';
import { errorText, type MachineHost } from '../machine/machine-host.ts';
import type { ProgramPanel, ProgramPanelOptions } from '../editor/program-panel.ts';
import { SAVED, SOURCE_FILE } from '../editor/program-files.ts';

export class ProgramSlot {
  readonly element: HTMLDetailsElement;
  /** Shown in the opened panel while its script loads, or saying why it did not. */
  private readonly note = el('p', { class: 'program-status program-loading', role: 'status' });
  private panel: ProgramPanel | undefined;
  private loading: Promise<ProgramPanel | undefined> | undefined;
  private destroyed = false;
  private readonly onToggle = (): void => {
    if (this.element.open) void this.load();
  };

  constructor(
    private readonly host: MachineHost,
    private readonly options: ProgramPanelOptions,
  ) {
    this.element = el(
      'details',
      { class: 'program-panel', id: 'console-program' },
      el('summary', { text: 'Your program: write, build and debug 8048 assembly' }),
    );
    this.element.addEventListener('toggle', this.onToggle);
  }

  /**
   * The panel, loaded and built on the first call; undefined when its script could not be loaded (said
   * in the panel and the message line; the next call tries again).
   */
  load(): Promise<ProgramPanel | undefined> {
    this.loading ??= this.build();
    return this.loading;
  }

  private async build(): Promise<ProgramPanel | undefined> {
    this.note.textContent = 'Loading the editor…';
    this.element.append(this.note);
    let Panel: typeof ProgramPanel;
    try {
      Panel = (await import('../editor/program-panel.ts')).ProgramPanel;
    } catch (e) {
      // A chunk that did not come (offline on a first visit, a deploy replaced it): say so, try again when asked.
      const why = `The program panel could not be loaded (${errorText(e)}). Reload the page to try again.`;
      this.note.textContent = why;
      this.options.say(why, 'error');
      this.loading = undefined;
      return undefined;
    }
    if (this.destroyed) return undefined;
    this.note.remove();
    this.panel = new Panel(this.host, this.options, this.element);
    return this.panel;
  }

  /** Takes the source files among those opened or dropped (loading the panel for them); returns the others. */
  async open(list: FileList | File[] | null): Promise<File[]> {
    const all = Array.from(list ?? []);
    if (!all.some((f) => SOURCE_FILE.test(f.name))) return all;
    const panel = await this.load();
    return panel ? panel.open(all) : all.filter((f) => !SOURCE_FILE.test(f.name));
  }

  /** Loads and builds the program a share link holds (ProgramPanel.openShared). */
  async openShared(text: string): Promise<void> {
    await (await this.load())?.openShared(text);
  }

  /** The address the editor's cursor line assembled to; with the panel not loaded yet there is no build. */
  cursorAddress(): { address: number } | { why: string } {
    return this.panel?.cursorAddress() ?? { why: 'Build the program first: Run to cursor needs its line map.' };
  }

  /**
   * Shows `file` at `line` in the editor; false when the file is not among the sources open. Not loaded
   * yet, the sources open are the ones kept in this browser, which the panel opens with as it loads.
   */
  reveal(file: string, line: number): boolean {
    if (this.panel) return this.panel.reveal(file, line);
    if (!SAVED.get()?.files.some((f) => f.name === file)) return false;
    void this.load().then((panel) => panel?.reveal(file, line));
    return true;
  }

  destroy(): void {
    this.destroyed = true;
    this.element.removeEventListener('toggle', this.onToggle);
    if (this.panel) this.panel.destroy();
    else this.element.remove();
  }
}
