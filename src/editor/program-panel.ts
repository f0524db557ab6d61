/**
 * "Your program" on the console page: open or drop an `.a48` source with its includes, edit it,
 * build it in the worker (Ctrl+Enter) and run it at once on the open BIOS; errors listed with file,
 * line and column and underlined in the editor; breakpoints on source lines (the assembler's line
 * map gives their addresses), the line the CPU stopped at shown, step and run; the image and the
 * listing exported. The files are kept in this browser. A failed build leaves the machine as it was.
 * With "Rebuild as I type" a build follows each pause in typing (live-build.ts); "Start without
 * SELECT GAME" presses a key for the user once the new image boots; "Copy share link" packs the
 * sources into a link (share-link.ts) that loads and builds them.
 */
import { el } from '../platform/dom.ts';
import type { MachineHost } from '../machine/host.ts';
import type { ConsoleRuntime } from '../machine/runtime.ts';
import { hex3 } from '../debugger/format.ts';
import type { BuildResult, SourceFile } from '../worker/build-program.ts';
import { Debounced, Newest, REBUILD_DELAY_MS } from './live-build.ts';
import { mainFile } from './main-file.ts';
import { programBar } from './program-bar.ts';
import { problemItems } from './problem-list.ts';
import { SourceBreakpoints, addressOf } from './source-breakpoints.ts';
import { SAVED, SOURCE_FILE, copyShareLink, exportBuild, readSources } from './program-files.ts';
import { decodeShare } from './share-link.ts';
import { PutAside, fileNames } from './put-back.ts';
import { SourceEditor } from './source-editor.ts';
import { NEW_PROGRAM } from './template.ts';
import type { EditorMark, Marks } from './source-editor.ts';

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

