/**
 * The debugger's row of controls: breakpoints by address or as typed, the trace. It owns its inputs; what a
 * button does is the panel's (`DebuggerActions`). Run, pause and the steps are the page's one row
 * (run-controls.ts), shared with the program panel.
 */
import { downloadText } from '../platform/download.ts';
import type { DebugInfo } from '../worker/protocol.ts';
import type { DebuggerHost } from './debugger-host.ts';
import { NUMBER_FORMS, parseAddress } from './format.ts';

export interface DebuggerActions {
  refresh(): Promise<void>;
  say(text: string): void;
  /** Adds an address to the breakpoints, or clears them all (`null`). */
  breakpoint(address: number | null): void;
}

/** What the "Break at" field takes, said as its placeholder and title. */
const BREAK_AT_HELP =
  'A label or address, an optional condition, or a scanline: loop · 4A2h · loop if A == 3 · draw if [iram 21h] > 10 · line 120';

export class DebuggerControls {
  readonly element = document.createElement('div');
  private readonly bpInput = document.createElement('input');
  private readonly traceOn = document.createElement('input');
  private readonly breakAt = document.createElement('input');

  constructor(
    private readonly host: DebuggerHost,
    private readonly a: DebuggerActions,
  ) {
    this.element.className = 'debugger-bar';
    this.breakpointInputs();
    this.breakAtInputs();
    this.traceInputs();
  }

  /** What the machine says of itself that these controls show. */
  show(info: DebugInfo): void {
    this.traceOn.checked = info.trace.on;
  }

  private add(text: string, id: string, onClick: () => void, title?: string): void {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.id = id;
    if (title) b.title = title;
    b.addEventListener('click', onClick);
    this.element.append(b);
  }

  private breakpointInputs(): void {
    const input = this.bpInput;
    input.id = 'debugger-bp-address';
    input.placeholder = 'address: 4A2h, 0x4A2, $4A2';
    input.title = `A program address as the assembler writes numbers: ${NUMBER_FORMS}`;
    input.size = 14;
    input.setAttribute('aria-label', 'Breakpoint address (4A2h, 0x4A2, $4A2 or decimal)');
    this.element.append(input);
    this.add('Add breakpoint', 'debugger-bp-add', () => {
      const address = parseAddress(input.value);
      if (address === undefined) {
        input.setCustomValidity(`a program address, 000h to FFFh, as ${NUMBER_FORMS}`);
        input.reportValidity();
        return;
      }
      input.setCustomValidity('');
      input.value = '';
      this.a.breakpoint(address);
    });
    this.add('Clear breakpoints', 'debugger-bp-clear', () => {
      this.a.breakpoint(null);
      void this.host.clearTypedBreaks().then(() => this.a.refresh());
    });
  }

  /** Breakpoints by label or expression with a condition, and the scanline break (src/worker/break-at.ts). */
  private breakAtInputs(): void {
    const input = this.breakAt;
    input.id = 'debugger-break-at';
    input.placeholder = 'break at: loop if A == 3, line 120';
    input.title = BREAK_AT_HELP;
    input.size = 24;
    input.setAttribute('aria-label', 'Break at (label, address, condition or line)');
    const add = async (): Promise<void> => {
      try {
        this.a.say(await this.host.breakAt(input.value));
        input.value = '';
        await this.a.refresh();
      } catch (e) {
        // The worker's sentence; the field keeps the text to be corrected.
        this.a.say(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
      }
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') void add();
    });
    this.element.append(input);
    this.add('Break', 'debugger-break-add', () => void add(), BREAK_AT_HELP);
  }

  private traceInputs(): void {
    const label = document.createElement('label');
    this.traceOn.type = 'checkbox';
    this.traceOn.id = 'debugger-trace-on';
    this.traceOn.addEventListener(
      'change',
      () => void this.host.setTrace(this.traceOn.checked).then(() => this.a.refresh()),
    );
    label.append(this.traceOn, ' trace');
    label.title = 'Keep the last 256 instructions with their registers';
    this.element.append(label);
    this.add('Export trace', 'debugger-trace-export', async () => {
      const text = await this.host.traceText();
      downloadText(text, 'o2-trace.txt', 'text/plain');
    });
  }
}
