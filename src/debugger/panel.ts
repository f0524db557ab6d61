/**
 * The debugger panel: disassembly around the PC (with source lines for our own ROMs), registers,
 * internal and external RAM, the VDC registers, the four sprites and the character ROM; step,
 * step over, step out, run to the editor's cursor, step back and frame steps; breakpoints (click a
 * line or type an address), watchpoints, the call stack and an exportable register trace. Where the
 * CPU stopped is the worker's one sentence (DebugInfo.stop), shown as it is.
 */
import { downloadText } from '../platform/download.ts';
import type { DebugInfo, DisasmLine, StackFrameInfo, WatchpointSpec } from '../worker/protocol.ts';
import { hex2, hex3, hexDump, parseAddress, pswText } from './format.ts';
import { drawCharset, drawSprites } from './pixels.ts';
import { WatchListView } from './watch-list.ts';

export interface DebuggerHost {
  info(): Promise<DebugInfo>;
  stepInstruction(): Promise<DebugInfo>;
  stepOver(): Promise<DebugInfo>;
  stepOut(): Promise<DebugInfo>;
  runTo(address: number): Promise<DebugInfo>;
  stepBack(): Promise<DebugInfo>;
  stepFrame(): Promise<void>;
  setBreakpoints(list: number[]): Promise<void>;
  setWatchpoints(list: WatchpointSpec[]): Promise<void>;
  setTrace(on: boolean): Promise<void>;
  traceText(): Promise<string>;
  /** The program address of the source editor's cursor line (the last build's line map), or why there is none. */
  cursorAddress(): { address: number } | { why: string };
  pause(): void;
  resume(): void;
}

/** "1: returns to 424h, called at 422h". */
function stackText(frames: StackFrameInfo[]): string {
  if (frames.length === 0) return 'empty (SP 0)';
  return frames
    .map(
      (f) =>
        `${f.level}: returns to ${hex3(f.returnAddress)}h, ${f.callSite === undefined ? "an interrupt's entry" : `called at ${hex3(f.callSite)}h`}`,
    )
    .join('\n');
}

export interface DebuggerPanel {
  element: HTMLElement;
  refresh(): Promise<void>;
  destroy(): void;
}

/** One line of the program listing; a click sets or clears its breakpoint. */
function disasmLine(line: DisasmLine, toggle: (line: DisasmLine) => void): HTMLElement {
  const div = document.createElement('div');
  div.className = 'dbg-line';
  if (line.current) div.classList.add('current');
  if (line.breakpoint) div.classList.add('bp');
  div.dataset.address = hex3(line.address);
  div.title = 'Click to set or clear a breakpoint';
  const bytes = line.bytes.map(hex2).join(' ').padEnd(6);
  div.textContent = `${line.breakpoint ? '●' : ' '}${line.current ? '▶' : ' '}${hex3(line.address)}  ${bytes} ${line.text.padEnd(16)}${line.source ? '  ; ' + line.source : ''}`;
  div.addEventListener('click', () => toggle(line));
  return div;
}

/** The CPU box: short lines, as the box is one grid column (about 48 characters at 1280 px wide). */
function cpuText(info: DebugInfo): string {
  const reg = (i: number): string => `R${i}=${hex2(info.regs[i] ?? 0)}`;
  return [
    `PC ${hex3(info.pc)}  A ${hex2(info.a)}  PSW ${hex2(info.psw)} (${pswText(info.psw)})`,
    `RB${info.bank}: ${[0, 1, 2, 3].map(reg).join(' ')}`,
    `     ${[4, 5, 6, 7].map(reg).join(' ')}`,
    `P1 ${hex2(info.p1)}  P2 ${hex2(info.p2)}  T ${hex2(info.timer)}  interrupts ${info.intEnabled ? 'on' : 'off'}`,
    `breakpoints: ${info.breakpoints.map(hex3).join(' ') || 'none'}`,
    `trace: ${info.trace.on ? `${info.trace.length} instructions kept` : 'off'}  steps back: ${info.stepBackDepth}`,
  ].join('\n');
}

