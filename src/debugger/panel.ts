/**
 * The debugger panel: disassembly around the PC (with source lines for our own ROMs), registers,
 * internal and external RAM, the VDC registers, the four sprites and the character ROM (the steps are
 * the page's one row of run controls, run-controls.ts); breakpoints (click a
 * line or type an address), watchpoints, the call stack and an exportable register trace; registers
 * and memory edited while paused (value-editor.ts), the cartridge's ROM by bank (rom-view.ts) and a
 * cycle profile (profile-view.ts), the VDC's objects listed and boxed over the picture (vdc-view.ts). Where the
 * CPU stopped is the worker's one sentence (DebugInfo.stop), shown as it is.
 */
import type { DebugInfo, DisasmLine } from '../worker/protocol.ts';
import { DebuggerControls } from './controls.ts';
import type { DebuggerHost } from './debugger-host.ts';
import { hex3 } from './format.ts';
import { MachineBoxes } from './machine-boxes.ts';
import { ProfileView } from './profile-view.ts';
import { RomViewBox } from './rom-view.ts';
import { ValueEditor } from './value-editor.ts';
import { VdcView } from './vdc-view.ts';
import { WatchListView } from './watch-list.ts';
import { DebuggerTabs } from './tabs.ts';

export type { DebuggerHost } from './debugger-host.ts';

export interface DebuggerPanel {
  element: HTMLElement;
  refresh(): Promise<void>;
  /** A sentence in the debugger's message line (the page's run controls say their refusals here). */
  say(text: string): void;
  destroy(): void;
}

/** The panel: the controls, the stop's sentence and the machine's boxes; it owns the breakpoints. */
class DebuggerPanelView implements DebuggerPanel {
  readonly element = document.createElement('section');
  private breakpoints: number[] = [];
  private readonly message = document.createElement('p');
  private readonly stopLine = document.createElement('p');
  private readonly controls: DebuggerControls;
  private readonly watches: WatchListView;
  private readonly boxes: MachineBoxes;
  private readonly rom: RomViewBox;
  private readonly profile: ProfileView;
  private readonly vdcView: VdcView;
  private readonly tabs: DebuggerTabs;
  /** The machine as last drawn (an edit's field closing draws it again). */
  private last: DebugInfo | undefined;

  constructor(private readonly host: DebuggerHost) {
    this.element.className = 'debugger';
    this.element.id = 'console-debugger';
    this.element.setAttribute('aria-label', 'Debugger');
    this.message.className = 'debugger-message';
    this.message.id = 'debugger-message';
    this.message.setAttribute('role', 'status');
    this.stopLine.className = 'debugger-stop';
    this.stopLine.id = 'debugger-stop';
    this.stopLine.setAttribute('aria-live', 'polite');
    this.controls = new DebuggerControls(host, {
      refresh: () => this.refresh(),
      say: (text) => this.say(text),
      breakpoint: (address) => void this.setBreakpoints(address === null ? [] : [...this.breakpoints, address]),
    });
    this.watches = new WatchListView(
      async (list) => {
        await host.setWatchpoints(list);
      },
      async (text, space, kind, value) => {
        this.say(await host.watchAt(text, space, kind, value));
        return (await host.info()).watchpoints;
      },
      (text) => this.say(text),
    );
    const values = new ValueEditor(
      async (target, value) => {
        try {
          this.last = await host.poke(target, value);
          this.say('');
          return undefined;
        } catch (e) {
          return e instanceof Error ? e.message.replace(/^Error: /, '') : String(e);
        }
      },
      (text) => this.say(text),
      () => {
        if (this.last) this.render(this.last);
      },
    );
    this.boxes = new MachineBoxes(values);
    this.rom = new RomViewBox(
      (bank) => host.romView(bank),
      (text) => this.say(text),
    );
    this.profile = new ProfileView(
      (on) => host.setProfile(on),
      () => this.refresh(),
      (file, line) => host.showSource(file, line),
      (text) => this.say(text),
    );
    this.vdcView = new VdcView(host.picture?.());
    this.tabs = this.newTabs();
    this.element.append(this.stopLine, this.message, this.tabs.list, this.tabs.panes);
  }

  /** The boxes in tabs, each tab what fits the panel docked under the picture at 1280×800. */
  private newTabs(): DebuggerTabs {
    const p = this.boxes.parts;
    const grid = (...parts: HTMLElement[]): HTMLElement => {
      const g = document.createElement('div');
      g.className = 'debugger-grid';
      g.append(...parts);
      return g;
    };
    return new DebuggerTabs([
      { id: 'cpu', label: 'CPU', title: 'Registers and the call stack', parts: [grid(p.regs, p.stack)] },
      {
        id: 'code',
        label: 'Program',
        title: 'The program around the PC; click a line for a breakpoint',
        parts: [p.disasm],
      },
      { id: 'ram', label: 'RAM', title: 'Internal and external RAM (editable while paused)', parts: [p.iram, p.eram] },
      { id: 'vdc', label: 'VDC', title: "The VDC's registers and its objects", parts: [p.vdc, this.vdcView.element] },
      { id: 'pixels', label: 'Sprites', title: 'The four sprites and the character ROM, as pixels', parts: [p.gfx] },
      { id: 'rom', label: 'ROM', title: "The cartridge's ROM by bank", parts: [this.rom.element] },
      { id: 'profile', label: 'Profile', title: 'Where the cycles of a frame go', parts: [this.profile.element] },
      {
        id: 'breaks',
        label: 'Breaks',
        title: 'Breakpoints, watchpoints and the trace',
        parts: [this.controls.element, this.watches.element],
      },
    ]);
  }

  async refresh(): Promise<void> {
    let info: DebugInfo;
    try {
      info = await this.host.info();
    } catch (e) {
      // Between machines (a new cartridge booting) there is nothing to show for a moment: say so, never throw.
      this.boxes.showNothing(e instanceof Error ? e.message : String(e));
      return;
    }
    this.render(info);
  }

  destroy(): void {
    this.vdcView.destroy();
    this.element.remove();
  }

  say(text: string): void {
    this.message.textContent = text;
  }

  private async setBreakpoints(list: number[]): Promise<void> {
    this.breakpoints = [...new Set(list)].sort((a, b) => a - b);
    await this.host.setBreakpoints(this.breakpoints);
    await this.refresh();
  }

  private render(info: DebugInfo): void {
    this.last = info;
    // The typed breakpoints are the worker's (break-at.ts); this list is the panel's own.
    this.breakpoints = info.breakpoints.filter((a) => !info.typedBreaks.some((t) => t.address === a));
    const toggle = (line: DisasmLine): void =>
      void this.setBreakpoints(
        line.breakpoint ? this.breakpoints.filter((b) => b !== line.address) : [...this.breakpoints, line.address],
      );
    this.boxes.show(info, toggle);
    // The stop's sentence is the worker's, word for word what the program panel and the status line say.
    this.stopLine.textContent =
      info.stop?.text ??
      (info.pendingAction ? `${info.pendingAction} under way…` : `PC ${hex3(info.pc)}h, frame ${info.frame}`);
    this.controls.show(info);
    this.watches.show(info.watchpoints);
    this.rom.show(info);
    this.vdcView.show(info);
    this.profile.show(info.profile);
  }
}

export function createDebuggerPanel(host: DebuggerHost): DebuggerPanel {
  return new DebuggerPanelView(host);
}
