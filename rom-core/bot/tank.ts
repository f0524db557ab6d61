/**
 * Tank tactics: find a cell from which a shell reaches the enemy (a clear line: no mountain, no tree
 * further than close range), drive there by a route over land and trees that keeps clear of mines,
 * water and mountains, line up, turn and fire. Trees give cover on the way (the route may cross
 * them); an incoming projectile is side-stepped when the level dodges.
 */
import { COLS, ROWS, T_TREE, cellX, cellY, colOf, rowOf, terrainAt } from './battlefields.ts';
import { TANK_SHELL, shotHits, tankCanStand, tankGroundOpen } from './ballistics.ts';
import type { Pilot } from './pilot.ts';
import { CENTRE, DX, DY, SUB } from './mailbox-sides.ts';
import { dodge, planRoute, escape } from './moves.ts';

const ALIGN_REACH = 12;

export function tankTurn(b: Pilot): void {
  const { me, enemy } = b;
  if (b.escapeFrames > 0) {
    escape(b, tankCanStand);
    return;
  }
  // A steered missile is run from whenever seen (a level that dodges at all); a shell is side-stepped
  // as often as the level dodges.
  if (b.traits.dodge > 0 && enemy.projectileFlying) {
    if (enemy.weapon === SUB ? flee(b, enemy.px, enemy.py) : b.rng.next() < b.traits.dodge && dodge(b, tankCanStand))
      return;
  }
  if (!me.projectileBusy && enemy.visible && aim(b)) return;
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
function drive(b: Pilot, tx: number, ty: number): void {
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
function hasShot(b: Pilot, x: number, y: number, tx: number, ty: number): boolean {
  for (let s = 0; s < 8; s++) if (shotHits(b.layout, TANK_SHELL, x, y, s, tx, ty, 0, 0, 0)) return true;
  return false;
}

/**
 * The shell leaves in the heading the tank had before this frame's stick (tank_logic fires, then
 * turns and steps), so a turn costs a step: fire now when the heading's shot meets the enemy, else
 * turn to a direction whose shot meets it from where the turn leaves the tank.
 */
function aim(b: Pilot): boolean {
  const { me, enemy, traits } = b;
  const vx = traits.lead ? b.seenDx : 0;
  const vy = traits.lead ? b.seenDy : 0;
  if (shotFrom(b, me.x, me.y, me.heading, enemy.x, enemy.y, vx, vy, b.slack)) {
    b.press = b.takesShot(); // lined up: waits here for the trigger finger
    return true;
  }
  for (let k = 1; k < 8; k++) {
    const d = (me.heading + k) & 7;
    if (turnShot(b, me.x, me.y, d, enemy.x, enemy.y, vx, vy, b.slack)) {
      b.dir = d;
      return true;
    }
  }
  return false;
}

function shotFrom(
  b: Pilot,
  x: number,
  y: number,
  d: number,
  tx: number,
  ty: number,
  vx: number,
  vy: number,
  slack: number,
): boolean {
  return shotHits(b.layout, TANK_SHELL, x, y, d, tx, ty, vx, vy, slack) > 0;
}

/**
 * Turning to d at (x, y) and firing next frame meets the target. The turn steps the tank onto open
 * ground (never onto a mine) and leaves it in place against water, a mountain or the edge; in a
 * tree's cell the step may or may not come (half speed), so both places must give the shot.
 */
function turnShot(
  b: Pilot,
  x: number,
  y: number,
  d: number,
  tx: number,
  ty: number,
  vx: number,
  vy: number,
  slack: number,
): boolean {
  const { layout } = b;
  const nx = x + DX[d];
  const ny = y + DY[d];
  if (!tankGroundOpen(layout, nx, ny)) return shotFrom(b, x, y, d, tx, ty, vx, vy, slack);
  if (!tankCanStand(layout, nx, ny) || !shotFrom(b, nx, ny, d, tx, ty, vx, vy, slack)) return false;
  return terrainAt(layout, x, y) !== T_TREE || shotFrom(b, x, y, d, tx, ty, vx, vy, slack);
}

/**
 * The first step of the shortest straight move (up to ALIGN_REACH pixels) to a spot from which the
 * tank, arriving with that heading, fires or turns and fires at (tx, ty); when the shot is from
 * right here but in another heading, a step back (the return step turns the tank the right way).
 */
function nearestShotSpot(b: Pilot, tx: number, ty: number): number {
  const { me, layout } = b;
  for (let k = 1; k <= ALIGN_REACH; k++) {
    for (let d = 0; d < 8; d++) {
      const x = me.x + DX[d] * k;
      const y = me.y + DY[d] * k;
      if (!tankCanStand(layout, x, y) || !tankCanStand(layout, me.x + DX[d], me.y + DY[d])) continue;
      if (shotFrom(b, x, y, d, tx, ty, 0, 0, 0)) return d;
      for (let s = 0; s < 8; s++) if (s !== d && turnShot(b, x, y, s, tx, ty, 0, 0, 0)) return d;
    }
  }
  for (let s = 0; s < 8; s++) {
    const back = (s + 4) & 7;
    if (shotFrom(b, me.x, me.y, s, tx, ty, 0, 0, 0) && tankCanStand(layout, me.x + DX[back], me.y + DY[back]))
      return back;
  }
  return -1;
}

/** The direction towards (x, y) whose next step is open ground; CENTRE when there. */
function steer(b: Pilot, x: number, y: number): void {
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
function flee(b: Pilot, mx: number, my: number): boolean {
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
