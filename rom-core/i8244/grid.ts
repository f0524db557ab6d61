/**
 * The 8244's background and grid on one visible line (MAME 0.251's `draw_grid`), for the renderer
 * (render.ts): the background colour, then the horizontal bars (3 lines tall, with the dots in dot mode)
 * and the vertical bars (2 X units wide, 16 in fill mode), each marking its dots in the collision map.
 *
 * A whole line's grid depends on the line only through its grid row and whether the line is in the row's
 * bar, so there are 18 different ones at most: each is drawn once after the registers change and kept (its
 * pixels and collision map) as a template, which a later whole line with the same row and bar is copied
 * from. A grid line drawn in pieces (a register written mid-line) is drawn dot by dot as before.
 */
import { COLOR, CONTROL, CTRL_DOTS, CTRL_FILL, HGRID, HGRID8, VGRID } from './registers.ts';
import { GRID_H, GRID_W, GRID_X, GRID_Y } from './geometry.ts';

const HGRID_BIT = 0x20;
const VGRID_BIT = 0x10;
/** Templates: row 0-8, in the bar or not. */
const KEYS = 18;
/** The registers a grid line is drawn from besides its row, and the bits of each that matter (A0h's dot and fill bits). */
const SIGNATURE = Uint8Array.from([CONTROL, COLOR, ...range(HGRID, 9), ...range(HGRID8, 9), ...range(VGRID, 10)]);
const SIGNATURE_BITS = SIGNATURE.map((a) => (a === CONTROL ? CTRL_DOTS | CTRL_FILL : 0xff));

function range(from: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => from + i);
}

export class GridPainter {
  private readonly rows: Uint8Array[] = [];
  private readonly maps: Uint16Array[] = [];
  /** The painter's `version` each template was drawn at; -1: never. */
  private readonly drawnAt = new Float64Array(KEYS).fill(-1);
  /** Bumped when what the grid is drawn from changed: every template is then drawn again. */
  private version = 0;
  /** A register the grid may be drawn from was written since the templates were last checked. */
  private written = true;
  /** What the templates were drawn from: A0h's dot and fill bits, A3h, the grid registers (SIGNATURE order). */
  private readonly drawnFrom = new Int16Array(SIGNATURE.length).fill(-1);
  // The current segment and where it is drawn (the frame, or a template), kept in fields so the span
  // helper takes few arguments.
  private out: Uint8Array;
  private outMap: Uint16Array;
  private rowBase = 0;
  private segStart = 0;
  private segEnd = 0;
  private colour = 0;

  constructor(
    private readonly regs: Uint8Array,
    private readonly frame: Uint8Array,
    private readonly cmap: Uint16Array,
    private readonly width: number,
  ) {
    this.out = frame;
    this.outMap = cmap;
    for (let k = 0; k < KEYS; k++) {
      this.rows.push(new Uint8Array(width));
      this.maps.push(new Uint16Array(width));
    }
  }

  /**
   * The background and grid of all of line `line` (GRID_Y..GRID_LAST_LINE, grid on), collision map
   * included: the map's earlier contents do not matter, every dot is written.
   */
  wholeLine(line: number, ctrl: number, color: number, bg: number): void {
    if (this.written) this.checkTemplates();
    const rel = line - GRID_Y;
    const row = (rel / GRID_H) | 0;
    const key = row * 2 + (rel - row * GRID_H < 3 ? 1 : 0);
    const pixels = this.rows[key];
    const map = this.maps[key];
    if (this.drawnAt[key] !== this.version) {
      map.fill(0);
      this.paint(pixels, map, 0, line, 0, this.width, ctrl, color, bg);
      this.drawnAt[key] = this.version;
    }
    this.frame.set(pixels, line * this.width);
    this.cmap.set(map);
  }

  /** A register the grid may be drawn from (A0h-FFh) was written, or all of them (a restored state). */
  registersWritten(): void {
    this.written = true;
  }

  /** Forgets the templates if what they were drawn from changed. */
  private checkTemplates(): void {
    this.written = false;
    const regs = this.regs;
    const from = this.drawnFrom;
    let same = true;
    for (let i = 0; i < SIGNATURE.length; i++) {
      const value = regs[SIGNATURE[i]] & SIGNATURE_BITS[i];
      if (from[i] !== value) {
        from[i] = value;
        same = false;
      }
    }
    if (!same) this.version++;
  }

  /** Dots x0 <= x < x1 of line `line`'s background and grid (the grid on and the line in its band). */
  segment(line: number, x0: number, x1: number, ctrl: number, color: number, bg: number): void {
    this.paint(this.frame, this.cmap, line * this.width, line, x0, x1, ctrl, color, bg);
  }

  /** segment() drawn into `out` from `rowBase` and into `outMap`. */
  private paint(
    out: Uint8Array,
    outMap: Uint16Array,
    rowBase: number,
    line: number,
    x0: number,
    x1: number,
    ctrl: number,
    color: number,
    bg: number,
  ): void {
    const regs = this.regs;
    this.out = out;
    this.outMap = outMap;
    this.rowBase = rowBase;
    this.segStart = x0;
    this.segEnd = x1;
    out.fill(bg, rowBase + x0, rowBase + x1);
    this.colour = (((color >> 6) & 1) << 3) | ((color & 1) << 2) | (((color >> 1) & 1) << 1) | ((color >> 2) & 1);
    const rel = line - GRID_Y;
    const row = (rel / GRID_H) | 0;
    const inBar = rel - row * GRID_H < 3; // horizontal segments and dots are 3 lines tall

    if (inBar && row <= 8) {
      for (let i = 0; i < 9; i++) {
        const bits = (regs[HGRID8 + i] << 8) | regs[HGRID + i];
        if ((bits >> row) & 1) this.span((GRID_X + i * GRID_W) * 2, (GRID_W + 2) * 2, HGRID_BIT);
      }
      if ((ctrl & CTRL_DOTS) !== 0) {
        for (let i = 0; i < 10; i++) this.span((GRID_X + i * GRID_W) * 2, 4, HGRID_BIT);
      }
    }

    if (row < 8) {
      const w = (ctrl & CTRL_FILL) !== 0 ? GRID_W : 2;
      for (let i = 0; i < 10; i++) {
        if ((regs[VGRID + i] >> row) & 1) this.span((GRID_X + i * GRID_W) * 2, w * 2, VGRID_BIT);
      }
    }
  }

  /** Paints dots [from, from+n) with a grid class bit, clipped to the segment. */
  private span(from: number, n: number, bit: number): void {
    const a = from > this.segStart ? from : this.segStart;
    const b = from + n < this.segEnd ? from + n : this.segEnd;
    const cmap = this.outMap;
    const frame = this.out;
    const rowBase = this.rowBase;
    const c = this.colour;
    for (let px = a; px < b; px++) {
      cmap[px] |= bit;
      frame[rowBase + px] = c;
    }
  }
}
