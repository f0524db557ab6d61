/**
 * The VDC's objects as a debugger shows them (issue 23): the 256 registers decoded into the four
 * sprites (the datasheet's "minor system"), the twelve characters and four quads (the "major
 * system") and the grid, each with its registers and the box of picture dots it can light. The boxes
 * follow render.ts exactly (x dot = (X + 5)·2, a line per Y unit, the 7-row rule, sprite size and
 * shift bits), so a box drawn over the picture frames what the renderer drew. Pure: no DOM.
 */
import {
  CHAR,
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
import { LAST_FOREGROUND_LINE, characterRows } from './geometry.ts';
import { NTSC } from './timing.ts';

/** The picture the boxes are in (timing.ts: PAL's is the same size as NTSC's). */
const WIDTH = NTSC.visibleWidth;
const HEIGHT = NTSC.visibleHeight;

/** A box of picture dots: x from `left` (inclusive) for `width` dots, lines from `top` for `height`. */
export interface DotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One character of a quad (or a lone character): its glyph and colour. */
export interface Glyph {
  /** The 9-bit pointer (attribute bit 0 is bit 8). */
  pointer: number;
  /** Glyph 0-63 of the character ROM whose row `row` the object starts on. */
  code: number;
  row: number;
  /** Colour index 8-15 (palette.ts). */
  color: number;
}

export interface VdcObject {
  kind: 'sprite' | 'char' | 'quad';
  /** Sprite 0-3, character 0-11, quad 0-3. */
  index: number;
  /** S0-S3, C0-C11, Q0-Q3: the overlay's label. */
  label: string;
  /** Address of the first register (Y). */
  address: number;
  y: number;
  x: number;
  /** Attribute register (for a quad: sub-character 0's). */
  attr: number;
  /** Colour index 8-15 (a quad: sub-character 0's). */
  color: number;
  /** Where it can light dots; may reach past the picture's edges (see `visible`). */
  box: DotBox;
  /** Drawn at all: foreground on, some of its box in the picture, not hidden (8244 Y < 0Eh), a sprite with a shape. */
  visible: boolean;
  /** Why it is not drawn, when it is not. */
  hidden?: string;
  /** Characters: the one glyph; quads: the four. */
  glyphs?: Glyph[];
  /** Sprites: 4 dots a pixel (attribute bit 2) and the shift mode (bits 0-1). */
  big?: boolean;
  shift?: number;
}

export interface VdcGrid {
  on: boolean;
  dots: boolean;
  fill: boolean;
  /** Colour index 0-15 of the grid (A3h bits 6, 0-2). */
  color: number;
  /** The dots its set segments (and dots) cover; width 0 when none is set. */
  box: DotBox;
  /** How many of the 19 segment registers (C0h-C8h with D0h-D8h, E0h-E9h) have a segment set. */
  segments: number;
}

export interface VdcPicture {
  control: number;
  colorReg: number;
  foreground: boolean;
  /** Background colour index 0-7 (A3h bits 3-5). */
  background: number;
  grid: VdcGrid;
  objects: VdcObject[];
}

function glyph(y: number, pointer: number, attr: number): Glyph {
  const offset = (pointer + (y >> 1)) & 0x1ff;
  return { pointer, code: offset >> 3, row: offset & 7, color: 8 + ((attr >> 1) & 7) };
}

function onPicture(b: DotBox, lastLine: number): boolean {
  return b.left < WIDTH && b.left + b.width > 0 && b.top <= lastLine && b.top + b.height > 0;
}

/** Why a drawable object is not drawn, or undefined when it is. */
function hiddenWhy(foreground: boolean, box: DotBox, extra?: string): string | undefined {
  if (!foreground) return 'foreground off';
  if (extra) return extra;
  if (!onPicture(box, LAST_FOREGROUND_LINE)) return 'off the picture';
  return undefined;
}

function sprites(regs: ArrayLike<number>, foreground: boolean): VdcObject[] {
  const out: VdcObject[] = [];
  for (let n = 0; n < 4; n++) {
    const address = SPRITE + n * 4;
    const y = regs[address];
    const x = regs[address + 1];
    const attr = regs[address + 2];
    const size = (attr & 4) !== 0 ? 4 : 2;
    const shift = attr & 3;
    // A shifted row moves half a sprite pixel right (render.ts minor()): X9 (1) moves every row,
    // S (2, 3) every other row, which widens the box instead.
    const half = size >> 1;
    const box = {
      left: (x + 5) * 2 + (shift === 1 ? half : 0),
      top: y,
      width: 8 * size + (shift >= 2 ? half : 0),
      height: 8 * size,
    };
    let blank = true;
    for (let i = 0; i < 8; i++) if (regs[SHAPE + n * 8 + i] !== 0) blank = false;
    const hidden = hiddenWhy(foreground, box, blank ? 'no shape' : undefined);
    out.push({
      kind: 'sprite',
      index: n,
      label: `S${n}`,
      address,
      y,
      x,
      attr,
      color: 8 + ((attr >> 3) & 7),
      box,
      visible: hidden === undefined,
      ...(hidden ? { hidden } : {}),
      big: size === 4,
      shift,
    });
  }
  return out;
}

function majors(regs: ArrayLike<number>, foreground: boolean, ntsc: boolean): VdcObject[] {
  const out: VdcObject[] = [];
  const tooHigh = (y: number): string | undefined => (ntsc && y < 0x0e ? 'Y < 0Eh (the 8244 hides it)' : undefined);
  for (let n = 0; n < 12; n++) {
    const address = CHAR + n * 4;
    const y = regs[address];
    const x = regs[address + 1];
    const attr = regs[address + 3];
    const pointer = regs[address + 2] | ((attr & 1) << 8);
    const box = { left: (x + 5) * 2, top: y, width: 16, height: characterRows(y, pointer) * 2 };
    const hidden = hiddenWhy(foreground, box, tooHigh(y));
    const g = glyph(y, pointer, attr);
    out.push({
      kind: 'char',
      index: n,
      label: `C${n}`,
      address,
      y,
      x,
      attr,
      color: g.color,
      box,
      visible: hidden === undefined,
      ...(hidden ? { hidden } : {}),
      glyphs: [g],
    });
  }
  for (let q = 0; q < 4; q++) {
    const address = QUAD + q * 16;
    const y = regs[address];
    const x = regs[address + 1];
    const glyphs: Glyph[] = [];
    for (let j = 0; j < 4; j++) {
      const attr = regs[address + j * 4 + 3];
      glyphs.push(glyph(y, regs[address + j * 4 + 2] | ((attr & 1) << 8), attr));
    }
    // Sub-character 3's pointer sets every row count; the four are 32 dots apart, 16 wide.
    const box = { left: (x + 5) * 2, top: y, width: 3 * 32 + 16, height: characterRows(y, regs[address + 14]) * 2 };
    const hidden = hiddenWhy(foreground, box, tooHigh(y));
    out.push({
      kind: 'quad',
      index: q,
      label: `Q${q}`,
      address,
      y,
      x,
      attr: regs[address + 3],
      color: glyphs[0].color,
      box,
      visible: hidden === undefined,
      ...(hidden ? { hidden } : {}),
      glyphs,
    });
  }
  return out;
}

/** The union of boxes; an empty box (width 0) when there are none. */
function union(boxes: DotBox[]): DotBox {
  if (boxes.length === 0) return { left: 0, top: 0, width: 0, height: 0 };
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

function grid(regs: ArrayLike<number>, control: number, colorReg: number): VdcGrid {
  const fill = (control & CTRL_FILL) !== 0;
  const dots = (control & CTRL_DOTS) !== 0;
  // As render.ts grid(): columns start at X unit 13, 16 apart; rows at line 24, 24 apart. Horizontal
  // segments (and dots) are 3 lines tall and 18 units wide (dots 2); vertical ones fill their row's 24
  // lines, 2 units wide or 16 filled.
  const parts: DotBox[] = [];
  let segments = 0;
  for (let i = 0; i < 10; i++) {
    const left = (13 + 16 * i) * 2;
    const h = i < 9 ? (regs[HGRID8 + i] << 8) | regs[HGRID + i] : 0;
    const v = regs[VGRID + i];
    if (h !== 0) segments++;
    if (v !== 0) segments++;
    for (let row = 0; row < 9; row++) {
      const top = 24 + 24 * row;
      if ((h >> row) & 1) parts.push({ left, top, width: 36, height: 3 });
      if (dots) parts.push({ left, top, width: 4, height: 3 });
      if (row < 8 && (v >> row) & 1) parts.push({ left, top, width: fill ? 32 : 4, height: 24 });
    }
  }
  return {
    on: (control & CTRL_GRID) !== 0,
    dots,
    fill,
    color: (((colorReg >> 6) & 1) << 3) | ((colorReg & 1) << 2) | (((colorReg >> 1) & 1) << 1) | ((colorReg >> 2) & 1),
    box: union(parts),
    segments,
  };
}

/** The objects of registers `regs` (256 bytes); `ntsc`: an 8244 (hides characters with Y < 0Eh). */
export function vdcObjects(regs: ArrayLike<number>, ntsc = true): VdcPicture {
  const control = regs[CONTROL];
  const colorReg = regs[COLOR];
  const foreground = (control & CTRL_FOREGROUND) !== 0;
  return {
    control,
    colorReg,
    foreground,
    background: ((colorReg >> 5) & 1) | (((colorReg >> 4) & 1) << 1) | (((colorReg >> 3) & 1) << 2),
    grid: grid(regs, control, colorReg),
    objects: [...sprites(regs, foreground), ...majors(regs, foreground, ntsc)],
  };
}

/** `box` cut to the picture, or undefined when none of it is in the picture. */
export function clipToPicture(box: DotBox): DotBox | undefined {
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(WIDTH, box.left + box.width);
  const bottom = Math.min(HEIGHT, box.top + box.height);
  if (right <= left || bottom <= top) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}
