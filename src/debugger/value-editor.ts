/**
 * Editing a value the debugger shows (A, PC, PSW, R0-R7, a byte of RAM or of the VDC's registers): a
 * click on it (or Enter on a focused register) opens a small field holding it; Enter writes what was
 * typed to the machine, Esc (or leaving the field) puts the old value back. A value that is not hex,
 * or too big, is said in a sentence and the field stays open with nothing changed.
 */
import type { PokeTarget } from '../worker/protocol.ts';
import { NUMBER_FORMS, asmHex, parseValue } from './format.ts';

/**
 * A value that can be edited: a span saying where it lives in data attributes. `focusable`: a tab stop
 * (the registers, and a dump's first byte); a dump's other bytes are reached with the arrow keys.
 */
export function editable(text: string, target: PokeTarget, focusable = false): HTMLElement {
  const span = document.createElement('span');
  span.className = 'dbg-edit';
  span.textContent = text;
  span.dataset.kind = target.kind;
  if (target.kind === 'reg') span.dataset.index = String(target.index);
  else if ('address' in target) span.dataset.address = String(target.address);
  span.tabIndex = focusable ? 0 : -1;
  return span;
}

function selectorOf(t: PokeTarget): string {
  if (t.kind === 'reg') return `.dbg-edit[data-kind="reg"][data-index="${t.index}"]`;
  if ('address' in t) return `.dbg-edit[data-kind="${t.kind}"][data-address="${t.address}"]`;
  return `.dbg-edit[data-kind="${t.kind}"]`;
}

/**
 * Draws a box's values again; the value the keyboard was on keeps the focus (the boxes are drawn
 * afresh at every stop, edit and refresh, and a user moving with the arrows must not lose their place).
 */
export function redraw(box: HTMLElement, nodes: (Node | string)[]): void {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && box.contains(active) && active.matches('.dbg-edit');
  const selector = focused ? selectorOf(targetOf(active)) : undefined;
  box.replaceChildren(...nodes);
  const again = selector ? box.querySelector<HTMLElement>(selector) : null;
  if (again) {
    again.tabIndex = 0;
    again.focus();
  }
}

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -16, ArrowDown: 16 };

function targetOf(span: HTMLElement): PokeTarget {
  const kind = span.dataset.kind as PokeTarget['kind'];
  if (kind === 'reg') return { kind, index: Number(span.dataset.index) };
  if (kind === 'iram' || kind === 'eram' || kind === 'vdc') return { kind, address: Number(span.dataset.address) };
  return { kind };
}

export class ValueEditor {
  private input: HTMLInputElement | undefined;

  /**
   * `commit` writes the value (the panel then draws the machine again); it returns a sentence when the
   * machine refused it. `say` shows a sentence in the panel; `written` follows a value written, once
   * its field is closed (the panel draws the machine as the edit left it).
   */
  constructor(
    private readonly commit: (target: PokeTarget, value: number) => Promise<string | undefined>,
    private readonly say: (text: string) => void,
    private readonly written: () => void,
  ) {}

  /** A field is open: the boxes are not drawn again under the user's typing. */
  get editing(): boolean {
    return this.input !== undefined;
  }

  /** Values inside `box` open a field when clicked, or on Enter when focused. */
  attach(box: HTMLElement): void {
    box.addEventListener('click', (e) => {
      const span = (e.target as HTMLElement).closest<HTMLElement>('.dbg-edit');
      if (span && !this.input) this.begin(span);
    });
    box.addEventListener('keydown', (e) => {
      const span = (e.target as HTMLElement).closest<HTMLElement>('.dbg-edit');
      if (!span || this.input) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        this.begin(span);
        return;
      }
      // A dump is one tab stop: the arrows move among its bytes (up and down by a line of 16).
      const move = MOVES[e.key];
      if (move === undefined) return;
      const cells = Array.from(box.querySelectorAll<HTMLElement>('.dbg-edit'));
      const step = span.dataset.address === undefined ? Math.sign(move) : move;
      const to = cells[cells.indexOf(span) + step];
      if (!to) return;
      e.preventDefault();
      e.stopPropagation();
      span.tabIndex = -1;
      to.tabIndex = 0;
      to.focus();
    });
  }

  private begin(span: HTMLElement): void {
    const target = targetOf(span);
    const digits = target.kind === 'pc' ? 3 : 2;
    const input = document.createElement('input');
    input.className = 'dbg-edit-field';
    // The value shown (bare hex) is offered as the assembler writes it, the one way every field reads numbers.
    const shown = Number.parseInt(span.textContent ?? '', 16);
    input.value = Number.isNaN(shown) ? '' : asmHex(shown, digits);
    input.placeholder = NUMBER_FORMS;
    input.title = `A number as the assembler writes it: ${NUMBER_FORMS}`;
    input.size = digits + 3;
    input.spellcheck = false;
    input.setAttribute('aria-label', `New value (${NUMBER_FORMS}) of ${span.title || span.dataset.kind}`);
    this.input = input;
    span.replaceWith(input);
    const close = (): void => {
      if (this.input !== input) return;
      this.input = undefined;
      input.replaceWith(span);
    };
    input.addEventListener('keydown', (e) => {
      e.stopPropagation(); // the O2 keyboard and the page's F-keys never see the typing
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        span.focus();
      } else if (e.key === 'Enter') {
        e.preventDefault();
        void this.finish(input, target, digits, close);
      }
    });
    input.addEventListener('blur', () => {
      if (!input.dataset.committing) close();
    });
    input.focus();
    input.select();
  }

  private async finish(input: HTMLInputElement, target: PokeTarget, digits: 2 | 3, close: () => void): Promise<void> {
    const parsed = parseValue(input.value, digits);
    if ('why' in parsed) {
      input.setAttribute('aria-invalid', 'true');
      this.say(parsed.why);
      return;
    }
    input.dataset.committing = '1';
    const refused = await this.commit(target, parsed.value);
    delete input.dataset.committing;
    if (refused) {
      input.setAttribute('aria-invalid', 'true');
      this.say(refused);
      input.focus();
      return;
    }
    const box = input.parentElement;
    close();
    this.written();
    // The boxes were drawn again: the keyboard goes on from the value just written.
    const again = box?.querySelector<HTMLElement>(selectorOf(target));
    if (again) {
      again.tabIndex = 0;
      again.focus();
    }
  }
}
