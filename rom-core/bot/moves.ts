/**
 * What the tactics share: a route over the battlefield's cells (a breadth-first distance field to
 * the cells a tactic wants to reach), a step out of an incoming
 * projectile's way, and an escape when the weapon has not moved for a while.
 */
import { COLS, ROWS, cellX, cellY, colOf, rowOf } from './battlefields.ts';
import { HIT_X, HIT_Y, shotOf } from './ballistics.ts';
import type { Pilot } from './pilot.ts';
import { CENTRE, DX, DY } from './mailbox-sides.ts';

export type CanStand = (layout: number, x: number, y: number) => boolean;
/** A cell worth reaching when the weapon stands at its centre (x, y) and the target is at (tx, ty). */
export type GoalTest = (b: Pilot, x: number, y: number, tx: number, ty: number) => boolean;

const NEIGHBOURS_C = [1, -1, 0, 0];
const NEIGHBOURS_R = [0, 0, 1, -1];

/** Breadth-first from `from` cells (dist 0) over open cells into b.dist (-1: not reached). */
function spread(b: Pilot, canStand: CanStand, queued: number): void {
  const { dist, queue } = b;
  let head = 0;
  let tail = queued;
  while (head < tail) {
    const c = queue[head++];
    const col = c % COLS;
    const row = (c - col) / COLS;
    for (let k = 0; k < 4; k++) {
      const nc = col + NEIGHBOURS_C[k];
      const nr = row + NEIGHBOURS_R[k];
      if (nc < 0 || nc >= COLS || nr < 0 || nr >= ROWS) continue;
      const n = nr * COLS + nc;
      if (dist[n] >= 0 || !canStand(b.layout, cellX(nc), cellY(nr))) continue;
      dist[n] = dist[c] + 1;
      queue[tail++] = n;
    }
  }
}

/**
 * Fills b.dist with each cell's distance to the nearest goal cell the weapon can reach from where it
 * stands; without such a cell, the reachable cell nearest the target becomes the goal.
 */
export function planRoute(b: Pilot, tx: number, ty: number, canStand: CanStand, goal: GoalTest): void {
  const { dist, queue, me } = b;
  const col = Math.min(COLS - 1, Math.max(0, colOf(me.x)));
  const row = Math.min(ROWS - 1, Math.max(0, rowOf(me.y)));
  // Which cells can be reached at all (from here).
  dist.fill(-1);
  dist[row * COLS + col] = 0;
  queue[0] = row * COLS + col;
  spread(b, canStand, 1);
  let goals = 0;
  let nearest = row * COLS + col;
  let nearestD = Infinity;
  for (let c = 0; c < COLS * ROWS; c++) {
    if (dist[c] < 0) continue;
    const x = cellX(c % COLS);
    const y = cellY(Math.floor(c / COLS));
    const d = (x - tx) * (x - tx) + (y - ty) * (y - ty);
    if (d < nearestD) {
      nearestD = d;
      nearest = c;
    }
    if (goal(b, x, y, tx, ty)) queue[goals++] = c;
  }
  if (goals === 0) queue[goals++] = nearest;
  dist.fill(-1);
  for (let i = 0; i < goals; i++) dist[queue[i]] = 0;
  spread(b, canStand, goals);
}

/** Frames until the enemy's flying projectile meets a weapon at (x, y), or 0 if it passes. */
function incoming(b: Pilot, x: number, y: number): number {
  const { enemy } = b;
  const kind = shotOf(enemy.weapon);
  let px = enemy.px;
  let py = enemy.py;
  const sx = DX[enemy.pdir] * kind.speed;
  const sy = DY[enemy.pdir] * kind.speed;
  for (let t = 1; t <= 24; t++) {
    px += sx;
    py += sy;
    if (Math.abs(px - x) < HIT_X + 2 && Math.abs(py - y) < HIT_Y + 2) return t;
  }
  return 0;
}

/** Steps out of the line of an incoming projectile; false when none is coming (or no way is open). */
export function dodge(b: Pilot, canStand: CanStand): boolean {
  const { me, layout } = b;
  const t = incoming(b, me.x, me.y);
  if (t === 0) return false;
  let best = CENTRE;
  let bestT = 0;
  for (let d = 0; d < 8; d++) {
    if (!canStand(layout, me.x + DX[d], me.y + DY[d])) continue;
    // Where this direction takes the weapon by the time the projectile arrives.
    const steps = Math.min(t, 12);
    const after = incoming(b, me.x + DX[d] * steps, me.y + DY[d] * steps);
    if (after === 0) {
      b.dir = d;
      return true;
    }
    if (after > bestT) {
      bestT = after;
      best = d;
    }
  }
  if (best === CENTRE) return false;
  b.dir = best;
  return true;
}

/** Drives in the escape direction (turning when it is closed) while escapeFrames run. */
export function escape(b: Pilot, canStand: CanStand): void {
  const { me, layout } = b;
  b.escapeFrames--;
  for (let k = 0; k < 8; k++) {
    const d = (b.escapeDir + k) & 7;
    if (canStand(layout, me.x + DX[d], me.y + DY[d])) {
      b.escapeDir = d;
      b.dir = d;
      return;
    }
  }
}
