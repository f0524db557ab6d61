/**
 * Tank tactics: find a cell from which a shell reaches the enemy (a clear line: no mountain, no tree
 * further than close range), drive there by a route over land and trees that keeps clear of mines,
 * water and mountains, line up, turn and fire. Trees give cover on the way (the route may cross
 * them); an incoming projectile is side-stepped when the level dodges.
 */
import { COLS, ROWS, cellX, cellY, colOf, rowOf } from './battlefields.ts';
import { TANK_SHELL, shotHits, tankCanStand } from './ballistics.ts';
import type { BattleBot } from './bot.ts';
import { CENTRE, DX, DY, SUB } from './view.ts';
import { dodge, planRoute, firstShot, escape } from './moves.ts';

const ALIGN_REACH = 12;

export function tankTurn(b: BattleBot): void {
  const { me, enemy } = b;
  if (b.escapeFrames > 0) {
    escape(b, tankCanStand);
    return;
  }
  if (b.traits.dodge > 0 && enemy.projectileFlying && b.rng.next() < b.traits.dodge) {
    if (enemy.weapon === SUB ? flee(b, enemy.px, enemy.py) : dodge(b, tankCanStand)) return;
  }
  if (!me.projectileBusy && enemy.visible) {
    const d = firstShot(b, me.x, me.y, TANK_SHELL);
    if (d >= 0) {
      // The shell leaves in the tank's heading: turn first (one frame), then fire.
      if (d === me.heading) b.press = true;
      else b.dir = d;
      return;
    }
  }
  const tx = b.lastSeenX >= 0 ? b.lastSeenX : cellX(COLS >> 1);
  const ty = b.lastSeenY >= 0 ? b.lastSeenY : cellY(ROWS >> 1);
  if (b.clock >= b.planAt) {
    planRoute(b, tx, ty, tankCanStand, hasShot);
    b.planAt = b.clock + b.traits.rethink;
  }
  drive(b, tx, ty);
  if (b.stillFrames > 40 && b.dir !== CENTRE) {
    b.escapeFrames = 16 + b.rng.below(16);
    b.escapeDir = b.rng.below(8);
  }
}

/** One step along the planned route, or, in a goal cell, towards the nearest spot with a shot. */
function drive(b: BattleBot, tx: number, ty: number): void {
  const { me } = b;
  const col = colOf(me.x);
  const row = rowOf(me.y);
  const here = col >= 0 && col < COLS && row >= 0 && row < ROWS ? b.dist[row * COLS + col] : -1;
  if (here === 0) {
    const d = nearestShotSpot(b, tx, ty);
    if (d >= 0) {
      b.dir = d;
      return;
    }
    steer(b, cellX(col), cellY(row));
    return;
  }
  if (here < 0) {
    steer(b, cellX(Math.min(COLS - 1, Math.max(0, col))), cellY(Math.min(ROWS - 1, Math.max(0, row))));
    return;
  }
  for (let k = 0; k < 4; k++) {
    const nc = col + (k === 0 ? 1 : k === 1 ? -1 : 0);
    const nr = row + (k === 2 ? 1 : k === 3 ? -1 : 0);
    if (nc < 0 || nc >= COLS || nr < 0 || nr >= ROWS || b.dist[nr * COLS + nc] !== here - 1) continue;
    // Centre across the way of travel first, so both edges clear the neighbours' water and mines.
    if (nc !== col && Math.abs(me.y - cellY(row)) > 1) steer(b, me.x, cellY(row));
    else if (nr !== row && Math.abs(me.x - cellX(col)) > 1) steer(b, cellX(col), me.y);
    else steer(b, cellX(nc), cellY(nr));
    if (b.dir !== CENTRE) return;
  }
}

/** A shell fired from (x, y) in some direction reaches (tx, ty). */
function hasShot(b: BattleBot, x: number, y: number, tx: number, ty: number): boolean {
  for (let s = 0; s < 8; s++) if (shotHits(b.layout, TANK_SHELL, x, y, s, tx, ty, 0, 0, 0)) return true;
  return false;
}

/** The first step of the shortest straight move (up to ALIGN_REACH pixels) that gives a shot. */
function nearestShotSpot(b: BattleBot, tx: number, ty: number): number {
  const { me, layout } = b;
  for (let k = 1; k <= ALIGN_REACH; k++) {
    for (let d = 0; d < 8; d++) {
      const x = me.x + DX[d] * k;
      const y = me.y + DY[d] * k;
      if (!tankCanStand(layout, x, y) || !tankCanStand(layout, me.x + DX[d], me.y + DY[d])) continue;
      if (hasShot(b, x, y, tx, ty)) return d;
    }
  }
  return -1;
}

/** The direction towards (x, y) whose next step is open ground; CENTRE when there. */
function steer(b: BattleBot, x: number, y: number): void {
  const { me, layout } = b;
  const dx = Math.sign(x - me.x);
  const dy = Math.sign(y - me.y);
  if (dx === 0 && dy === 0) return;
  // Straight first (diagonals can clip a corner), then either axis alone.
  for (let k = 0; k < 3; k++) {
    const d = k === 0 ? dirOf(dx, dy) : k === 1 ? dirOf(dx, 0) : dirOf(0, dy);
    if (d !== CENTRE && tankCanStand(layout, me.x + DX[d], me.y + DY[d])) {
      b.dir = d;
      return;
    }
  }
}

function dirOf(dx: number, dy: number): number {
  for (let d = 0; d < 8; d++) if (DX[d] === dx && DY[d] === dy) return d;
  return CENTRE;
}

/** Away from a steered missile (its blast reaches 12 x 16): the open step that most widens the gap. */
function flee(b: BattleBot, mx: number, my: number): boolean {
  const { me, layout } = b;
  const gap = (x: number, y: number): number => Math.max(Math.abs(x - mx) / 12, Math.abs(y - my) / 16);
  if (gap(me.x, me.y) > 4) return false;
  let best = CENTRE;
  let bestGap = gap(me.x, me.y);
  for (let d = 0; d < 8; d++) {
    const x = me.x + DX[d];
    const y = me.y + DY[d];
    if (tankCanStand(layout, x, y) && gap(x, y) > bestGap) {
      bestGap = gap(x, y);
      best = d;
    }
  }
  if (best === CENTRE) return false;
  b.dir = best;
  return true;
}
