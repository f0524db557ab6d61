/**
 * Draws one piece of one visible scanline of the 8244 picture into a colour-index frame, with the
 * register values of that moment, and accumulates collisions. The VDC calls it in beam order, so a
 * register write mid-line changes only the dots after it.
 *
 * Follows MAME 0.251's `i8244_device::screen_update` and its helpers (`draw_grid`, `draw_major` +
 * `major_pixel`, `draw_minor`) and the driver's LUM overlay (odyssey2.cpp `screen_update`). Objects
 * that only touch never collide: MAME's later source adds an "edge" pass (grid or sprite just left
 * of a major pixel, grid just left of an undoubled sprite) that MAME 0.251 does not have, measured
 * with test/programs/vdc/edges.a48. Coordinates are dots: one low-resolution "X unit" is 2 dots; an
 * object with X register x starts at dot (x + 5)·2.
 *
 * Collision map bits per dot: 0-3 sprite 0-3, 4 vertical grid, 5 horizontal grid and dots, 7 major
 * (the map is 16 bits wide only so that save states keep their layout; reads mask it to 8 bits).
 */
import {
  CHAR,
  COLLISION,
  COLOR,
  CONTROL,
  CTRL_DOTS,
  CTRL_FILL,
  CTRL_FOREGROUND,
  CTRL_GRID,
  HGRID,
  HGRID8,
  QUAD,
  SHAPE,
  SPRITE,
  VGRID,
} from './registers.ts';
import type { VdcTiming } from './timing.ts';

const GRID_X = 13; // first grid column, in X units
const GRID_Y = 24; // first grid row, in lines
const GRID_W = 16; // X units between grid columns
const GRID_H = 24; // lines between grid rows
const GRID_LAST_LINE = 218;
const MAJOR_BIT = 0x80;
/** The last line the foreground (characters, quads, sprites) is drawn on. */
export const LAST_FOREGROUND_LINE = 242;

/** Rows a character shows: 7 minus the glyph row it starts at, 8 when that is 0 (the "7-row rule"). */
export function characterRows(y: number, ptr: number): number {
  const h = 7 - (((y >> 1) + ptr) & 7);
  return h === 0 ? 8 : h;
}
const HGRID_BIT = 0x20;
const VGRID_BIT = 0x10;

export class Renderer {
  readonly width: number;
  readonly height: number;
  /** Colour indices 0-15, one byte per dot, `width` × `height`. */
  readonly frame: Uint8Array;
  /** Per-dot classes drawn so far on the current line (see header). */
  readonly collisionMap: Uint16Array;
  /** Per-dot index of the major object owning the dot (MAME `m_priority_map`). */
  readonly priorityMap: Uint8Array;
  /** A2h read value being accumulated. */
  collisionStatus = 0;
  /** A1h bit 7 (two major objects overlapped), 0 or 80h. */
  majorOverlap = 0;
  /** P1.7 low: every pixel gets the luminance bit. */
  lumForced = false;
  /**
   * Both maps are all zero (nothing drawn into them since they were last cleared): most lines hold no
   * object or grid, and clearing the two maps at each line's start was a tenth of a frame's time. A
   * state restored into the maps sets it false (stateRestored).
   */
  private mapsClear = false;
  /**
   * Per line, 1 when some character or quad may show on it. Worked out again from the registers after
   * they change (objects' registers change only with the foreground off, so at most a few times a
   * frame): most lines show no major object, and looking at all 28 of them on every line was a
   * sixth of a frame's time.
   */
  private readonly majorLines = new Uint8Array(256 + 16);
  private majorStale = true;

  private charset: Uint8Array;
  // The current segment, kept in fields so the pixel helpers take few arguments.
  private segStart = 0;
  private segEnd = 0;
  private rowBase = 0;
  private mask = 0;

  constructor(
    private readonly regs: Uint8Array,
    charset: Uint8Array,
    private readonly timing: VdcTiming,
  ) {
    this.width = timing.visibleWidth;
    this.height = timing.visibleHeight;
    this.frame = new Uint8Array(this.width * this.height);
    this.collisionMap = new Uint16Array(this.width);
    this.priorityMap = new Uint8Array(this.width);
    this.charset = charset;
  }

  /** The maps and registers were written from outside (a state restored): nothing known of them is kept. */
  stateRestored(): void {
    this.mapsClear = false;
    this.majorStale = true;
  }

