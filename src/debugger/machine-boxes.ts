/**
 * The debugger's boxes of what the machine holds: the program around the PC, the CPU, both RAMs, the VDC's
 * registers, the call stack, the watchpoints and the sprites and character ROM as pixels. Each box is drawn
 * afresh from the worker's DebugInfo.
 */
import type { DebugInfo, DisasmLine, StackFrameInfo } from '../worker/protocol.ts';
import { hex2, hex3, pswText } from './format.ts';
import { drawCharset, drawSprites } from './pixels.ts';
import { editable, redraw } from './value-editor.ts';
import type { ValueEditor } from './value-editor.ts';

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
  const label = line.label ? `${line.label}:\n` : '';
  div.textContent = `${label}${line.breakpoint ? '●' : ' '}${line.current ? '▶' : ' '}${hex3(line.address)}  ${bytes} ${line.text.padEnd(16)}${line.source ? '  ; ' + line.source : ''}`;
  div.addEventListener('click', () => toggle(line));
  return div;
}

/** An address with the program's label and, for a typed breakpoint, its condition. */
function named(info: DebugInfo, address: number): string {
  const label = info.disasmLabels?.[address];
  const typed = info.typedBreaks.find((t) => t.address === address);
  return `${hex3(address)}${label ? ` (${label})` : ''}${typed?.condition ? ` if ${typed.condition}` : ''}`;
}

/** The CPU box: short lines, as the box is one grid column; A, PC, PSW and R0-R7 can be edited. */
function cpuNodes(info: DebugInfo): (Node | string)[] {
  const reg = (i: number): (Node | string)[] => [
    ` R${i}=`,
    titled(editable(hex2(info.regs[i] ?? 0), { kind: 'reg', index: i }, true), `R${i}`),
  ];
  return [
    'PC ',
    titled(editable(hex3(info.pc), { kind: 'pc' }, true), 'PC'),
    '  A ',
    titled(editable(hex2(info.a), { kind: 'a' }, true), 'A'),
    '  PSW ',
    titled(editable(hex2(info.psw), { kind: 'psw' }, true), 'PSW'),
    ` (${pswText(info.psw)})`,
    `\nRB${info.bank}:`,
    ...[0, 1, 2, 3].flatMap(reg),
    '\n    ',
    ...[4, 5, 6, 7].flatMap(reg),
    `\nP1 ${hex2(info.p1)}  P2 ${hex2(info.p2)}  T ${hex2(info.timer)}  interrupts ${info.intEnabled ? 'on' : 'off'}`,
    `\nbeam: line ${info.beam.line}, dot ${info.beam.dot}${info.scanline === undefined ? '' : `  (break at line ${info.scanline})`}`,
    `\nbreakpoints: ${info.breakpoints.map((a) => named(info, a)).join(' ') || 'none'}`,
    `\ntrace: ${info.trace.on ? `${info.trace.length} instructions kept` : 'off'}  step moments kept: ${info.stepBackDepth}`,
  ];
}

function titled(span: HTMLElement, name: string): HTMLElement {
  span.title = `${name}: click to edit`;
  return span;
}

/** The program's names for one memory's bytes, by address (DebugInfo.ramNames). */
type Names = Record<number, string>;

/**
 * A hex dump, 16 bytes a line, each byte a value that can be edited (`space` at `base + i`); its first
 * byte a tab stop. A byte the program names is marked and says its name when pointed at.
 */
function dumpNodes(
  bytes: readonly number[],
  space: 'iram' | 'eram' | 'vdc',
  names: Names,
  base = 0,
  tabStop = true,
): (Node | string)[] {
  const out: (Node | string)[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (i % 16 === 0) out.push(`${i ? '\n' : ''}${hex2(base + i)}:`);
    const span = editable(hex2(bytes[i]), { kind: space, address: base + i }, tabStop && i === 0);
    const name = names[base + i];
    if (name) {
      span.classList.add('dbg-named');
      span.title = `${hex2(base + i)}h ${name}: click to edit`;
    }
    out.push(' ', span);
  }
  return out;
}