export class ProgramPanel {
  readonly element: HTMLDetailsElement;
  private readonly editor: SourceEditor;
  private readonly tabs = el('div', { class: 'program-tabs', role: 'tablist' });
  private readonly mainSelect = el('select', {
    id: 'program-main',
    title: 'The file to assemble (the others are its includes)',
  });
  private readonly status = el('p', { class: 'program-status', id: 'program-status', role: 'status' });
  private readonly problems = el('ul', { class: 'program-problems', id: 'program-problems' });
  private readonly fileInput = el('input', {
    type: 'file',
    multiple: '',
    accept: '.a48,.asm,.s,.h,.inc,.i,.mac',
    hidden: '',
  });
  private readonly folderInput = el('input', { type: 'file', hidden: '' });
  /** The last share link made, shown so it can be copied by hand when the clipboard is refused. */
  private readonly shareField = el('input', {
    type: 'text',
    id: 'program-share-link',
    readonly: '',
    hidden: '',
    'aria-label': 'Share link',
  });
  /** The program a share link replaced, and the button that brings it back (shown while one is kept). */
  private readonly aside = new PutAside();
  private readonly putBackButton = this.putBackAction('program-put-back');
  private readonly rebuild: HTMLInputElement;
  private readonly startAtOnce: HTMLInputElement;
  private readonly restart: HTMLInputElement;
  private readonly typing = new Debounced(REBUILD_DELAY_MS, () => void this.build('typed'));
  private readonly newest = new Newest();
  /** The last build asked for, run or waiting: the next one starts after it. */
  private builds: Promise<void> = Promise.resolve();
  private files: SourceFile[] = [];
  private main = '';
  private shown = '';
  /** The last build, failed or not: its diagnostics are the ones marked. */
  private last: BuildResult | null = null;
  /** The last build that boots (the machine runs it): its line map places breakpoints and finds stops. */
  private good: BuildResult | null = null;
  /** Breakpoints by file, as 1-based lines. */
  private readonly breakpoints = new SourceBreakpoints();
  private stoppedAt: { file: string; line: number } | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: MachineHost,
    private readonly options: ProgramPanelOptions,
  ) {
    this.editor = new SourceEditor({
      build: () => void this.build(),
      changed: (file, text) => this.changed(file, text),
      toggleBreakpoint: (file, line) => void this.toggleBreakpoint(file, line),
    });
    this.folderInput.setAttribute('webkitdirectory', '');
    this.fileInput.addEventListener(
      'change',
      () =>
        void this.open(this.fileInput.files).then(() => {
          this.fileInput.value = '';
        }),
    );
    this.folderInput.addEventListener(
      'change',
      () =>
        void this.open(this.folderInput.files).then(() => {
          this.folderInput.value = '';
        }),
    );
    this.mainSelect.addEventListener('change', () => {
      this.main = this.mainSelect.value;
      this.keep();
    });
    const bar = programBar(
      {
        newProgram: () => void this.newProgram(),
        openFiles: () => this.fileInput.click(),
        openFolder: () => this.folderInput.click(),
        build: () => void this.build(),
        stepInstruction: () => void this.act((api) => api.stepInstruction()),
        stepOver: () => void this.act((api) => api.stepOver()),
        stepOut: () => void this.act((api) => api.stepOut()),
        runToCursor: () => void this.runToCursor(),
        stepBack: () => void this.act((api) => api.stepBack()),
        run: () => void this.resume(),
        exportImage: () => this.exportBuild('image'),
        exportListing: () => this.exportBuild('listing'),
        share: () => void this.share(),
      },
      this.mainSelect,
      [this.fileInput, this.folderInput],
    );
    this.rebuild = bar.rebuild;
    this.startAtOnce = bar.startAtOnce;
    this.restart = bar.restart;
    this.rebuild.addEventListener('change', () => {
      if (!this.rebuild.checked) this.typing.cancel();
    });
    this.element = el(
      'details',
      { class: 'program-panel', id: 'console-program' },
      el('summary', { text: 'Your program: write, build and debug 8048 assembly' }),
      el('p', {
        class: 'program-hint',
        text: 'Drop an .a48 source and its includes on the screen, or open them here. Our assembler reads ASL\u2019s dialect (Soeren Gust\u2019s g7000.h works); a clean build boots at once on the open BIOS. Click the narrow column just right of a line number (the breakpoint gutter) to set or clear a breakpoint; Run to cursor runs to the line the cursor is on.',
      }),
      bar.element,
      this.shareField,
      this.putBackButton,
      this.tabs,
      this.editor.element,
      this.status,
      this.problems,
    );
    this.cleanups.push(
      host.on({
        status: (running, _speed, reason) => {
          // Every stop comes with its sentence (DebugInfo.stop.text); a plain pause has none.
          if (!running && reason) void this.showStop();
          if (running && this.stoppedAt) {
            this.stoppedAt = null;
            this.remark();
          }
        },
      }),
    );
    this.showFile('');
    this.putBackButton.hidden = this.aside.kept === null;
    const saved = SAVED.get();
    if (saved && saved.files.length) {
      this.setFiles(saved.files, saved.main);
      this.status.textContent = `Your sources from last time (${saved.files.map((f) => f.name).join(', ')}). Build to run them.`;
    }
  }

  /** Takes the source files among those opened or dropped; returns the ones it did not take. */
  async open(list: FileList | File[] | null): Promise<File[]> {
    const all = Array.from(list ?? []);
    const files = await readSources(all);
    if (files.length === 0) return all;
    this.breakpoints.clear();
    this.editor.clear();
    this.setFiles(files);
    this.element.open = true;
    await this.build();
    return all.filter((f) => !SOURCE_FILE.test(f.name));
  }

  /** Adds a small program of one's own (new.a48, new2.a48, …), makes it the one built, and builds it. */
  private async newProgram(): Promise<void> {
    let name = 'new.a48';
    for (let n = 2; this.files.some((f) => f.name === name); n++) name = `new${n}.a48`;
    this.setFiles([...this.files, { name, text: NEW_PROGRAM }], name);
    this.element.open = true;
    await this.build();
    this.editor.focus();
  }

  /**
   * Loads and builds the program a share link holds (share-link.ts). A damaged link is refused with
   * its sentence and the sources open now are kept.
   */
  async openShared(text: string): Promise<void> {
    const shared = await decodeShare(text);
    this.element.open = true;
    if (!shared.ok) {
      this.status.textContent = shared.error;
      this.options.say(shared.error, 'error');
      return;
    }
    const open = { files: this.files, main: this.main };
    const kept = this.aside.replace(open, { files: shared.files, main: shared.main });
    this.breakpoints.clear();
    this.editor.clear();
    this.setFiles(shared.files, shared.main);
    if (kept) this.putBackButton.hidden = false;
    await this.build();
    // Said after the build's own sentence, so the way back stays in the message line.
    const opened = `Opened the program of the link: ${fileNames(shared)}.`;
    if (kept)
      this.options.say(
        `${opened} Yours (${fileNames(open)}) was put aside: “Put back my program” brings it back.`,
        'info',
        this.putBackAction(),
      );
    else this.options.say(opened);
  }

  /** A "Put back my program" button (the panel's own, or one for the message line). */
  private putBackAction(id?: string): HTMLButtonElement {
    const b = el('button', {
      type: 'button',
      class: 'program-put-back',
      text: 'Put back my program',
      title: 'Bring back the sources a share link replaced (the link’s program is left as it is now)',
    });
    if (id) b.id = id;
    b.addEventListener('click', () => void this.putBack());
    return b;
  }

  /** Brings back the program a share link replaced, and builds it. */
  private async putBack(): Promise<void> {
    const p = this.aside.take();
    this.putBackButton.hidden = true;
    if (!p) {
      this.options.say('There is no program put aside to bring back.', 'error');
      return;
    }
    this.breakpoints.clear();
    this.editor.clear();
    this.setFiles(p.files, p.main);
    this.element.open = true;
    await this.build();
    this.options.say(`Your program is back: ${fileNames(p)}.`);
  }

  /** Makes the link of the sources open now, copies it, and shows it for copying by hand. */
  private async share(): Promise<void> {
    this.status.textContent = await copyShareLink({ files: this.files, main: this.main }, this.shareField);
  }

  private setFiles(files: SourceFile[], main?: string): void {
    this.files = files;
    this.main = mainFile(files, main) ?? '';
    this.mainSelect.replaceChildren(
      ...files.filter((f) => /\.(a48|asm|s)$/i.test(f.name)).map((f) => el('option', { value: f.name, text: f.name })),
    );
    this.mainSelect.value = this.main;
    this.last = null;
    this.good = null;
    this.keep();
    this.showFile(this.main);
  }

  private showFile(name: string): void {
    const f = this.files.find((x) => x.name === name);
    if (!f) {
      this.tabs.replaceChildren(
        el('p', {
          class: 'program-empty',
          text: 'No program yet: start a new one, open files, or drop an .a48 and its includes on the screen.',
        }),
      );
      return;
    }
    this.shown = name;
    this.tabs.replaceChildren(
      ...this.files.map((x) => {
        const b = el('button', {
          type: 'button',
          role: 'tab',
          'data-file': x.name,
          text: x.name,
          'aria-selected': String(x.name === name),
        });
        b.addEventListener('click', () => this.showFile(x.name));
        return b;
      }),
    );
    this.editor.show(name, f.text, this.marksFor(name));
  }

  private changed(file: string, text: string): void {
    const f = this.files.find((x) => x.name === file);
    if (!f) return;
    f.text = text;
    this.keep();
    if (!this.rebuild.checked) return;
    // A build in flight is of text already changed: its result is not shown, the one to come is.
    this.newest.begin();
    this.element.dataset.build = 'pending';
    this.typing.poke();
  }

  private keep(): void {
    SAVED.set({ files: this.files, main: this.main });
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
    this.element.dataset.build = 'building';
    if (this.main) this.status.textContent = `Building ${this.main}…`;
    const run = this.builds.then(() => (current() ? this.buildNow(why, current) : undefined));
    this.builds = run.catch(() => undefined);
    return run;
  }

  private async buildNow(why: 'asked' | 'typed', current: () => boolean): Promise<void> {
    const api = this.host.runtime?.api;
    if (!api || !this.main) {
      this.status.textContent = this.main ? 'The console is not running yet.' : 'Open a program first.';
      this.element.dataset.build = 'failed';
      return;
    }
    const result = await api.buildProgram(
      this.files.map((f) => ({ name: f.name, text: f.text })),
      this.main,
    );
    if (!current()) return;
    this.last = result;
    this.showProblems(result);
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
    if (previous && !this.restart.checked) {
      const why = await this.options.swap(result.image, result, previous);
      if (!why) {
        // The machine runs this build now, whether or not a newer one is on its way.
        this.good = result;
        await this.swapped(result, current);
        return;
      }
      restartWhy = ` Restarted: ${why}`;
    }
    if (!current()) return;
    const started = await this.options.run(this.main, result.image, result);
    if (!current()) return;
    if (!started) {
      this.element.dataset.build = 'failed';
      return;
    }
    this.good = result;
    this.stoppedAt = null;
    this.element.dataset.swap = restartWhy ? 'restarted' : 'booted';
    this.breakpoints.booted();
    await this.placeBreakpoints();
    const pressed = this.startAtOnce.checked && this.pressStart();
    this.status.textContent =
      (pressed
        ? `Built and running: ${result.summary}. A key was pressed for you at SELECT GAME.`
        : `Built and running: ${result.summary}. The BIOS asks SELECT GAME first: a key on the console starts it.`) +
      restartWhy;
    this.options.say(`Built ${result.summary}; it runs now.`);
    // Said last: what waits for "running" finds the status and the breakpoints settled.
    this.element.dataset.build = 'running';
  }

  /** A build swapped into the running machine: breakpoints moved to its lines, a stop shown on its line. */
  private async swapped(result: BuildResult, current: () => boolean): Promise<void> {
    await this.placeBreakpoints();
    // A newer build is on its way: it says what runs.
    if (!current()) return;
    if (this.stoppedAt) await this.showStop();
    const stopped = this.stoppedAt ? ` It stays stopped at ${this.stoppedAt.file}:${this.stoppedAt.line}.` : '';
    this.status.textContent = `Built and swapped in: ${result.summary}. The machine goes on where it was (registers, RAM and time kept).${stopped}`;
    this.options.say(`Built ${result.summary}; swapped into the running machine.`);
    this.element.dataset.swap = 'kept';
    this.element.dataset.build = 'running';
  }

  /**
   * Presses 1 through the worker's key queue at once: the BIOS's SELECT GAME loop reads the keyboard
   * from its first frames (our open BIOS takes a key held at frame 0), and the queue holds a tap for
   * whole frames, so the key is seen however soon after the boot it lands. Not waited for: the tap
   * finishes only while the machine runs, and a build must not wait on a machine paused.
   */
  private pressStart(): boolean {
    // The runtime of the new image: each boot starts a new worker.
    const api = this.host.runtime?.api;
    if (!api) return false;
    api.typeKeys(['1']).catch(() => undefined);
    return true;
  }

  /** A failed build: the machine runs what it ran, and the status says which. */
  private refused(result: BuildResult, why: 'asked' | 'typed'): void {
    const errors = `${result.errorCount} error${result.errorCount === 1 ? '' : 's'}`;
    const running = this.good ? `the last good build, ${this.good.summary}, runs on` : 'the machine runs as before';
    this.status.textContent = `Not built: ${errors} (${running}).`;
    this.element.dataset.build = 'failed';
    if (why === 'typed') return;
    const first = result.diagnostics.find((d) => d.severity === 'error' && d.line > 0);
    if (first && this.files.some((f) => f.name === first.file)) {
      this.showFile(first.file);
      this.editor.reveal(first.line);
    }
    this.options.say(`${this.main} was not built: ${errors}.`, 'error');
  }

  private showProblems(result: BuildResult): void {
    this.problems.replaceChildren(
      ...problemItems(
        result,
        (file) => this.files.some((f) => f.name === file),
        (file, line) => {
          this.showFile(file);
          this.editor.reveal(line);
        },
      ),
    );
    this.remark();
  }

  private marksFor(file: string): Marks {
    const diagnostics: EditorMark[] = (this.last?.diagnostics ?? [])
      .filter((d) => d.file === file && d.line > 0)
      .map((d) => ({ line: d.line, column: d.column, length: d.length, message: d.message, severity: d.severity }));
    return {
      breakpoints: this.breakpoints.in(file),
      diagnostics,
      pcLine: this.stoppedAt?.file === file ? this.stoppedAt.line : null,
    };
  }

  private remark(): void {
    if (this.shown) this.editor.mark(this.marksFor(this.shown));
  }

  private async toggleBreakpoint(file: string, line: number): Promise<void> {
    this.breakpoints.toggle(file, line);
    this.remark();
    await this.placeBreakpoints();
  }

  /** Sends the source breakpoints to the worker, and says which lines hold no code. */
  private async placeBreakpoints(): Promise<void> {
    const api = this.host.runtime?.api;
    if (!api || !this.good) return;
    const { addresses, empty } = await this.breakpoints.place(api, this.good.source.lineMap);
    this.element.dataset.breakpoints = addresses.map(hex3).join(' ');
    if (empty.length)
      this.status.textContent = `No code on ${empty.join(', ')}: that breakpoint waits for a line that assembles to something.`;
  }

  /** The address the cursor's line assembled to (the last build's line map), or why there is none. */
  cursorAddress(): { address: number } | { why: string } {
    if (!this.good) return { why: 'Build the program first: Run to cursor needs its line map.' };
    const { file, line } = this.editor.cursor();
    const address = addressOf(this.good.source.lineMap, file, line);
    return address === undefined
      ? { why: `No code on ${file}:${line}: put the cursor on a line that assembles to something.` }
      : { address };
  }

  /**
   * Shows `file` at `line` (the debugger's profile names a line); false when the file is not one of the
   * sources open (the BIOS, a program built elsewhere).
   */
  reveal(file: string, line: number): boolean {
    if (!this.files.some((f) => f.name === file)) return false;
    this.element.open = true;
    if (this.shown !== file) this.showFile(file);
    this.editor.reveal(line);
    return true;
  }

  private async runToCursor(): Promise<void> {
    const where = this.cursorAddress();
    if ('why' in where) {
      this.status.textContent = where.why;
      return;
    }
    await this.act((api) => api.runTo(where.address));
  }

  /**
   * The CPU stopped: show the source line of its PC. Without a build of ours running, the stop is
   * still said, so a step's "Running…" never stays in the status.
   */
  private async showStop(): Promise<void> {
    const api = this.host.runtime?.api;
    if (!api) return;
    const info = await api.debugInfo();
    const entry = this.good?.source.lineMap.find((e) => e.address === info.pc);
    this.stoppedAt = entry ? { file: entry.file, line: entry.line } : null;
    if (entry && this.files.some((f) => f.name === entry.file)) {
      if (this.shown !== entry.file) this.showFile(entry.file);
      this.remark();
      this.editor.reveal(entry.line);
    }
    // Said last, once the editor shows the line: what reads the status finds the editor settled.
    this.element.dataset.stopped = entry ? `${entry.file}:${entry.line}` : '';
    // The stop's sentence is the worker's (DebugInfo.stop), the same the debugger and the status line show.
    const said = info.stop?.text ?? `PC ${hex3(info.pc)}h, frame ${info.frame}`;
    this.status.textContent = entry
      ? `Stopped at ${entry.file}:${entry.line} (${said}). Step, Run, or open the debugger (F9) to watch the RAM.`
      : `Stopped outside your source (${said}).`;
  }

  /** A debugger action from this panel; a refusal (nothing to step back to) is said in the status line. */
  private async act(action: (api: ConsoleRuntime['api']) => Promise<unknown>): Promise<void> {
    const api = this.host.runtime?.api;
    if (!api) return;
    this.status.textContent = 'Running…';
    try {
      await action(api);
    } catch (e) {
      this.status.textContent = e instanceof Error ? e.message.replace(/^Error: /, '') : String(e);
      return;
    }
    await this.showStop();
  }

  private async resume(): Promise<void> {
    await this.host.runtime?.api.setRunning(true);
  }

  private exportBuild(what: 'image' | 'listing'): void {
    const why = exportBuild(this.last, this.main, what);
    if (why) this.options.say(why, 'error');
  }

  destroy(): void {
    this.typing.cancel();
    for (const c of this.cleanups) c();
    this.editor.destroy();
    this.element.remove();
  }
}
