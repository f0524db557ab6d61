/**
 * The console page (#/console): the app's one machine (machine/machine-host.ts) shown with its screen, the
 * toolbar, the input router, save slots, the ROM library panel and the debugger. Keyboard shortcuts
 * are F-keys so they never collide with typing on the O2 keyboard. Leaving the page pauses the
 * machine; coming back goes on where it was, and so does a reload (resume.ts).
 */
import { button, el } from '../platform/dom.ts';
import { download } from '../platform/download.ts';
import { playUiSound } from '../audio/ui-sounds.ts';
import type { DebuggerHost } from '../debugger/panel.ts';
import { RunControls } from '../debugger/run-controls.ts';
import type { StepKind } from '../debugger/run-controls.ts';
import { errorText } from '../machine/machine-host.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { DISPLAY, ScreenView } from '../machine/screen-view.ts';
import { InputRouter } from '../machine/input-router.ts';
import { LibraryPanel } from '../machine/library-panel.ts';
import { sharedText } from '../editor/share-link.ts';
import { SaveSlots } from './save-slots.ts';
import { ConsoleResume } from './resume.ts';
import { PracticePanel } from './practice-panel.ts';
import { Toolbar } from './toolbar.ts';
import type { ToolbarActions } from './toolbar.ts';
import { consoleSide, machineDebuggerHost } from './page-parts.ts';
import { timeTravelControls } from './time-travel-controls.ts';
import { IdeLayout } from './ide-layout.ts';
import { ProgramSlot } from './program-slot.ts';
import { DebuggerSlot } from './debugger-slot.ts';

