/**
 * Debugging "Your program" on its source: breakpoints on source lines (the last good build's line
 * map gives their addresses), the line the CPU stopped at, and the address of the cursor's line (for
 * Run to cursor, a button of the page's run controls).
 */
import type { MachineHost } from '../machine/machine-host.ts';
import { hex3 } from '../debugger/format.ts';
import type { BuildResult } from '../worker/build-program.ts';
import { SourceBreakpoints, addressOf } from './source-breakpoints.ts';
import type { SourceEditor } from './source-editor.ts';

/** What the stops need of the program panel. */
export interface StopsPanel {
  readonly host: MachineHost;
  readonly editor: SourceEditor;
  readonly element: HTMLElement;
  readonly status: HTMLElement;
  /** The last build that boots (the machine runs it). */
  good(): BuildResult | null;
  /** Whether `file` is one of the sources open. */
  has(file: string): boolean;
  /** The file the editor shows. */
  shown(): string;
  showFile(name: string): void;
  /** Marks the file shown again (diagnostics, breakpoints, the line stopped at). */
  remark(): void;
}

export class ProgramStops {
  /** Breakpoints by file, as 1-based lines. */
  readonly breakpoints = new SourceBreakpoints();
  stoppedAt: { file: string; line: number } | null = null;

  constructor(private readonly panel: StopsPanel) {}

  /** The machine ran or stopped (MachineHost's status). */
  statusChanged(running: boolean, reason: string | undefined): void {
    // Every stop comes with its sentence (DebugInfo.stop.text); a plain pause has none.
    if (!running && reason) void this.showStop();
    if (running && this.stoppedAt) {
      this.stoppedAt = null;
      this.panel.remark();
    }
  }

  async toggleBreakpoint(file: string, line: number): Promise<void> {
    this.breakpoints.toggle(file, line);
    this.panel.remark();
    await this.placeBreakpoints();
  }

  /** Sends the source breakpoints to the worker, and says which lines hold no code. */
  async placeBreakpoints(): Promise<void> {
    const api = this.panel.host.runtime?.api;
    const good = this.panel.good();
    if (!api || !good) return;
    const { addresses, empty } = await this.breakpoints.place(api, good.source.lineMap);
    this.panel.element.dataset.breakpoints = addresses.map(hex3).join(' ');
    if (empty.length)
      this.panel.status.textContent = `No code on ${empty.join(', ')}: that breakpoint waits for a line that assembles to something.`;
  }

  /** The address the cursor's line assembled to (the last build's line map), or why there is none. */
  cursorAddress(): { address: number } | { why: string } {
    const good = this.panel.good();
    if (!good) return { why: 'Build the program first: Run to cursor needs its line map.' };
    const { file, line } = this.panel.editor.cursor();
    const address = addressOf(good.source.lineMap, file, line);
    return address === undefined
      ? { why: `No code on ${file}:${line}: put the cursor on a line that assembles to something.` }
      : { address };
  }

  /**
   * The CPU stopped: show the source line of its PC. Without a build of ours running, the stop is
   * still said, so a step's "Running…" never stays in the status.
   */
  async showStop(): Promise<void> {
    const { panel } = this;
    const api = panel.host.runtime?.api;
    if (!api) return;
    const info = await api.debugInfo();
    const entry = panel.good()?.source.lineMap.find((e) => e.address === info.pc);
    this.stoppedAt = entry ? { file: entry.file, line: entry.line } : null;
    if (entry && panel.has(entry.file)) {
      if (panel.shown() !== entry.file) panel.showFile(entry.file);
      panel.remark();
      panel.editor.reveal(entry.line);
    }
    // Said last, once the editor shows the line: what reads the status finds the editor settled.
    panel.element.dataset.stopped = entry ? `${entry.file}:${entry.line}` : '';
    // The stop's sentence is the worker's (DebugInfo.stop), the same the debugger and the status line show.
    const said = info.stop?.text ?? `PC ${hex3(info.pc)}h, frame ${info.frame}`;
    panel.status.textContent = entry
      ? `Stopped at ${entry.file}:${entry.line} (${said}). Step, Run, or open the debugger (F9) to watch the RAM.`
      : `Stopped outside your source (${said}).`;
  }
}
