/**
 * The debugger's boxes of what the machine holds: the program around the PC, the CPU, both RAMs, the VDC's
 * registers, the call stack, the watchpoints and the sprites and character ROM as pixels. Each box is drawn
 * afresh from the worker's DebugInfo.
 */
import type { DebugInfo, DisasmLine, StackFrameInfo } from '../worker/protocol.ts';
import { hex2, hex3, hexDump, pswText } from './format.ts';
import { drawCharset, drawSprites } from './pixels.ts';

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

export class MachineBoxes {
  readonly element = document.createElement('div');
  private readonly disasm = this.box('Program', 'dbg-disasm');
  private readonly regs = this.box('CPU', 'dbg-regs');
  private readonly iram = this.box('Internal RAM', 'dbg-iram');
  private readonly eram = this.box('External RAM', 'dbg-eram');
  private readonly vdc = this.box('VDC registers', 'dbg-vdc');
  private readonly stack = this.box('Call stack (internal RAM 08h-17h)', 'dbg-stack');
  private readonly sprites = document.createElement('canvas');
  private readonly chars = document.createElement('canvas');

  /** `watches`: the watchpoints' own component, placed among the boxes. */
  constructor(watches: HTMLElement) {
    this.element.className = 'debugger-grid';
    this.regs.id = 'debugger-regs';
    this.stack.id = 'debugger-stack';
    const gfx = document.createElement('div');
    gfx.className = 'debugger-box dbg-gfx';
    const title = document.createElement('h3');
    title.textContent = 'Sprites 0-3 and character ROM';
    this.sprites.className = 'dbg-pixels';
    this.chars.className = 'dbg-pixels';
    gfx.append(title, this.sprites, this.chars);
    this.element.append(watches, gfx);
  }

  /** Draws the machine; a click on a program line calls `toggle` with it. */
  show(info: DebugInfo, toggle: (line: DisasmLine) => void): void {
    this.disasm.replaceChildren(...info.disasm.map((line) => disasmLine(line, toggle)));
    this.regs.textContent = cpuText(info);
    this.stack.textContent = stackText(info.callStack);
    this.iram.textContent = hexDump(info.iram);
    this.eram.textContent = hexDump(info.eram);
    this.vdc.textContent = hexDump(info.vdc.slice(0xa0, 0xb0), 0xa0) + '\n' + hexDump(info.vdc.slice(0, 0x80));
    drawSprites(this.sprites, info.vdc);
    drawCharset(this.chars, info.charset);
  }

  /** Nothing to show for a moment (between machines): the reason, in the CPU box. */
  showNothing(why: string): void {
    this.regs.textContent = `(${why})`;
  }

  private box(title: string, cls: string): HTMLElement {
    const box = document.createElement('div');
    box.className = `debugger-box ${cls}`;
    const h = document.createElement('h3');
    h.textContent = title;
    const pre = document.createElement('pre');
    box.append(h, pre);
    this.element.append(box);
    return pre;
  }
}
