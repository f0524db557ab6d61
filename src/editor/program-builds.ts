/**
 * Building "Your program" in the worker: builds one after another, only the newest one's result
 * shown; a clean build swapped into the running machine or booted, a failed one changing nothing.
 * With "Rebuild as I type" a build follows each pause in typing (live-build.ts).
 */
import type { MachineHost } from '../machine/machine-host.ts';
import type { BuildResult, SourceFile } from '../worker/build-program.ts';
import { Debounced, Newest, REBUILD_DELAY_MS } from './live-build.ts';
import { errorPlaces, problemsByFile } from './file-problems.ts';
import type { ProgramStops } from './program-stops.ts';

export interface ProgramPanelOptions {
  /** Boots the built image (the library's path: refused mid-battle, the machine kept on failure). */
  run(name: string, image: Uint8Array, build: BuildResult): Promise<boolean>;
  /**
   * Swaps the built image into the running machine in place of `previous` (the build it runs), the
   * machine's state kept; returns why not in a sentence, nothing changed, when it cannot.
   */
  swap(image: Uint8Array, build: BuildResult, previous: Uint8Array): Promise<string | undefined>;
  /** Says something in the page's message line; `action` (a button) follows the sentence. */
  say(text: string, kind?: 'info' | 'error', action?: HTMLButtonElement): void;
}

/** What the builds need of the program panel. */
export interface BuildsPanel {
  readonly host: MachineHost;
  readonly options: ProgramPanelOptions;
  readonly stops: ProgramStops;
  readonly element: HTMLElement;
  readonly status: HTMLElement;
  /** "Restart on rebuild" and "Start without SELECT GAME" (program-bar.ts). */
  readonly restart: HTMLInputElement;
  readonly startAtOnce: HTMLInputElement;
  files(): SourceFile[];
  /** The file to assemble (the others are its includes); '' when none is open. */
  main(): string;
  showProblems(result: BuildResult): void;
  /** Shows `file` in the editor at `line`. */
  showLine(file: string, line: number): void;
}

export class ProgramBuilds {
  private readonly typing = new Debounced(REBUILD_DELAY_MS, () => void this.build('typed'));
  private readonly newest = new Newest();
  /** The last build asked for, run or waiting: the next one starts after it. */
  private builds: Promise<void> = Promise.resolve();
  /** The last build, failed or not: its diagnostics are the ones marked. */
  last: BuildResult | null = null;
  /** The last build that boots (the machine runs it): its line map places breakpoints and finds stops. */
  good: BuildResult | null = null;
  /** The machine's last boot had its key pressed at SELECT GAME ("Start without SELECT GAME"). */
  private startPressed = false;

  constructor(private readonly panel: BuildsPanel) {}

  /** The sources changed with "Rebuild as I type" on: a build follows the pause in typing. */
  typed(): void {
    // A build in flight is of text already changed: its result is not shown, the one to come is.
    this.newest.begin();
    this.panel.element.dataset.build = 'pending';
    this.typing.poke();
  }

  cancelTyping(): void {
    this.typing.cancel();
  }

  /**
   * Assembles in the worker; a clean build boots at once, a failed one changes nothing. A build
   * `typed` (after a pause in typing) keeps the editor where the user types: its errors are marked
   * but not jumped to. Builds run one after another, never two at once: a boot replaces the worker,
   * and a call in flight to the worker replaced would never be answered. Of the builds asked for
   * only the newest one's result is shown (data-build: pending, building, running or failed).
   */
  build(why: 'asked' | 'typed' = 'asked'): Promise<void> {
    this.typing.cancel();
    const current = this.newest.begin();
    this.panel.element.dataset.build = 'building';
    const main = this.panel.main();
    if (main) this.panel.status.textContent = `Building ${main}…`;
    const run = this.builds.then(() => (current() ? this.buildNow(why, current) : undefined));
    this.builds = run.catch(() => undefined);
    return run;
  }

