/**
 * How the cartridge moves weapons and projectiles, replayed ahead of time (bank0.a48: tank_logic,
 * sub_logic, plane_logic). Shots and steps here follow the same tables and checks, so a bot's "this
 * shot hits" and "this step is open" mean what the machine will do.
 */
import {
  T_LAND,
  T_MINE,
  T_MOUNT,
  T_OUT,
  T_TREE,
  T_WATER,
  drawnBox,
  drawnPoint,
  pointTerrain,
  terrainAt,
} from './battlefields.ts';
import { DX, DY, JET, SUB, TANK } from './mailbox-sides.ts';

/** A projectile touches a weapon within these distances (the cartridge's enemy_near reach 6, 10). */
export const HIT_X = 6;
export const HIT_Y = 10;

export interface ShotKind {
  speed: number;
  range: number;
  /** Frames a tank shell passes through trees after firing (close-range shots); -1: trees stop it at once; Infinity: flies over. */
  treeGrace: number;
  /** Mountains stop it. */
  mountains: boolean;
}

/** tank_logic counts the shell's frames from 1 (the firing frame moves it) and it is gone on the 40th: 39 steps. */
export const TANK_SHELL: ShotKind = { speed: 2, range: 39, treeGrace: 18, mountains: true };
export const JET_SHOT: ShotKind = { speed: 3, range: 30, treeGrace: Infinity, mountains: false };
export const MISSILE: ShotKind = { speed: 2, range: 90, treeGrace: -1, mountains: true };

export function shotOf(weapon: number): ShotKind {
  return weapon === JET ? JET_SHOT : weapon === SUB ? MISSILE : TANK_SHELL;
}

/**
 * Whether a shot fired now from (x, y) in `dir` meets a target at (tx, ty) moving `tdx`, `tdy` a frame,
 * within the hit reach widened by `slack` (a careless aim). Returns the frame of the hit, or 0.
 */
export function shotHits(
  layout: number,
  kind: ShotKind,
  x: number,
  y: number,
  dir: number,
  tx: number,
  ty: number,
  tdx: number,
  tdy: number,
  slack: number,
): number {
  const sx = DX[dir] * kind.speed;
  const sy = DY[dir] * kind.speed;
  for (let t = 1; t <= kind.range; t++) {
    x = (x + sx) & 255;
    y = (y + sy) & 255;
    const here = drawnPoint(layout, x, y);
    if (here === T_OUT) return 0;
    if (here === T_MOUNT && kind.mountains) return 0;
    if (here === T_TREE && t > kind.treeGrace) return 0;
    const ex = tx + tdx * t;
    const ey = ty + tdy * t;
    if (Math.abs(x - ex) < HIT_X + slack && Math.abs(y - ey) < HIT_Y + slack) return t;
  }
  return 0;
}

/** What a tank meets under an edge: 0 passable (land, trees, a mine's cell), 1 blocked. */
function tankGround(t: number): number {
  return t === T_LAND || t === T_TREE || t === T_MINE ? 0 : 1;
}

/** Both edges of a tank at (x, y) on land, trees or a mine's cell: tank_logic lets it step there (a mine kills it). */
export function tankGroundOpen(layout: number, x: number, y: number): boolean {
  return (tankGround(pointTerrain(layout, x + 1, y + 8)) | tankGround(pointTerrain(layout, x + 7, y + 8))) === 0;
}

/**
 * A tank at (x, y) stands here safely: both edges (x + 1, x + 7 at mid height) on land, trees or a
 * mine's cell, and its box clear of the mine as drawn.
 */
export function tankCanStand(layout: number, x: number, y: number): boolean {
  return tankGroundOpen(layout, x, y) && drawnBox(layout, x, y) !== T_MINE;
}

/** A submarine at (x, y) is wholly in water. */
export function subCanStand(layout: number, x: number, y: number): boolean {
  return pointTerrain(layout, x + 1, y + 8) === T_WATER && pointTerrain(layout, x + 7, y + 8) === T_WATER;
}

export function canStand(layout: number, weapon: number, x: number, y: number): boolean {
  return weapon === SUB ? subCanStand(layout, x, y) : weapon === TANK ? tankCanStand(layout, x, y) : true;
}

/** The plane's world wraps round 192 x 240 (plane_logic's .fly). */
export function wrapX(x: number): number {
  x &= 255;
  if (x >= 240) return x - 64;
  if (x >= 192) return x - 192;
  return x;
}

export function wrapY(y: number): number {
  y &= 255;
  if (y >= 252) return y - 16;
  if (y >= 240) return y - 240;
  return y;
}

/** A plane at (x, y) is on screen (x 8..160, y 24..200); off screen it is hidden and nothing stops it. */
export function jetOnScreen(x: number, y: number): boolean {
  return x >= 8 && x <= 160 && y >= 24 && y <= 200;
}

/** A plane at (x, y) comes down: on screen, over a mountain's cell or touching a tree as drawn. */
export function jetCrashes(layout: number, x: number, y: number): boolean {
  if (!jetOnScreen(x, y)) return false;
  return terrainAt(layout, x, y) === T_MOUNT || drawnBox(layout, x, y) === T_TREE;
}
