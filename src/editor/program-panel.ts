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
import type { MachineHost } from '../machine/machine-host.ts';
import type { BuildResult, SourceFile } from '../worker/build-program.ts';
import { mainFile } from './main-file.ts';
import { programBar } from './program-bar.ts';
import { ProgramBuilds } from './program-builds.ts';
import type { ProgramPanelOptions } from './program-builds.ts';
import { ProgramStops } from './program-stops.ts';
import { countTabs, problemItems } from './problem-list.ts';
import { SAVED, SOURCE_FILE, copyShareLink, exportBuild, readSources } from './program-files.ts';
import { decodeShare } from './share-link.ts';
import { PutAside, fileNames } from './put-back.ts';
import { SourceEditor } from './source-editor.ts';
import { PixelEditor } from './pixel-editor.ts';
import { NEW_PROGRAM } from './template.ts';
import type { EditorMark, Marks } from './source-editor.ts';

export type { ProgramPanelOptions } from './program-builds.ts';

export class ProgramPanel {
  readonly element: HTMLDetailsElement;
  private readonly editor: SourceEditor;
  /** The pixels of the db lines selected (pixel-editor.ts). */
  private readonly pixels: PixelEditor;
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
  private readonly stops: ProgramStops;
  private readonly builds: ProgramBuilds;
  private files: SourceFile[] = [];
  private main = '';
  private shown = '';
  private readonly cleanups: (() => void)[] = [];

  /**
   * `element`: the panel's <details> with its summary, made by the page before this panel (the console's
   * program-slot.ts: the editor loads when the panel first opens); the panel fills in the rest.
   */
  constructor(
    private readonly host: MachineHost,
    private readonly options: ProgramPanelOptions,
    element: HTMLDetailsElement,
  ) {
    this.editor = new SourceEditor({
      build: () => void this.build(),
      changed: (file, text) => this.changed(file, text),
      toggleBreakpoint: (file, line) => void this.stops.toggleBreakpoint(file, line),
      selected: (first, last) => this.pixels.select(first, last),
    });
    this.pixels = new PixelEditor({
      lines: (first, last) => this.editor.lines(first, last),
      replace: (line, text) => {
        this.editor.replaceLine(line, text);
        // With "Rebuild as I type" on, the edit's own change already asked for the build.
        if (!this.rebuild.checked) this.builds.typed();
      },
    });
    this.folderInput.setAttribute('webkitdirectory', '');
    for (const input of [this.fileInput, this.folderInput])
      input.addEventListener(
        'change',
        () =>
          void this.open(input.files).then(() => {
            input.value = '';
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
        exportImage: () => this.exportBuild('image'),
        exportListing: () => this.exportBuild('listing'),
        share: () => void this.share(),
      },
      this.mainSelect,
      [this.fileInput, this.folderInput],
    );
    this.rebuild = bar.rebuild;
    this.rebuild.addEventListener('change', () => {
      if (!this.rebuild.checked) this.builds.cancelTyping();
    });
    this.element = this.fill(element, bar.element);
    this.stops = this.newStops();
    this.builds = this.newBuilds(bar.restart, bar.startAtOnce);
    this.cleanups.push(
      host.on({
        status: (running, _speed, reason) => this.stops.statusChanged(running, reason),
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

  /** The panel's body under its summary: the hint, the bar, the file tabs, the editor, the status and the problems. */
  private fill(element: HTMLDetailsElement, bar: HTMLElement): HTMLDetailsElement {
    element.append(
      el('p', {
        class: 'program-hint',
        text: 'Drop an .a48 source and its includes on the screen, or open them here. Our assembler reads ASL\u2019s dialect (Soeren Gust\u2019s g7000.h works); a clean build boots at once on the open BIOS. Click the narrow column just right of a line number (the breakpoint gutter) to set or clear a breakpoint; Run to cursor runs to the line the cursor is on.',
      }),
      bar,
      this.shareField,
      this.putBackButton,
      this.tabs,
      this.editor.element,
      this.pixels.element,
      this.status,
      this.problems,
    );
    return element;
  }

  private newStops(): ProgramStops {
    return new ProgramStops({
      host: this.host,
      editor: this.editor,
      element: this.element,
      status: this.status,
      good: () => this.builds.good,
      has: (file) => this.files.some((f) => f.name === file),
      shown: () => this.shown,
      showFile: (name) => this.showFile(name),
      remark: () => this.remark(),
    });
  }

  private newBuilds(restart: HTMLInputElement, startAtOnce: HTMLInputElement): ProgramBuilds {
    return new ProgramBuilds({
      host: this.host,
      options: this.options,
      stops: this.stops,
      element: this.element,
      status: this.status,
      restart,
      startAtOnce,
      files: () => this.files,
      main: () => this.main,
      showProblems: (result) => this.showProblems(result),
      showLine: (file, line) => {
        this.showFile(file);
        this.editor.reveal(line);
      },
    });
  }

  /** Takes the source files among those opened or dropped; returns the ones it did not take. */
  async open(list: FileList | File[] | null): Promise<File[]> {
    const all = Array.from(list ?? []);
    const files = await readSources(all);
    if (files.length === 0) return all;
    this.stops.breakpoints.clear();
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
    this.stops.breakpoints.clear();
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
    this.stops.breakpoints.clear();
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
    this.builds.last = null;
    this.builds.good = null;
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
    this.countTabs();
    this.editor.show(name, f.text, this.marksFor(name));
  }

  private changed(file: string, text: string): void {
    const f = this.files.find((x) => x.name === file);
    if (!f) return;
    f.text = text;
    this.keep();
    if (!this.rebuild.checked) return;
    this.builds.typed();
  }

  private keep(): void {
    SAVED.set({ files: this.files, main: this.main });
  }

  private showProblems(result: BuildResult): void {
    this.problems.replaceChildren(
      ...problemItems(
        result.diagnostics,
        this.files.map((f) => f.name),
        (file, line) => {
          this.showFile(file);
          this.editor.reveal(line);
        },
      ),
    );
    this.countTabs();
    this.remark();
  }

  private countTabs(): void {
    countTabs(this.tabs, this.builds.last?.diagnostics ?? []);
  }

  private marksFor(file: string): Marks {
    const diagnostics: EditorMark[] = (this.builds.last?.diagnostics ?? [])
      .filter((d) => d.file === file && d.line > 0)
      .map((d) => ({ line: d.line, column: d.column, length: d.length, message: d.message, severity: d.severity }));
    return {
      breakpoints: this.stops.breakpoints.in(file),
      diagnostics,
      pcLine: this.stops.stoppedAt?.file === file ? this.stops.stoppedAt.line : null,
    };
  }

  private remark(): void {
    if (this.shown) this.editor.mark(this.marksFor(this.shown));
  }

  /** The address the cursor's line assembled to (the last build's line map), or why there is none. */
  cursorAddress(): { address: number } | { why: string } {
    return this.stops.cursorAddress();
  }

  /**
   * Assembles in the worker and runs a clean build (ProgramBuilds.build): `typed` after a pause in
   * typing, the editor kept where the user types.
   */
  build(why: 'asked' | 'typed' = 'asked'): Promise<void> {
    return this.builds.build(why);
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

  private exportBuild(what: 'image' | 'listing'): void {
    const why = exportBuild(this.builds.last, this.main, what);
    if (why) this.options.say(why, 'error');
  }

  destroy(): void {
    this.builds.cancelTyping();
    for (const c of this.cleanups) c();
    this.editor.destroy();
    this.element.remove();
  }
}
