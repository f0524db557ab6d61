/**
 * Which visible lines may be drawn differently from the line above them with the same registers: the
 * renderer (render.ts) copies a line that is not one of these from the line above instead of drawing it.
 *
 * A whole line's pixels, collision and priority maps, and the collision bits it raises are a function of
 * the registers, the character ROM, the luminance force and the line number; the line number enters only
 * through these tests (render.ts `segment`, `grid`, `major`, `minor`), so a line where none of them changes
 * its answer repeats the line above:
 * - the grid: whether the line is in the grid's band (24-218), its row (24 lines each) and whether it is
 *   in the row's 3-line bar;
 * - the foreground's last line (242, the last visible one);
 * - a character or quad: whether the line is inside it and its glyph row (2 lines each), so every second
 *   line from its Y to its end;
 * - a sprite: whether the line is inside it and its shape row (2 or 4 lines each), from its Y to its end.
 * A break is marked for every object whether shown or not (an 8244 character above 0Eh, the foreground
 * off): a break too many only costs a line drawn.
 */
import { CHAR, QUAD, SPRITE } from './registers.ts';
import { GRID_H, GRID_LAST_LINE, GRID_Y, LAST_FOREGROUND_LINE, characterRows } from './geometry.ts';

/** `breaks[line]` = 1 where line may differ from line - 1 (always at line 0); `breaks.length` lines. */
export function markLineBreaks(regs: Uint8Array, breaks: Uint8Array): void {
  breaks.fill(0);
  breaks[0] = 1;
  for (let line = GRID_Y; line <= GRID_LAST_LINE; line += GRID_H) {
    mark(breaks, line, 0, 0);
    mark(breaks, line + 3, 0, 0); // the bar's end
  }
  mark(breaks, GRID_LAST_LINE + 1, 0, 0);
  mark(breaks, LAST_FOREGROUND_LINE + 1, 0, 0);
  for (let q = 0; q < 4; q++) {
    const y = regs[QUAD + q * 16];
    mark(breaks, y, characterRows(y, regs[QUAD + q * 16 + 14]), 2);
  }
  for (let c = 0; c < 12; c++) {
    const y = regs[CHAR + c * 4];
    mark(breaks, y, characterRows(y, regs[CHAR + c * 4 + 2]), 2);
  }
  for (let s = 0; s < 4; s++) {
    const size = (regs[SPRITE + s * 4 + 2] & 4) !== 0 ? 4 : 2;
    mark(breaks, regs[SPRITE + s * 4], 8, size);
  }
}

/** Breaks at `from` and `count` more lines `step` apart. */
function mark(breaks: Uint8Array, from: number, count: number, step: number): void {
  for (let k = 0, line = from; k <= count && line < breaks.length; k++, line += step) breaks[line] = 1;
}
