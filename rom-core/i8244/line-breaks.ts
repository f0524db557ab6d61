/**
 * Which visible lines may be drawn differently from the line above them with the same registers: the
 * renderer (render.ts) copies a line that is not one of these from the line above instead of drawing it.
 *
 * A whole line's pixels, collision and priority maps, and the collision bits it raises are a function of
 * the registers, the character ROM, the luminance force and the line number. The line number enters only
 * through what each part draws on it (render.ts `draw`, grid.ts, `major`, `minor`), so a line where every
 * part draws what it drew on the line above repeats that line:
 * - the grid (when on, lines 24-218): the horizontal bars and dots of its row (3 lines of each 24) and the
 *   vertical bars of its row, the fill bit for them; no bar at all draws what no grid draws;
 * - with the foreground on, each character and quad: whether the line is inside it, and the glyph byte of
 *   each of its characters there (a glyph row is 2 lines; a blank row still claims the priority map, so
 *   entering and leaving always count);
 * - each sprite: its shape byte and half-pixel shift on the line (a blank row draws nothing).
 * The foreground's last line (242) is the last visible one, so it ends nothing here.
 */
import { CHAR, CONTROL, CTRL_DOTS, CTRL_FILL, CTRL_FOREGROUND, CTRL_GRID, HGRID, HGRID8 } from './registers.ts';
import { QUAD, SHAPE, SPRITE, VGRID } from './registers.ts';
import { GRID_H, GRID_LAST_LINE, GRID_Y, characterRows } from './geometry.ts';

/**
 * `breaks[line]` = 1 where line may differ from line - 1 (always at line 0); `breaks.length` lines.
 * `ntsc`: the 8244, which hides characters and quads above Y 0Eh.
 */
export function markLineBreaks(regs: Uint8Array, charset: Uint8Array, ntsc: boolean, breaks: Uint8Array): void {
  breaks.fill(0);
  breaks[0] = 1;
  const ctrl = regs[CONTROL];
  if ((ctrl & CTRL_GRID) !== 0) markGrid(regs, ctrl, breaks);
  if ((ctrl & CTRL_FOREGROUND) === 0) return;
  for (let q = 0; q < 4; q++) {
    const base = QUAD + q * 16;
    const y = regs[base];
    if (!(ntsc && y < 0x0e)) markCharacter(regs, charset, breaks, base, characterRows(y, regs[base + 14]), 4);
  }
  for (let n = 0; n < 12; n++) {
    const base = CHAR + n * 4;
    const y = regs[base];
    if (!(ntsc && y < 0x0e)) markCharacter(regs, charset, breaks, base, characterRows(y, regs[base + 2]), 1);
  }
  for (let n = 0; n < 4; n++) markSprite(regs, breaks, n);
}

/** What the grid draws on the lines of `row` in its bar or out of it, as a number (0: nothing), by grid.ts's tests. */
function gridOn(regs: Uint8Array, ctrl: number, row: number, inBar: boolean): number {
  let drawn = 0;
  if (inBar && row <= 8) {
    for (let i = 0; i < 9; i++) drawn |= ((((regs[HGRID8 + i] << 8) | regs[HGRID + i]) >> row) & 1) << i;
    if ((ctrl & CTRL_DOTS) !== 0) drawn |= 1 << 9;
  }
  if (row < 8) {
    let v = 0;
    for (let i = 0; i < 10; i++) v |= ((regs[VGRID + i] >> row) & 1) << i;
    if (v !== 0) drawn |= (v << 10) | ((ctrl & CTRL_FILL) !== 0 ? 1 << 20 : 0);
  }
  return drawn;
}

/** Breaks where what the grid draws changes: at a row's bar (its first 3 lines), after it, past the last line. */
function markGrid(regs: Uint8Array, ctrl: number, breaks: Uint8Array): void {
  let above = 0;
  for (let row = 0, line = GRID_Y; line <= GRID_LAST_LINE; row++, line += GRID_H) {
    const bar = gridOn(regs, ctrl, row, true);
    if (bar !== above) breaks[line] = 1;
    above = bar;
    if (line + 3 > GRID_LAST_LINE) break;
    const rest = gridOn(regs, ctrl, row, false);
    if (rest !== above) breaks[line + 3] = 1;
    above = rest;
  }
  if (above !== 0) breaks[GRID_LAST_LINE + 1] = 1;
}

/**
 * A character (`count` 1) or a quad (`count` 4, sub-characters 4 registers apart) at `base`, `rows` glyph
 * rows tall: breaks where it starts and ends and where any of its glyph bytes changes.
 */
function markCharacter(
  regs: Uint8Array,
  charset: Uint8Array,
  breaks: Uint8Array,
  base: number,
  rows: number,
  count: number,
): void {
  const y = regs[base];
  for (let k = 0; k <= rows; k++) {
    const line = y + 2 * k;
    if (line >= breaks.length) return;
    let changed = k === 0 || k === rows;
    for (let j = 0; j < count && !changed; j++) {
      const sub = base + 4 * j;
      const start = (regs[sub + 2] | ((regs[sub + 3] & 1) << 8)) + (y >> 1);
      changed = charset[(start + k) & 0x1ff] !== charset[(start + k - 1) & 0x1ff];
    }
    if (changed) breaks[line] = 1;
  }
}

/** What sprite `n` draws on its shape row `row` (0: nothing; -1 and 8 are outside it), as render.ts `minor`. */
function spriteRow(regs: Uint8Array, n: number, row: number): number {
  if (row < 0 || row > 7) return 0;
  const shape = regs[SHAPE + n * 8 + row];
  if (shape === 0) return 0;
  const mode = regs[SPRITE + n * 4 + 2] & 3;
  const shift = mode === 1 ? 1 : mode === 2 ? (row & 1) ^ 1 : mode === 3 ? row & 1 : 0;
  return 0x100 | shape | (shift << 9);
}

function markSprite(regs: Uint8Array, breaks: Uint8Array, n: number): void {
  const y = regs[SPRITE + n * 4];
  const size = (regs[SPRITE + n * 4 + 2] & 4) !== 0 ? 4 : 2;
  for (let row = 0; row <= 8; row++) {
    const line = y + row * size;
    if (line >= breaks.length) return;
    if (spriteRow(regs, n, row) !== spriteRow(regs, n, row - 1)) breaks[line] = 1;
  }
}