export function createDebuggerPanel(host: DebuggerHost): DebuggerPanel {
  const element = document.createElement('section');
  element.className = 'debugger';
  element.id = 'console-debugger';
  element.setAttribute('aria-label', 'Debugger');

  const bar = document.createElement('div');
  bar.className = 'debugger-bar';
  const mk = (text: string, id: string, onClick: () => void): HTMLButtonElement => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.id = id;
    b.addEventListener('click', onClick);
    bar.append(b);
    return b;
  };
  let breakpoints: number[] = [];
  const bpInput = document.createElement('input');
  bpInput.id = 'debugger-bp-address';
  bpInput.placeholder = 'address, e.g. 4A2';
  bpInput.size = 10;
  bpInput.setAttribute('aria-label', 'Breakpoint address (hex)');
  const setBps = async (list: number[]): Promise<void> => {
    breakpoints = [...new Set(list)].sort((a, b) => a - b);
    await host.setBreakpoints(breakpoints);
    await panel.refresh();
  };
  const message = document.createElement('p');
  message.className = 'debugger-message';
  message.id = 'debugger-message';
  message.setAttribute('role', 'status');
  const say = (text: string): void => {
    message.textContent = text;
  };
  /** Runs an action; a refusal (step out with an empty stack, nothing to step back to) is said, not thrown. */
  const act = async (action: () => Promise<DebugInfo>): Promise<void> => {
    say('');
    try {
      render(await action());
    } catch (e) {
      say(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
    }
  };
  mk('Pause', 'debugger-pause', () => {
    host.pause();
    void panel.refresh();
  });
  mk('Run', 'debugger-run', () => host.resume());
  mk('Step instruction', 'debugger-step', () => void act(() => host.stepInstruction()));
  mk('Step over', 'debugger-step-over', () => void act(() => host.stepOver())).title =
    'Run a CALL to its return (other instructions: one step)';
  mk('Step out', 'debugger-step-out', () => void act(() => host.stepOut())).title =
    'Run to the RET or RETR that leaves this call';
  mk('Run to cursor', 'debugger-run-to', () => {
    const where = host.cursorAddress();
    if ('why' in where) say(where.why);
    else void act(() => host.runTo(where.address));
  }).title = "Run until the CPU reaches the source line the editor's cursor is on";
  mk('Step back', 'debugger-step-back', () => void act(() => host.stepBack())).title =
    'Undo the last step or frame step';
  mk('Step frame', 'debugger-frame', async () => {
    host.pause();
    await host.stepFrame();
    await panel.refresh();
  });
  bar.append(bpInput);
  mk('Add breakpoint', 'debugger-bp-add', () => {
    const a = parseAddress(bpInput.value);
    if (a === undefined) {
      bpInput.setCustomValidity('a hex address 0-FFF');
      bpInput.reportValidity();
      return;
    }
    bpInput.setCustomValidity('');
    bpInput.value = '';
    void setBps([...breakpoints, a]);
  });
  mk('Clear breakpoints', 'debugger-bp-clear', () => void setBps([]));
  const traceLabel = document.createElement('label');
  const traceOn = document.createElement('input');
  traceOn.type = 'checkbox';
  traceOn.id = 'debugger-trace-on';
  traceOn.addEventListener('change', () => void host.setTrace(traceOn.checked).then(() => panel.refresh()));
  traceLabel.append(traceOn, ' trace');
  traceLabel.title = 'Keep the last 256 instructions with their registers';
  bar.append(traceLabel);
  mk('Export trace', 'debugger-trace-export', async () => {
    const text = await host.traceText();
    downloadText(text, 'o2-trace.txt', 'text/plain');
  });
  const stopLine = document.createElement('p');
  stopLine.className = 'debugger-stop';
  stopLine.id = 'debugger-stop';
  stopLine.setAttribute('aria-live', 'polite');
  const watches = new WatchListView(async (list) => {
    await host.setWatchpoints(list);
  }, say);

  const grid = document.createElement('div');
  grid.className = 'debugger-grid';
  const block = (title: string, cls: string): HTMLElement => {
    const box = document.createElement('div');
    box.className = `debugger-box ${cls}`;
    const h = document.createElement('h3');
    h.textContent = title;
    const pre = document.createElement('pre');
    box.append(h, pre);
    grid.append(box);
    return pre;
  };
  const disasm = block('Program', 'dbg-disasm');
  const regs = block('CPU', 'dbg-regs');
  const iram = block('Internal RAM', 'dbg-iram');
  const eram = block('External RAM', 'dbg-eram');
  const vdc = block('VDC registers', 'dbg-vdc');
  const stack = block('Call stack (internal RAM 08h-17h)', 'dbg-stack');
  stack.id = 'debugger-stack';
  grid.append(watches.element);
  const gfxBox = document.createElement('div');
  gfxBox.className = 'debugger-box dbg-gfx';
  const gh = document.createElement('h3');
  gh.textContent = 'Sprites 0-3 and character ROM';
  const sprites = document.createElement('canvas');
  const chars = document.createElement('canvas');
  sprites.className = 'dbg-pixels';
  chars.className = 'dbg-pixels';
  gfxBox.append(gh, sprites, chars);
  grid.append(gfxBox);
  element.append(bar, message, stopLine, grid);

  function render(info: DebugInfo): void {
    breakpoints = info.breakpoints;
    const toggle = (line: DisasmLine): void =>
      void setBps(line.breakpoint ? breakpoints.filter((b) => b !== line.address) : [...breakpoints, line.address]);
    disasm.replaceChildren(...info.disasm.map((line) => disasmLine(line, toggle)));
    // The stop's sentence is the worker's, word for word what the program panel and the status line say.
    stopLine.textContent =
      info.stop?.text ??
      (info.pendingAction ? `${info.pendingAction} under way…` : `PC ${hex3(info.pc)}h, frame ${info.frame}`);
    regs.textContent = cpuText(info);
    stack.textContent = stackText(info.callStack);
    watches.show(info.watchpoints);
    traceOn.checked = info.trace.on;
    regs.id = 'debugger-regs';
    iram.textContent = hexDump(info.iram);
    eram.textContent = hexDump(info.eram);
    vdc.textContent = hexDump(info.vdc.slice(0xa0, 0xb0), 0xa0) + '\n' + hexDump(info.vdc.slice(0, 0x80));
    drawSprites(sprites, info.vdc);
    drawCharset(chars, info.charset);
  }

  const panel: DebuggerPanel = {
    element,
    async refresh() {
      let info: DebugInfo;
      try {
        info = await host.info();
      } catch (e) {
        // Between machines (a new cartridge booting) there is nothing to show for a moment: say so, never throw.
        regs.textContent = `(${e instanceof Error ? e.message : String(e)})`;
        return;
      }
      render(info);
    },
    destroy() {
      element.remove();
    },
  };
  return panel;
}