  /** A character's or quad's register (10h-7Fh) changed. */
  objectsChanged(): void {
    this.majorStale = true;
  }

  setCharset(charset: Uint8Array): void {
    this.charset = charset;
  }

  /** Renders dots x0 <= x < x1 (0 <= x0 < x1 <= width) of visible line `line`. */
  segment(line: number, x0: number, x1: number): void {
    const regs = this.regs;
    const frame = this.frame;
    const ctrl = regs[CONTROL];
    const color = regs[COLOR];
    this.segStart = x0;
    this.segEnd = x1;
    this.rowBase = line * this.width;
    this.mask = regs[COLLISION];

    const bg = ((color >> 5) & 1) | (((color >> 4) & 1) << 1) | (((color >> 3) & 1) << 2);
    frame.fill(bg, this.rowBase + x0, this.rowBase + x1);

    if (x0 === 0 && !this.mapsClear) {
      this.collisionMap.fill(0);
      this.priorityMap.fill(0);
      this.mapsClear = true;
    }

    if ((ctrl & CTRL_GRID) !== 0 && line >= GRID_Y && line <= GRID_LAST_LINE) this.grid(line, ctrl, color);
    if ((ctrl & CTRL_FOREGROUND) !== 0 && line <= LAST_FOREGROUND_LINE) {
      this.major(line);
      this.minor(line);
    }

    if (this.lumForced) {
      for (let i = this.rowBase + x0, e = this.rowBase + x1; i < e; i++) frame[i] |= 8;
    }
  }

  /** Paints dots [from, from+n) with a grid class bit, clipped to the segment. */
  private gridSpan(from: number, n: number, bit: number, c: number): void {
    const a = Math.max(from, this.segStart);
    const b = Math.min(from + n, this.segEnd);
    this.mapsClear = false;
    const cmap = this.collisionMap;
    const frame = this.frame;
    for (let px = a; px < b; px++) {
      cmap[px] |= bit;
      frame[this.rowBase + px] = c;
    }
  }

  private grid(line: number, ctrl: number, color: number): void {
    const regs = this.regs;
    const c = (((color >> 6) & 1) << 3) | ((color & 1) << 2) | (((color >> 1) & 1) << 1) | ((color >> 2) & 1);
    const rel = line - GRID_Y;
    const row = (rel / GRID_H) | 0;
    const inBar = rel - row * GRID_H < 3; // horizontal segments and dots are 3 lines tall

    if (inBar && row <= 8) {
      for (let i = 0; i < 9; i++) {
        const bits = (regs[HGRID8 + i] << 8) | regs[HGRID + i];
        if ((bits >> row) & 1) this.gridSpan((GRID_X + i * GRID_W) * 2, (GRID_W + 2) * 2, HGRID_BIT, c);
      }
      if ((ctrl & CTRL_DOTS) !== 0) {
        for (let i = 0; i < 10; i++) this.gridSpan((GRID_X + i * GRID_W) * 2, 4, HGRID_BIT, c);
      }
    }

    if (row < 8) {
      const w = (ctrl & CTRL_FILL) !== 0 ? GRID_W : 2;
      for (let i = 0; i < 10; i++) {
        if ((regs[VGRID + i] >> row) & 1) this.gridSpan((GRID_X + i * GRID_W) * 2, w * 2, VGRID_BIT, c);
      }
    }
  }

  /**
   * One 8-pixel row of a character (MAME `major_pixel` for each of its 2-dot pixels, in the same dot
   * order), `index` = the object's register address, `bits` its glyph row (bit 7 leftmost).
   */
  private majorRow(index: number, x: number, bits: number, c: number): void {
    const start = x > this.segStart ? x : this.segStart;
    const end = x + 16 < this.segEnd ? x + 16 : this.segEnd;
    if (start >= end) return;
    this.mapsClear = false;
    const cmap = this.collisionMap;
    const pmap = this.priorityMap;
    const frame = this.frame;
    const mask = this.mask;
    const rowBase = this.rowBase;
    for (let px = start; px < end; px++) {
      const colx = cmap[px] & 0xff;
      if (index < pmap[px]) {
        this.majorOverlap = 0x80;
        if ((colx & MAJOR_BIT) !== 0) continue;
      } else {
        pmap[px] = index;
      }
      if (((bits << ((px - x) >> 1)) & 0x80) !== 0) {
        if ((mask & colx) !== 0) this.collisionStatus |= MAJOR_BIT;
        if ((mask & MAJOR_BIT) !== 0) this.collisionStatus |= colx;
        cmap[px] |= MAJOR_BIT;
        frame[rowBase + px] = c;
      }
    }
  }