export class ConsolePage {
  private readonly root: HTMLElement;
  private readonly alertBox: HTMLElement;
  private readonly statusLine: HTMLElement;
  private readonly screen: ScreenView;
  private readonly input: InputRouter;
  private readonly slots: SaveSlots;
  private readonly resume: ConsoleResume;
  private readonly library: LibraryPanel;
  private readonly toolbar: Toolbar;
  private readonly practice: PracticePanel;
  /** The program panel, its editor loaded when first wanted (program-slot.ts). */
  private readonly program: ProgramSlot;
  private readonly ide: IdeLayout;
  /** The one row of run and step buttons, above the program panel and the debugger. */
  private readonly run: RunControls;
  /** The debugger, loaded when first opened (debugger-slot.ts). */
  private readonly debugger: DebuggerSlot;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: MachineHost,
    container: HTMLElement,
  ) {
    this.slots = new SaveSlots(host);
    this.library = new LibraryPanel(host, {
      loadState: (bytes, what) => this.slots.loadStateBytes(bytes, what),
      booted: () => void this.slots.refresh(),
    });
    this.screen = this.makeScreen();
    this.input = new InputRouter(host, {
      screen: this.screen.box,
      shortcut: (e) => this.shortcut(e),
      rewind: true,
    });
    this.toolbar = new Toolbar(this.toolbarActions(), {
      slotSelect: this.slots.select,
      swap: this.input.swap,
      display: DISPLAY.get(),
    });

    this.resume = new ConsoleResume(host, {
      say: (text, kind, action) => this.toolbar.say(text, kind, action),
      showingError: () => this.toolbar.showingError(),
    });
    this.practice = new PracticePanel(host, () => this.screen.focus());
    this.program = new ProgramSlot(host, {
      run: (name, image, build) => this.library.runBuilt(name, image, build.source),
      swap: (image, build, previous) => this.library.swapBuilt(image, build.source, previous),
      say: (text, kind, action) => this.toolbar.say(text, kind, action),
    });
    this.run = new RunControls(
      () => (this.host.runtime ? this.debuggerHost() : undefined),
      (text) => {
        if (!this.debugger.say(text) && text) this.toolbar.say(text, 'error');
      },
    );
    this.alertBox = el('div', { class: 'console-alert', id: 'console-alert', role: 'alert' });
    this.alertBox.hidden = true;
    this.statusLine = el('p', { class: 'console-status', id: 'console-status' });
    this.debugger = new DebuggerSlot({
      host: () => this.debuggerHost(),
      place: (element) => this.root.append(element),
      changed: () => this.panelsChanged(),
      running: () => this.host.running,
      say: (text, kind) => this.toolbar.say(text, kind),
    });
    this.toolbar.more.append(timeTravelControls(() => void this.host.applyTimeTravel()));
    const side = consoleSide(this.toolbar.more, this.practice.element, this.library, this.statusLine);
    this.root = el(
      'section',
      { class: 'console', id: 'console' },
      this.toolbar.row,
      this.alertBox,
      // The touch panel follows the screen directly (before the side panel on narrow windows) so a
      // tablet player sees the picture and the stick and keyboard together.
      el('div', { class: 'console-main' }, this.screen.element, this.input.touch.element, side),
      this.run.element,
      this.program.element,
      this.input.remap.element,
    );
    this.ide = new IdeLayout(this.root, {
      program: this.program.element,
      debuggerOpen: () => this.debugger.shown,
    });
    container.append(this.root);
    this.panelsChanged();
    const onToggle = (): void => this.panelsChanged();
    this.program.element.addEventListener('toggle', onToggle);
    this.cleanups.push(() => this.program.element.removeEventListener('toggle', onToggle));
    this.showMode();
    this.listen();
  }

  private makeScreen(): ScreenView {
    return new ScreenView(this.host, {
      onDrop: (files) => void this.takeFiles(files),
      fitHeight: {
        // Side by side with the source (ide-layout.ts), the debugger's room is under the picture;
        // the touch panel then goes below the columns.
        below: () =>
          this.ide?.mode
            ? this.ide.below()
            : this.input.touch.element.hidden
              ? 0
              : this.input.touch.element.getBoundingClientRect().height + 16,
      },
    });
  }

  /** The machine's news: its run state, its messages, a fatal stop, a new boot. */
  private listen(): void {
    this.cleanups.push(
      this.host.on({
        status: (running, speed, reason) => {
          this.toolbar.showStatus(running, speed);
          if (reason) this.toolbar.say(`Paused: ${reason}.`);
          this.debugger.refresh();
        },
        message: (text, kind) => this.toolbar.say(text, kind),
        fatal: (message) => this.onFatal(message),
        booted: () => void this.showMachine(),
      }),
    );
  }

  /** What the toolbar's buttons do. */
  private toolbarActions(): ToolbarActions {
    return {
      togglePause: () => this.togglePause(),
      reset: () => void this.input.pressReset().then(() => this.screen.focus()),
      save: () => void this.slots.save(),
      load: () => void this.slots.load(),
      fullscreen: () => void this.screen.element.requestFullscreen?.(),
      stepFrame: () => void this.stepFrame(),
      toggleFast: () => this.toggleFast(),
      powerCycle: () => void this.powerCycle(),
      toggleDebugger: () => this.debugger.toggle(),
      downloadState: () => void this.slots.downloadState(),
      openState: (files) => void this.takeFiles(files),
      screenshot: () => void this.screenshot(),
      openRom: (files) => void this.takeFiles(files),
      useBuiltins: () => void this.library.useBuiltins(),
      toggleMode: () => this.toggleMode(),
      remap: () => this.input.remap.open(),
      toggleKeyboard: () => {
        this.input.touch.element.hidden = !this.input.touch.element.hidden;
      },
      setSwap: (swap) => this.input.setSwap(swap),
      setDisplay: (mode) => this.screen.setMode(mode),
    };
  }

  async start(): Promise<void> {
    const host = this.host;
    // Only a page load resumes: coming from another page, the machine is still where it was.
    const fresh = !host.probe.ready;
    host.attach('console');
    await host.start();
    await this.resume.restore(fresh);
    host.probe.stage = 'creating the screen';
    await this.screen.start();
    host.probe.stage = 'ready';
    await this.showMachine();
    this.toolbar.showStatus(host.running, host.speed);
    this.screen.focusIfUnclaimed(this.root);
    host.probe.ready = true;
    // A shared program's link (#/console?src=…), opened now or pasted later into this tab's address.
    const onHash = () => void this.openSharedLink();
    window.addEventListener('hashchange', onHash);
    this.cleanups.push(() => window.removeEventListener('hashchange', onHash));
    await this.openSharedLink();
  }

  /**
   * Loads the program a link's fragment holds, once: the fragment goes back to #/console, so a reload
   * or a bookmark does not replace the program the user has edited since with the link's again.
   */
  private async openSharedLink(): Promise<void> {
    const text = sharedText(location.hash);
    if (text === null) return;
    history.replaceState(history.state, '', location.href.replace(/#.*$/, '#/console'));
    await this.program.openShared(text);
    this.program.element.scrollIntoView?.({ block: 'nearest' });
  }

  private async showMachine(): Promise<void> {
    const info = this.host.runtime?.info;
    if (!info) return;
    this.library.show(info);
    await this.library.refresh();
    if (info.problems.length) this.toolbar.say(info.problems.join(' '), 'error');
    this.statusLine.textContent = `${info.timing}, ${info.frameRate.toFixed(2)} frames/s · picture drawn with ${this.screen.backend || 'the screen being made'}`;
    await this.slots.refresh();
  }

  private async takeFiles(files: FileList | null): Promise<void> {
    // Sources (.a48 and its includes) go to the program panel, which builds and runs them; ROMs and states to the library.
    const rest = await this.program.open(files);
    if (rest.length) await this.library.takeFiles(rest);
    if (rest.length || !this.program.element.open) this.screen.focus();
  }

  private shortcut(e: KeyboardEvent): boolean {
    const actions: Record<string, () => void> = {
      F2: () => void this.slots.save(),
      F3: () => this.toggleFast(),
      F4: () => void this.slots.load(),
      F6: () => this.togglePause(),
      F7: () => void this.stepFrame(),
      F8: () => void this.screenshot(),
      F9: () => this.debugger.toggle(),
      F1: () => this.toggleMode(),
      CapsLock: () => this.toggleMode(),
      // The debugger's keys, as in most IDEs: F5 run, F10 step over, F11 step, Shift+F11 step out.
      F5: () => void this.host.runtime?.api.setRunning(true),
      F10: () => this.debugStep('step-over'),
      F11: () => this.debugStep(e.shiftKey ? 'step-out' : 'step'),
    };
    const act = actions[e.code];
    if (!act || e.repeat) return false;
    if (e.code !== 'CapsLock') e.preventDefault();
    act();
    return true;
  }

  /** A step from the keys: the debugger opens too if it is closed (shown with the stop once its script has come). */
  private debugStep(kind: StepKind): void {
    this.debugger.open();
    this.run.step(kind);
  }

  /** The program panel or the debugger opened or closed: the layout, and the run controls shown with either. */
  private panelsChanged(): void {
    this.run.show(this.program.element.open || this.debugger.shown);
    this.ide.update();
  }

  private toggleMode(): void {
    const mode = this.input.toggleMode();
    this.showMode();
    this.toolbar.say(
      mode === 'type'
        ? 'Keys now type on the O2 keyboard (arrows still steer).'
        : 'Keys now steer: arrows + Right Ctrl (left control), W A S D + Left Shift (right control).',
    );
  }

  private showMode(): void {
    this.toolbar.showMode(this.input.mode);
    this.root?.setAttribute('data-input-mode', this.input.mode);
  }

  private togglePause(): void {
    void this.host.runtime?.api.setRunning(!this.host.running);
    this.screen.focus();
  }

  private toggleFast(): void {
    void this.host.runtime?.api.setSpeed(this.host.speed > 1 ? 1 : 4);
  }

  private async stepFrame(): Promise<void> {
    const runtime = this.host.runtime;
    if (!runtime) return;
    await runtime.api.setRunning(false);
    await runtime.api.stepFrames(1);
  }

  private async powerCycle(): Promise<void> {
    if (!this.host.runtime) return;
    const why = this.host.switchRefusal();
    if (why) {
      this.toolbar.say(`The console was not switched off: ${why}`, 'error');
      return;
    }
    await this.host.runtime.api.powerCycle();
    this.toolbar.say('Switched off and on again.');
  }

  private async screenshot(): Promise<void> {
    const png = await this.screen.screenshot();
    if (!png) return;
    download(png, `o2-${this.host.probe.shownFrame}.png`);
    playUiSound('click');
  }

  private onFatal(message: string): void {
    const last = this.host.runtime?.lastState;
    this.alertBox.hidden = false;
    this.alertBox.replaceChildren(
      el('strong', { text: 'The emulator stopped: ' }),
      message + '. ',
      last
        ? `Its last saved moment is frame ${last.frame} (at most a second before the failure).`
        : 'No state was saved before it stopped; a restart begins from power-on.',
      ' ',
      button('console-restart', last ? 'Restart from the last state' : 'Restart', 'Start a new emulator', () => {
        this.alertBox.hidden = true;
        void this.host.restart().then(
          (said) => this.toolbar.say(said),
          (e: unknown) => this.onFatal(`the restart failed too (${errorText(e)})`),
        );
      }),
    );
  }

  /** The machine as the debugger and the run controls see it (each call asks for the runtime of the moment). */
  private debuggerHost(): DebuggerHost {
    return machineDebuggerHost(this.host, {
      stepFrame: () => this.stepFrame(),
      cursorAddress: () => this.program.cursorAddress(),
      showSource: (file, line) => this.program.reveal(file, line),
      picture: () => this.screen.element,
    });
  }

  destroy(): void {
    this.debugger.destroy();
    this.practice.destroy();
    this.program.destroy();
    this.ide.destroy();
    this.resume.destroy();
    for (const c of this.cleanups) c();
    this.input.destroy();
    this.screen.destroy();
    this.root.remove();
    this.host.detach();
  }
}
