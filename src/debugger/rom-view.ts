/**
 * The cartridge's ROM in the debugger: one bank at a time as the CPU would see it selected (program
 * space, the BIOS below 400h), as hex or as disassembly (rom-core's disassembler, which reads the same
 * opcode table as the CPU and the assembler). It follows the PC, the instruction about to run marked,
 * until the user goes to an address of their own; "At PC" follows again.
 */
import { disassembleOne } from '../../rom-core/asm/index.ts';
import type { DebugInfo, RomView } from '../worker/protocol.ts';
import { NUMBER_FORMS, hex2, hex3, parseAddress } from './format.ts';

/** Lines shown at once. */
export const ROM_LINES = 16;

export interface RomLine {
  address: number;
  text: string;
  /** The line holds the byte the PC is at (in the bank selected now). */
  current: boolean;
}

/** 16 bytes a line from the line holding `from`. */
export function hexLines(image: Uint8Array, from: number, pc: number | undefined, count = ROM_LINES): RomLine[] {
  const lines: RomLine[] = [];
  for (let a = from & ~15; a < image.length && lines.length < count; a += 16) {
    const bytes = Array.from(image.subarray(a, a + 16), hex2).join(' ');
    lines.push({ address: a, text: `${hex3(a)}: ${bytes}`, current: pc !== undefined && pc >= a && pc < a + 16 });
  }
  return lines;
}

/** Instructions decoded from `from` on. */
export function disasmLines(
  image: Uint8Array,
  from: number,
  pc: number | undefined,
  count = ROM_LINES,
  labels: Record<number, string> = {},
): RomLine[] {
  const lines: RomLine[] = [];
  for (let a = from; a < image.length && lines.length < count;) {
    const { text, length } = disassembleOne(image, a, a, (target) => labels[target]);
    const bytes = Array.from(image.subarray(a, a + length), hex2).join(' ');
    const label = labels[a] ? `  ; ${labels[a]}` : '';
    lines.push({
      address: a,
      text: `${hex3(a)}  ${bytes.padEnd(6)} ${text.padEnd(16)}${label}`.trimEnd(),
      current: a === pc,
    });
    a += length;
  }
  return lines;
}

export class RomViewBox {
  readonly element = document.createElement('div');
  private readonly bank = document.createElement('select');
  private readonly mode = document.createElement('select');
  private readonly address = document.createElement('input');
  private readonly note = document.createElement('p');
  private readonly pre = document.createElement('pre');
  private view: RomView | undefined;
  /** Where the listing starts when it does not follow the PC. */
  private from: number | undefined;
  private pending = false;

  constructor(
    private readonly fetch: (bank?: number) => Promise<RomView>,
    private readonly say: (text: string) => void,
  ) {
    this.element.className = 'debugger-box dbg-rom';
    this.element.id = 'debugger-rom';
    const title = document.createElement('h3');
    title.textContent = 'Cartridge ROM';
    this.bank.id = 'debugger-rom-bank';
    this.bank.setAttribute('aria-label', 'Bank shown');
    this.mode.id = 'debugger-rom-mode';
    this.mode.setAttribute('aria-label', 'Shown as');
    this.mode.append(new Option('disassembly', 'disasm'), new Option('hex', 'hex'));
    this.address.id = 'debugger-rom-address';
    this.address.placeholder = 'go to: 4A2h, 0x4A2, $4A2';
    this.address.title = `A program address as the assembler writes numbers: ${NUMBER_FORMS}`;
    this.address.size = 14;
    this.address.setAttribute('aria-label', 'Go to address (4A2h, 0x4A2, $4A2 or decimal)');
    const atPc = document.createElement('button');
    atPc.type = 'button';
    atPc.id = 'debugger-rom-pc';
    atPc.textContent = 'At PC';
    atPc.title = 'Follow the PC again';
    const bar = document.createElement('div');
    bar.className = 'dbg-rom-bar';
    bar.append(this.bank, this.mode, this.address, atPc);
    this.note.className = 'dbg-rom-note';
    this.pre.id = 'debugger-rom-lines';
    this.element.append(title, bar, this.note, this.pre);
    this.bank.addEventListener('change', () => void this.load(Number(this.bank.value)));
    this.mode.addEventListener('change', () => this.draw());
    this.address.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      const a = parseAddress(this.address.value);
      if (a === undefined) {
        this.say(`"${this.address.value.trim()}" is not a program address: type 000h to FFFh as ${NUMBER_FORMS}.`);
        return;
      }
      this.from = a;
      this.draw();
    });
    atPc.addEventListener('click', () => {
      this.from = undefined;
      void this.load();
    });
  }

  /** The machine changed (a step, a stop): the listing follows the selected bank and the PC unless told otherwise. */
  show(_info: DebugInfo): void {
    void this.load(this.from === undefined ? undefined : this.view?.bank);
  }

  private async load(bank?: number): Promise<void> {
    if (this.pending) return;
    this.pending = true;
    try {
      this.view = await this.fetch(bank);
    } catch (e) {
      this.say(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
      return;
    } finally {
      this.pending = false;
    }
    this.draw();
  }

  private draw(): void {
    const v = this.view;
    if (!v) return;
    if (this.bank.options.length !== v.banks) {
      this.bank.replaceChildren(...Array.from({ length: v.banks }, (_, i) => new Option(`bank ${i}`, String(i))));
    }
    this.bank.value = String(v.bank);
    this.note.textContent = `${v.mapper} mapper, ${v.size} bytes; bank ${v.current} selected${v.bank === v.current ? '' : ` (bank ${v.bank} shown: the PC is not in it)`}`;
    const pc = v.bank === v.current ? v.pc : undefined;
    const from = this.from ?? v.pc;
    const lines =
      this.mode.value === 'hex' ? hexLines(v.image, from, pc) : disasmLines(v.image, from, pc, ROM_LINES, v.labels);
    this.pre.replaceChildren(
      ...lines.map((l) => {
        const div = document.createElement('div');
        div.className = l.current ? 'dbg-rom-line current' : 'dbg-rom-line';
        div.dataset.address = hex3(l.address);
        div.textContent = `${l.current ? '▶' : ' '}${l.text}`;
        return div;
      }),
    );
  }
}
