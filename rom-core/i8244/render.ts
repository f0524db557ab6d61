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
  CTRL_FOREGROUND,
  CTRL_GRID,
  QUAD,
  SHAPE,
  SHIFT_HI,
  SOUND,
  SPRITE,
} from './registers.ts';
import type { VdcTiming } from './timing.ts';
import { GRID_LAST_LINE, GRID_Y, LAST_FOREGROUND_LINE, characterRows } from './geometry.ts';
import { markLineBreaks } from './line-breaks.ts';
import { GridPainter } from './grid.ts';

const MAJOR_BIT = 0x80;

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
   * The collision map, and the priority map, is all zero (nothing drawn into it since it was last
   * cleared): most lines hold no object or grid, and clearing the two maps at each line's start was a
   * tenth of a frame's time; only characters and quads write the priority map. A state restored into the
   * maps sets both false (stateRestored).
   */
  private collisionsClear = false;
  private prioritiesClear = false;
  /**
   * Per line, the characters and quads that may show on it: bit n for character n, bit 12 + q for quad q. Worked out again from the registers after
   * they change (objects' registers change only with the foreground off, so at most a few times a
   * frame): most lines show no major object, and looking at all 28 of them on every line was a
   * sixth of a frame's time.
   */
  private readonly majorLines = new Uint16Array(256 + 16);
  private majorStale = true;
  /**
   * Lines that may differ from the line above (line-breaks.ts), worked out again when a register
   * drawn from or the character ROM changes. Every other line, drawn whole right after the line above with nothing changed in
   * between, is a copy of it: its pixels, its maps (left as the line above left them) and the collision
   * bits it raises (an OR, so raising the same bits again is exact). Most lines of a picture repeat the
   * one above, and drawing them was most of a frame's time.
   */
  private readonly lineBreaks: Uint8Array;
  private breaksStale = true;
  /** The line being drawn, while nothing has changed since its first dot; -1 otherwise. */
  private drawing = -1;
  /** The last line drawn whole with nothing changed since its first dot (-1: none), and the bits it raised. */
  private repeatable = -1;
  private lineCollisions = 0;
  private lineOverlap = 0;
  private readonly gridPainter: GridPainter;

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
    this.lineBreaks = new Uint8Array(this.height);
    this.gridPainter = new GridPainter(regs, this.frame, this.collisionMap, this.width);
    this.charset = charset;
  }

  /** Power-on: a black picture, clear maps, nothing raised. */
  reset(): void {
    this.collisionStatus = 0;
    this.majorOverlap = 0;
    this.lumForced = false;
    this.frame.fill(0);
    this.collisionMap.fill(0);
    this.priorityMap.fill(0);
    this.stateRestored();
  }

  /** Register `a` was written (by the bus or the debugger). */
  registerWritten(a: number): void {
    if (a < 0x80) this.objectsChanged();
    else if (a < SHIFT_HI || a > SOUND) this.registersChanged(); // the sound's registers draw nothing
  }

  /** The maps and registers were written from outside (a state restored): nothing known of them is kept. */
  stateRestored(): void {
    this.collisionsClear = false;
    this.prioritiesClear = false;
    this.gridPainter.registersWritten();
    this.objectsChanged();
  }

  /** An object's register (00h-7Fh) changed. */
  objectsChanged(): void {
    this.majorStale = true;
    this.breaksStale = true;
    this.inputsChanged();
  }

  /**
   * Something the picture is drawn from changed (a register, the character ROM, the luminance force, the
   * frame or maps from outside): no line repeats one drawn before it.
   */
  inputsChanged(): void {
    this.drawing = -1;
    this.repeatable = -1;
  }

  /** A register at A0h-FFh (the control, colour and grid registers among them) changed. */
  registersChanged(): void {
    this.gridPainter.registersWritten();
    this.breaksStale = true;
    this.inputsChanged();
  }

  setCharset(charset: Uint8Array): void {
    this.charset = charset;
    this.objectsChanged();
  }

  /** Renders dots x0 <= x < x1 (0 <= x0 < x1 <= width) of visible line `line`. */
  segment(line: number, x0: number, x1: number): void {
    if (x0 === 0) {
      if (this.breaksStale) {
        markLineBreaks(this.regs, this.charset, this.timing.ntsc, this.lineBreaks);
        this.breaksStale = false;
      }
      if (x1 === this.width && line === this.repeatable + 1 && this.lineBreaks[line] === 0) {
        this.repeatLine(line);
        return;
      }
      this.drawing = line;
      this.lineCollisions = 0;
      this.lineOverlap = 0;
    }
    // What this segment raises is kept apart, for a repeat of its line (a read may clear the status mid-line).
    const collisions = this.collisionStatus;
    const overlap = this.majorOverlap;
    this.collisionStatus = 0;
    this.majorOverlap = 0;
    this.draw(line, x0, x1);
    this.lineCollisions |= this.collisionStatus;
    this.lineOverlap |= this.majorOverlap;
    this.collisionStatus |= collisions;
    this.majorOverlap |= overlap;
    if (x1 === this.width && this.drawing === line) this.repeatable = line;
  }

  /** Line `line` as a copy of the line above, which was drawn whole from the same inputs (see lineBreaks). */
  private repeatLine(line: number): void {
    const to = line * this.width;
    this.frame.copyWithin(to, to - this.width, to);
    this.collisionStatus |= this.lineCollisions;
    this.majorOverlap |= this.lineOverlap;
    this.repeatable = line;
  }

  private draw(line: number, x0: number, x1: number): void {
    const regs = this.regs;
    const frame = this.frame;
    const ctrl = regs[CONTROL];
    const color = regs[COLOR];
    this.segStart = x0;
    this.segEnd = x1;
    this.rowBase = line * this.width;
    this.mask = regs[COLLISION];

    const bg = ((color >> 5) & 1) | (((color >> 4) & 1) << 1) | (((color >> 3) & 1) << 2);
    const grid = (ctrl & CTRL_GRID) !== 0 && line >= GRID_Y && line <= GRID_LAST_LINE;
    if (x0 === 0 && !this.prioritiesClear) {
      this.priorityMap.fill(0);
      this.prioritiesClear = true;
    }
    if (grid && x0 === 0 && x1 === this.width) {
      this.gridPainter.wholeLine(line, ctrl, color, bg); // writes the whole collision map
      this.collisionsClear = false;
    } else {
      if (x0 === 0 && !this.collisionsClear) {
        this.collisionMap.fill(0);
        this.collisionsClear = true;
      }
      if (grid) {
        this.gridPainter.segment(line, x0, x1, ctrl, color, bg);
        this.collisionsClear = false;
      } else frame.fill(bg, this.rowBase + x0, this.rowBase + x1);
    }
    if ((ctrl & CTRL_FOREGROUND) !== 0 && line <= LAST_FOREGROUND_LINE) {
      this.major(line);
      this.minor(line);
    }

    if (this.lumForced) {
      for (let i = this.rowBase + x0, e = this.rowBase + x1; i < e; i++) frame[i] |= 8;
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
    this.collisionsClear = false;
    this.prioritiesClear = false;
    const cmap = this.collisionMap;
    const pmap = this.priorityMap;
    const frame = this.frame;
    const mask = this.mask;
    const rowBase = this.rowBase;
    // Kept in locals through the loop, stored once after it.
    let status = this.collisionStatus;
    let overlap = this.majorOverlap;
    for (let px = start; px < end; px++) {
      const colx = cmap[px] & 0xff;
      if (index < pmap[px]) {
        overlap = 0x80;
        if ((colx & MAJOR_BIT) !== 0) continue;
      } else {
        pmap[px] = index;
      }
      if (((bits << ((px - x) >> 1)) & 0x80) !== 0) {
        if ((mask & colx) !== 0) status |= MAJOR_BIT;
        if ((mask & MAJOR_BIT) !== 0) status |= colx;
        cmap[px] |= MAJOR_BIT;
        frame[rowBase + px] = c;
      }
    }
    this.collisionStatus = status;
    this.majorOverlap = overlap;
  }

  /** majorLines from the registers, by the same tests major() makes of each object. */
  private markMajorLines(): void {
    const regs = this.regs;
    const lines = this.majorLines;
    const ntsc = this.timing.ntsc;
    lines.fill(0);
    for (let q = 0; q < 4; q++) {
      const y = regs[QUAD + q * 16];
      if (ntsc && y < 0x0e) continue;
      const end = y + characterRows(y, regs[QUAD + q * 16 + 14]) * 2;
      for (let l = y; l < end; l++) lines[l] |= 1 << (12 + q);
    }
    for (let n = 0; n < 12; n++) {
      const y = regs[CHAR + n * 4];
      if (ntsc && y < 0x0e) continue;
      const end = y + characterRows(y, regs[CHAR + n * 4 + 2]) * 2;
      for (let l = y; l < end; l++) lines[l] |= 1 << n;
    }
    this.majorStale = false;
  }

  private major(line: number): void {
    if (this.majorStale) this.markMajorLines();
    const on = this.majorLines[line];
    if (on === 0) return;
    const regs = this.regs;
    const rom = this.charset;
    const ntsc = this.timing.ntsc;

    for (let q = 3; q >= 0; q--) {
      if ((on & (1 << (12 + q))) === 0) continue;
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
      if ((on & (1 << n)) === 0) continue;
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
    const mask = this.mask;
    const rowBase = this.rowBase;
    const segStart = this.segStart;
    const segEnd = this.segEnd;
    let status = this.collisionStatus; // stored once at the end
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
      this.collisionsClear = false;
      const selfInMask = (mask & bit) !== 0;
      for (let m = 1; m < 0x100; m <<= 1, x += size) {
        if ((shape & m) === 0) continue;
        const a = x > segStart ? x : segStart;
        const b = x + size < segEnd ? x + size : segEnd;
        for (let px = a; px < b; px++) {
          const colx = cmap[px] & 0xff;
          if ((mask & colx) !== 0) status |= bit;
          if (selfInMask) status |= colx;
          cmap[px] |= bit;
          frame[rowBase + px] = c;
        }
      }
    }
    this.collisionStatus = status;
  }
}