  private async buildNow(why: 'asked' | 'typed', current: () => boolean): Promise<void> {
    const { panel } = this;
    const api = panel.host.runtime?.api;
    if (!api || !panel.main()) {
      panel.status.textContent = panel.main() ? 'The console is not running yet.' : 'Open a program first.';
      panel.element.dataset.build = 'failed';
      return;
    }
    const result = await api.buildProgram(
      panel.files().map((f) => ({ name: f.name, text: f.text })),
      panel.main(),
    );
    if (!current()) return;
    this.last = result;
    panel.showProblems(result);
    if (!result.ok || !result.image) {
      this.refused(result, why);
      return;
    }
    // With "Restart on rebuild" off, an image of the same size goes into the running machine (as
    // 8bitworkshop does): the game goes on where it was, and a change shows without playing back to
    // it. A kept PC may land inside a moved instruction; the user restarts when it does. Another
    // size or mapper, or another cartridge loaded since, boots from power-on, saying why.
    let restartWhy = '';
    const previous = this.good?.image;
    // A build swapped in goes on where the machine is: one booted with the box unticked still waits
    // at SELECT GAME, so with the box ticked now it boots again to have the key pressed.
    const parked = panel.startAtOnce.checked && !this.startPressed;
    if (previous && parked && !panel.restart.checked)
      restartWhy = ' Restarted: "Start without SELECT GAME" is ticked and the build before was left at SELECT GAME.';
    else if (previous && !panel.restart.checked) {
      const why = await panel.options.swap(result.image, result, previous);
      if (!why) {
        // The machine runs this build now, whether or not a newer one is on its way.
        this.good = result;
        await this.swapped(result, current);
        return;
      }
      restartWhy = ` Restarted: ${why}`;
    }
    if (!current()) return;
    const started = await panel.options.run(panel.main(), result.image, result);
    if (!current()) return;
    if (!started) {
      panel.element.dataset.build = 'failed';
      return;
    }
    this.good = result;
    panel.stops.stoppedAt = null;
    panel.element.dataset.swap = restartWhy ? 'restarted' : 'booted';
    panel.stops.breakpoints.booted();
    await panel.stops.placeBreakpoints();
    const pressed = panel.startAtOnce.checked && this.pressStart();
    this.startPressed = pressed;
    panel.status.textContent =
      (pressed
        ? `Built and running: ${result.summary}. A key was pressed for you at SELECT GAME.`
        : `Built and running: ${result.summary}. The BIOS asks SELECT GAME first: a key on the console starts it.`) +
      restartWhy;
    panel.options.say(`Built ${result.summary}; it runs now.`);
    // Said last: what waits for "running" finds the status and the breakpoints settled.
    panel.element.dataset.build = 'running';
  }

  /** A build swapped into the running machine: breakpoints moved to its lines, a stop shown on its line. */
  private async swapped(result: BuildResult, current: () => boolean): Promise<void> {
    const { panel } = this;
    await panel.stops.placeBreakpoints();
    // A newer build is on its way: it says what runs.
    if (!current()) return;
    const { stops } = panel;
    if (stops.stoppedAt) await stops.showStop();
    const stopped = stops.stoppedAt ? ` It stays stopped at ${stops.stoppedAt.file}:${stops.stoppedAt.line}.` : '';
    panel.status.textContent = `Built and swapped in: ${result.summary}. The machine goes on where it was (registers, RAM and time kept).${stopped}`;
    panel.options.say(`Built ${result.summary}; swapped into the running machine.`);
    panel.element.dataset.swap = 'kept';
    panel.element.dataset.build = 'running';
  }

  /**
   * Presses 1 through the worker's key queue at once: the BIOS's SELECT GAME loop reads the keyboard
   * from its first frames (our open BIOS takes a key held at frame 0), and the queue holds a tap for
   * whole frames, so the key is seen however soon after the boot it lands. Not waited for: the tap
   * finishes only while the machine runs, and a build must not wait on a machine paused.
   */
  private pressStart(): boolean {
    // The runtime of the new image: each boot starts a new worker.
    const api = this.panel.host.runtime?.api;
    if (!api) return false;
    api.typeKeys(['1']).catch(() => undefined);
    return true;
  }

  /** A failed build: the machine runs what it ran, and the status says which. */
  private refused(result: BuildResult, why: 'asked' | 'typed'): void {
    const { panel } = this;
    const errors = `${result.errorCount} error${result.errorCount === 1 ? '' : 's'}`;
    const running = this.good ? `the last good build, ${this.good.summary}, runs on` : 'the machine runs as before';
    const places = errorPlaces(
      problemsByFile(
        result.diagnostics,
        panel.files().map((f) => f.name),
      ),
    );
    panel.status.textContent = `Not built: ${errors}${places} (${running}).`;
    panel.element.dataset.build = 'failed';
    if (why === 'typed') return;
    const first = result.diagnostics.find((d) => d.severity === 'error' && d.line > 0);
    if (first && panel.files().some((f) => f.name === first.file)) panel.showLine(first.file, first.line);
    panel.options.say(`${panel.main()} was not built: ${errors}${places}.`, 'error');
  }
}