/** The named bytes with their values under a dump, four a line: "21h score=05". */
function namedNodes(bytes: readonly number[], names: Names, base = 0): string[] {
  const cells = Object.keys(names)
    .map(Number)
    .filter((a) => a >= base && a < base + bytes.length)
    .sort((x, y) => x - y)
    .map((a) => `${hex2(a)}h ${names[a]}=${hex2(bytes[a - base])}`);
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += 4) lines.push(cells.slice(i, i + 4).join('  '));
  return lines.length ? ['\n', lines.join('\n')] : [];
}

/** The boxes by name, for the panel to place in its tabs (tabs.ts). */
export interface BoxParts {
  regs: HTMLElement;
  stack: HTMLElement;
  disasm: HTMLElement;
  iram: HTMLElement;
  eram: HTMLElement;
  vdc: HTMLElement;
  gfx: HTMLElement;
}

export class MachineBoxes {
  readonly parts: BoxParts;
  private readonly disasm = this.box('Program', 'dbg-disasm');
  private readonly regs = this.box('CPU', 'dbg-regs');
  private readonly iram = this.box('Internal RAM', 'dbg-iram');
  private readonly eram = this.box('External RAM', 'dbg-eram');
  private readonly vdc = this.box('VDC registers', 'dbg-vdc');
  private readonly stack = this.box('Call stack (internal RAM 08h-17h)', 'dbg-stack');
  private readonly sprites = document.createElement('canvas');
  private readonly chars = document.createElement('canvas');

  /** `editor` edits the values of the CPU, the RAMs and the VDC registers. */
  constructor(private readonly editor: ValueEditor) {
    for (const box of [this.regs, this.iram, this.eram, this.vdc]) editor.attach(box);
    this.regs.id = 'debugger-regs';
    this.stack.id = 'debugger-stack';
    this.iram.id = 'debugger-iram';
    this.eram.id = 'debugger-eram';
    this.vdc.id = 'debugger-vdc';
    const gfx = document.createElement('div');
    gfx.className = 'debugger-box dbg-gfx';
    const title = document.createElement('h3');
    title.textContent = 'Sprites 0-3 and character ROM';
    this.sprites.className = 'dbg-pixels';
    this.chars.className = 'dbg-pixels';
    gfx.append(title, this.sprites, this.chars);
    const boxOf = (pre: HTMLElement): HTMLElement => pre.parentElement!;
    this.parts = {
      regs: boxOf(this.regs),
      stack: boxOf(this.stack),
      disasm: boxOf(this.disasm),
      iram: boxOf(this.iram),
      eram: boxOf(this.eram),
      vdc: boxOf(this.vdc),
      gfx,
    };
  }

  /** Draws the machine; a click on a program line calls `toggle` with it. */
  show(info: DebugInfo, toggle: (line: DisasmLine) => void): void {
    this.disasm.replaceChildren(...info.disasm.map((line) => disasmLine(line, toggle)));
    this.stack.textContent = stackText(info.callStack);
    // A field open for an edit stays as the user left it: its box is drawn again once it closes.
    if (!this.editor.editing) {
      const names = info.ramNames ?? { iram: {}, eram: {}, vdc: {} };
      redraw(this.regs, cpuNodes(info));
      redraw(this.iram, [...dumpNodes(info.iram, 'iram', names.iram), ...namedNodes(info.iram, names.iram)]);
      redraw(this.eram, [...dumpNodes(info.eram, 'eram', names.eram), ...namedNodes(info.eram, names.eram)]);
      redraw(this.vdc, [
        ...dumpNodes(info.vdc.slice(0xa0, 0xb0), 'vdc', names.vdc, 0xa0),
        '\n',
        ...dumpNodes(info.vdc.slice(0, 0x80), 'vdc', names.vdc, 0, false),
        ...namedNodes(info.vdc, names.vdc),
      ]);
    }
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
    return pre;
  }
}
