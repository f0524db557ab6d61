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
  0x00, 0x20, 0x00, 0x00, 0x20, 0x00, 0x00, 0x11, 0x00, 0x00, 0x01, 0x10, 0x11, 0x03, 0x00, 0x01, 0x11, 0x11, 0x11,
  0x00, 0x00, 0x11, 0x11, 0x11, 0x00, 0x00, 0x20, 0x11, 0x00, 0x40, 0x04, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x30,
  0x00, 0x02,
  // 1: two lakes and a channel
  0x00, 0x00, 0x20, 0x00, 0x00, 0x01, 0x10, 0x00, 0x31, 0x10, 0x01, 0x11, 0x00, 0x01, 0x10, 0x00, 0x11, 0x20, 0x11,
  0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x02, 0x00, 0x30, 0x00, 0x20, 0x00, 0x11, 0x11, 0x11, 0x00, 0x40, 0x00, 0x20,
  0x00, 0x00,
  // 2: inland sea with an island
  0x03, 0x00, 0x00, 0x00, 0x30, 0x00, 0x01, 0x11, 0x10, 0x00, 0x20, 0x11, 0x11, 0x11, 0x02, 0x00, 0x11, 0x00, 0x11,
  0x00, 0x00, 0x11, 0x00, 0x11, 0x00, 0x20, 0x11, 0x11, 0x11, 0x02, 0x00, 0x01, 0x11, 0x10, 0x40, 0x04, 0x00, 0x00,
  0x00, 0x00,
  // 3: forest round a ring lake
  0x00, 0x02, 0x00, 0x20, 0x00, 0x02, 0x00, 0x00, 0x00, 0x20, 0x00, 0x01, 0x11, 0x10, 0x00, 0x00, 0x21, 0x30, 0x12,
  0x00, 0x00, 0x01, 0x00, 0x10, 0x00, 0x02, 0x01, 0x11, 0x10, 0x40, 0x00, 0x00, 0x40, 0x00, 0x20, 0x00, 0x00, 0x00,
  0x00, 0x00,
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

/**
 * Where a tree or a mine is drawn (bank0.a48's drawn_point, drawn_box and meets): a character 4 px
 * into its cell and 8 lines down. A weapon's box (x+1..x+6, lines y+2..y+13) or a projectile's centre
 * point meets it when the centre's column (x - 4) mod 16 and line (y - 16) mod 24 in that cell fall in
 * [min, min + span]; a box also reaches 4 lines into the cell above its centre's.
 */
const MEETS: Readonly<Record<'box' | 'point', Readonly<Record<number, readonly [number, number, number, number]>>>> = {
  box: { [T_MINE]: [3, 9, 5, 20], [T_TREE]: [3, 10, 3, 24] },
  point: { [T_MINE]: [5, 4, 10, 9], [T_TREE]: [5, 5, 8, 13] },
};

function glyphMeets(t: number, x: number, line: number, as: 'box' | 'point'): boolean {
  const m = MEETS[as][t];
  if (!m) return false;
  const col = (x - 4) & 15;
  return col >= m[0] && col <= m[0] + m[1] && line >= m[2] && line <= m[2] + m[3];
}

const lineInCell = (y: number): number => ((y - 16) & 255) % CELL_H;

/** A projectile's centre: the terrain under it, a tree's or mine's cell being land where nothing is drawn. */
export function drawnPoint(layout: number, x: number, y: number): number {
  const t = terrainAt(layout, x, y);
  if (t !== T_TREE && t !== T_MINE) return t;
  return glyphMeets(t, x, lineInCell(y), 'point') ? t : T_LAND;
}

/** A weapon's box: T_TREE or T_MINE when it meets one as drawn, else T_LAND (other terrain is terrainAt's). */
export function drawnBox(layout: number, x: number, y: number): number {
  const line = lineInCell(y);
  const t = terrainAt(layout, x, y);
  if (glyphMeets(t, x, line, 'box')) return t;
  if (line >= 4) return T_LAND;
  const above = terrainAt(layout, x, (y - CELL_H) & 255);
  return glyphMeets(above, x, line + CELL_H, 'box') ? above : T_LAND;
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