  /** majorLines from the registers, by the same tests major() makes of each object. */
  private markMajorLines(): void {
    const regs = this.regs;
    const lines = this.majorLines;
    const ntsc = this.timing.ntsc;
    lines.fill(0);
    for (let q = 0; q < 4; q++) {
      const y = regs[QUAD + q * 16];
      if (!(ntsc && y < 0x0e)) lines.fill(1, y, y + characterRows(y, regs[QUAD + q * 16 + 14]) * 2);
    }
    for (let n = 0; n < 12; n++) {
      const y = regs[CHAR + n * 4];
      if (!(ntsc && y < 0x0e)) lines.fill(1, y, y + characterRows(y, regs[CHAR + n * 4 + 2]) * 2);
    }
    this.majorStale = false;
  }

  private major(line: number): void {
    if (this.majorStale) this.markMajorLines();
    if (this.majorLines[line] === 0) return;
    const regs = this.regs;
    const rom = this.charset;
    const ntsc = this.timing.ntsc;

    for (let q = 3; q >= 0; q--) {
      const base = QUAD + q * 16;
      const y = regs[base];
      if (ntsc && y < 0x0e) continue;
      const h = characterRows(y, regs[base + 12 + 2]); // sub-character 3's pointer sets the height
      if (line < y || line >= y + h * 2) continue;
      let x = (regs[base + 1] + 5) * 2;
      // A quad's four characters stand 16 X units (32 dots) apart.
      for (let j = 0; j < 4; j++, x += 32) {
        const sub = base + j * 4;
        const attr = regs[sub + 3];
        const offset = ((regs[sub + 2] | ((attr & 1) << 8)) + (y >> 1) + ((line - y) >> 1)) & 0x1ff;
        const bits = rom[offset];
        this.majorRow(sub, x, bits, 8 + ((attr >> 1) & 7));
      }
    }

    for (let n = 11; n >= 0; n--) {
      const base = CHAR + n * 4;
      const y = regs[base];
      if (ntsc && y < 0x0e) continue;
      const ptr = regs[base + 2];
      const h = characterRows(y, ptr);
      if (line < y || line >= y + h * 2) continue;
      const attr = regs[base + 3];
      const offset = ((ptr | ((attr & 1) << 8)) + (y >> 1) + ((line - y) >> 1)) & 0x1ff;
      const bits = rom[offset];
      this.majorRow(base, (regs[base + 1] + 5) * 2, bits, 8 + ((attr >> 1) & 7));
    }
  }

  private minor(line: number): void {
    const regs = this.regs;
    const cmap = this.collisionMap;
    const frame = this.frame;
    for (let n = 3; n >= 0; n--) {
      const base = SPRITE + n * 4;
      const y = regs[base];
      const attr = regs[base + 2];
      const size = (attr & 4) !== 0 ? 4 : 2; // dots per sprite pixel and lines per sprite row
      if (line < y || line >= y + 8 * size) continue;
      const row = ((line - y) / size) | 0;
      const shape = regs[SHAPE + n * 8 + row];
      if (shape === 0) continue;
      let shift = 0;
      switch (attr & 3) {
        case 1:
          shift = 1;
          break; // X9: whole sprite half a pixel right
        case 2:
          shift = (row & 1) ^ 1;
          break; // S: even rows shifted
        case 3:
          shift = row & 1;
          break; // both: odd rows shifted
      }
      let x = (regs[base + 1] + 5) * 2 + shift * (size >> 1);
      const c = 8 + ((attr >> 3) & 7);
      const bit = 1 << n;
      this.mapsClear = false;
      const selfInMask = (this.mask & bit) !== 0;
      for (let m = 1; m < 0x100; m <<= 1, x += size) {
        if ((shape & m) === 0) continue;
        const a = Math.max(x, this.segStart);
        const b = Math.min(x + size, this.segEnd);
        for (let px = a; px < b; px++) {
          const colx = cmap[px] & 0xff;
          if ((this.mask & colx) !== 0) this.collisionStatus |= bit;
          if (selfInMask) this.collisionStatus |= colx;
          cmap[px] |= bit;
          frame[this.rowBase + px] = c;
        }
      }
    }
  }
}
