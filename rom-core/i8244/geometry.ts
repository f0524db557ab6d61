/**
 * Where the 8244 draws its grid and objects, in lines and X units (MAME 0.251's `draw_grid`, `draw_major`):
 * shared by the renderer (render.ts), the lines it may repeat (line-breaks.ts) and the object list
 * (objects.ts).
 */

/** First grid column, in X units. */
export const GRID_X = 13;
/** First grid row, in lines. */
export const GRID_Y = 24;
/** X units between grid columns. */
export const GRID_W = 16;
/** Lines between grid rows. */
export const GRID_H = 24;
/** The grid's last line. */
export const GRID_LAST_LINE = 218;
/** The last line the foreground (characters, quads, sprites) is drawn on. */
export const LAST_FOREGROUND_LINE = 242;

/** Rows a character shows: 7 minus the glyph row it starts at, 8 when that is 0 (the "7-row rule"). */
export function characterRows(y: number, ptr: number): number {
  const h = 7 - (((y >> 1) + ptr) & 7);
  return h === 0 ? 8 : h;
}
