/**
 * The pixel editor (issue 36, as 8bitworkshop offers): select a run of `db` lines in the source (one
 * byte a line, or several: `db 18h, 3Ch, ...`), and a grid of their bytes' pixels appears under the
 * editor, a row a byte; a click on a cell turns its bit over in its number, written in that number's
 * own format (db-bits.ts), and the source rebuilds and swaps into the running machine (PixelSource).
 * Sprites draw bit 0 on the left, the character ROM bit 7: a box says which.
 */
import { el } from '../platform/dom.ts';
import { flag } from '../platform/settings.ts';
import { bitOf, parseDbLines, toggledLine } from './db-bits.ts';
import type { DbByte } from './db-bits.ts';

/** Off (the default): bit 0 on the left, as the VDC draws a sprite. */
const BIT7_LEFT = flag('o2conquest.program.pixelsBit7Left', false);

export interface PixelSource {
  /** The texts of lines `first` to `last` (1-based) of the file shown. */
  lines(first: number, last: number): string[];
  /**
   * Puts `text` in place of line `line`'s, and has the program rebuilt and swapped in, "Rebuild as I
   * type" on or off: a click on a pixel asks to see it on the screen.
   */
  replace(line: number, text: string): void;
}

export class PixelEditor {
  readonly element = el('div', { class: 'program-pixels', id: 'program-pixels', role: 'group' });
  private readonly grid = el('div', { class: 'pixel-grid', id: 'program-pixel-grid', role: 'grid' });
  private readonly bit7 = el('input', { type: 'checkbox', id: 'program-pixels-bit7' });
  private readonly title = el('p', { class: 'pixel-title' });
  /** The lines selected (1-based; `first` 0: none). */
  private first = 0;
  private last = 0;
  constructor(private readonly source: PixelSource) {
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'Pixels of the db lines selected');
    this.bit7.checked = BIT7_LEFT.get();
    this.bit7.addEventListener('change', () => {
      BIT7_LEFT.set(this.bit7.checked);
      this.draw();
    });
    this.element.append(
      this.grid,
      el(
        'div',
        { class: 'pixel-words' },
        this.title,
        el(
          'label',
          { title: 'Off: bit 0 on the left, as a sprite is drawn' },
          this.bit7,
          ' bit 7 on the left (a character)',
        ),
      ),
    );
  }

  /**
   * The editor's selection: lines `first` to `last` (`last` 0: a bare cursor). `db` lines of numbers
   * holding two bytes or more (a line of 8 is a sprite) show their grid; anything else hides it.
   */
  select(first: number, last: number): void {
    this.first = last >= first ? first : 0;
    this.last = last;
    this.draw();
  }

  private rows(): DbByte[] | undefined {
    if (!this.first) return undefined;
    const rows = parseDbLines(this.source.lines(this.first, this.last));
    return rows && rows.length >= 2 ? rows : undefined;
  }

  private draw(): void {
    const rows = this.rows();
    this.element.hidden = !rows;
    if (!rows) return;
    const bit0Left = !this.bit7.checked;
    const lines = this.last > this.first ? `lines ${this.first}-${this.last}` : `line ${this.first}`;
    this.title.textContent = `Pixels of ${lines} (${rows.length} bytes, a row each): click a cell to turn it over.`;
    this.grid.replaceChildren(
      ...rows.map((row, r) =>
        el(
          'div',
          { role: 'row', class: 'pixel-row' },
          ...Array.from({ length: 8 }, (_, c) => this.cell(row, r, c, (row.value & bitOf(c, bit0Left)) !== 0)),
        ),
      ),
    );
  }

  private cell(row: DbByte, r: number, c: number, on: boolean): HTMLButtonElement {
    const b = el('button', {
      type: 'button',
      role: 'gridcell',
      class: 'pixel-cell',
      id: `program-pixel-${r}-${c}`,
      'aria-pressed': String(on),
      'aria-label': `row ${r + 1}, pixel ${c + 1}`,
    });
    b.addEventListener('click', () => this.toggle(row, c));
    return b;
  }

  /** Turns over pixel `c` of the byte `row` was drawn from (the line read again: it is the text now). */
  private toggle(row: DbByte, c: number): void {
    const line = this.first + row.line;
    const [text] = this.source.lines(line, line);
    const next = toggledLine(text ?? '', row.index, c, !this.bit7.checked);
    if (next !== undefined) this.source.replace(line, next);
    this.draw();
  }
}
