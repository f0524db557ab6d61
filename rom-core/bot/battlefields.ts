/**
 * The four battlefields of our battle cartridge as a player sees them: 10 x 8 cells of land, water,
 * trees, mountains and mines (rom-core/roms/carts/maps.a48, 4 bits a cell, the even column in the
 * high nibble; test/rom-core/bot/battlefields.test.ts checks these bytes against the assembled
 * cartridge). Which one is on screen is read from the screen itself: the water is the 8244's grid
 * (one filled vertical segment a water cell, register E0h + column, bit = row), as a player tells the
 * battlefields apart by their lakes.
 *
 * Coordinates are the cartridge's sprite units: the field is X 8-167, Y 24-215; a cell is 16 x 24.
 */
export const T_LAND = 0;
export const T_WATER = 1;
export const T_TREE = 2;
export const T_MOUNT = 3;
export const T_MINE = 4;
export const T_OUT = 5;

export const COLS = 10;
export const ROWS = 8;
export const CELL_W = 16;
export const CELL_H = 24;
export const FIELD_X = 8;
export const FIELD_Y = 24;

/** maps.a48's four layouts, 40 bytes each (5 a row). */
export const LAYOUT_BYTES: readonly number[] = Object.freeze([
  // 0: river and lake
  0x00, 0x20, 0x00, 0x00, 0x20, 0x00, 0x00, 0x11, 0x00, 0x00, 0x01, 0x10, 0x11, 0x03, 0x00, 0x01, 0x11, 0x11, 0x11, 0x00,
  0x00, 0x11, 0x11, 0x11, 0x00, 0x00, 0x20, 0x11, 0x00, 0x40, 0x04, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x30, 0x00, 0x02,
  // 1: two lakes and a channel
  0x00, 0x00, 0x20, 0x00, 0x00, 0x01, 0x10, 0x00, 0x31, 0x10, 0x01, 0x11, 0x00, 0x01, 0x10, 0x00, 0x11, 0x20, 0x11, 0x00,
  0x00, 0x00, 0x04, 0x00, 0x00, 0x02, 0x00, 0x30, 0x00, 0x20, 0x00, 0x11, 0x11, 0x11, 0x00, 0x40, 0x00, 0x20, 0x00, 0x00,
  // 2: inland sea with an island
  0x03, 0x00, 0x00, 0x00, 0x30, 0x00, 0x01, 0x11, 0x10, 0x00, 0x20, 0x11, 0x11, 0x11, 0x02, 0x00, 0x11, 0x00, 0x11, 0x00,
  0x00, 0x11, 0x00, 0x11, 0x00, 0x20, 0x11, 0x11, 0x11, 0x02, 0x00, 0x01, 0x11, 0x10, 0x40, 0x04, 0x00, 0x00, 0x00, 0x00,
  // 3: forest round a ring lake
  0x00, 0x02, 0x00, 0x20, 0x00, 0x02, 0x00, 0x00, 0x00, 0x20, 0x00, 0x01, 0x11, 0x10, 0x00, 0x00, 0x21, 0x30, 0x12, 0x00,
  0x00, 0x01, 0x00, 0x10, 0x00, 0x02, 0x01, 0x11, 0x10, 0x40, 0x00, 0x00, 0x40, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00,
]);

export const LAYOUTS = 4;
/** The 8244's vertical grid registers (E0h-E9h): a set bit is a filled segment, here a water cell. */
const VGRID = 0xe0;

/** Cells as one byte each, layout-major: CELLS[layout * 80 + row * 10 + col]. */
const CELLS = new Uint8Array(LAYOUTS * COLS * ROWS);
for (let l = 0; l < LAYOUTS; l++) {
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      const b = LAYOUT_BYTES[l * 40 + row * 5 + (col >> 1)];
      CELLS[l * 80 + row * COLS + col] = col & 1 ? b & 15 : b >> 4;
    }
  }
}

export function cellType(layout: number, col: number, row: number): number {
  if (col < 0 || col >= COLS || row < 0 || row >= ROWS) return T_OUT;
  return CELLS[layout * 80 + row * COLS + col];
}

/** The terrain under a point (sprite units). */
export function pointTerrain(layout: number, px: number, py: number): number {
  if (px < FIELD_X || py < FIELD_Y) return T_OUT;
  return cellType(layout, (px - FIELD_X) >> 4, Math.floor((py - FIELD_Y) / CELL_H));
}

/** The cartridge's terrain_at: the terrain under the centre of an 8 x 16 object at x, y. */
export function terrainAt(layout: number, x: number, y: number): number {
  return pointTerrain(layout, x + 4, y + 8);
}

/** The battlefield whose water the grid registers show, or -1 when none matches (not in battle). */
export function identifyLayout(vdcRegs: Uint8Array): number {
  for (let l = 0; l < LAYOUTS; l++) {
    let same = true;
    for (let col = 0; col < COLS && same; col++) {
      let bits = 0;
      for (let row = 0; row < ROWS; row++) if (cellType(l, col, row) === T_WATER) bits |= 1 << row;
      same = vdcRegs[VGRID + col] === bits;
    }
    if (same) return l;
  }
  return -1;
}

/** Top-left of an 8 x 16 object centred in a cell. */
export const cellX = (col: number): number => FIELD_X + col * CELL_W + 4;
export const cellY = (row: number): number => FIELD_Y + row * CELL_H + 4;
/** The cell under an object's centre (may be outside 0..9 / 0..7). */
export const colOf = (x: number): number => (x + 4 - FIELD_X) >> 4;
export const rowOf = (y: number): number => Math.floor((y + 8 - FIELD_Y) / CELL_H);
