/**
 * Submarine tactics: stay submerged (the stick held, always moving, so nothing can hit it) on a route
 * through the water towards the enemy; when the enemy is in sight and in reach, fire the cruise
 * missile (the boat surfaces while it flies), steer it round trees and mountains to the enemy with
 * the button held, and let go of the button when the blast will catch it. The sonar's forced
 * surfacing (the boat cannot move) is the moment to fire.
 */
import {
  T_MOUNT,
  T_OUT,
  T_TREE,
  cellType,
  cellX,
  cellY,
  colOf,
  rowOf,
  COLS,
  ROWS,
  drawnPoint,
} from './battlefields.ts';
import { subCanStand } from './ballistics.ts';
import type { Pilot } from './pilot.ts';
import { CENTRE, DX, DY, SUB, directionTo, turnSteps } from './mailbox-sides.ts';
import { escape, planRoute } from './moves.ts';

/** The missile's blast reach (sub_logic .blast: 12, 16), a little inside it. */
const BLAST_X = 10;
const BLAST_Y = 14;
/** Missile: 2 pixels a frame for at most 90 frames. */
const MISSILE_REACH = 150;
const MISSILE_LAST_FRAME = 88;
/** Cells (4-way, so a diagonal counts twice) a missile's way may take: 90 frames at 2 px cross 11 columns or 7 rows. */
const MISSILE_CELLS = 9;
const MISSILE_RETHINK = 6;
const PATROL_RANGE = 64;

export function subTurn(b: Pilot): void {
  const { me, enemy } = b;
  if (me.projectileFlying) {
    steerMissile(b);
    return;
  }
  if (!me.projectileBusy && enemy.visible && inReach(b) && b.takesShot()) {
    b.press = true;
    b.course = CENTRE;
    return;
  }
  if (me.timer > 0) return; // the sonar holds the boat up: the stick does nothing now
  if (b.escapeFrames > 0) {
    escape(b, subCanStand);
    keepOff(b);
    return;
  }
  const tx = b.lastSeenX >= 0 ? b.lastSeenX : cellX(COLS >> 1);
  const ty = b.lastSeenY >= 0 ? b.lastSeenY : cellY(ROWS >> 1);
  if (b.clock >= b.planAt) {
    planRoute(b, tx, ty, subCanStand, near);
    b.planAt = b.clock + b.traits.rethink;
  }
  patrol(b);
  keepOff(b);
  if (b.stillFrames > 30) {
    b.escapeFrames = 12 + b.rng.below(12);
    b.escapeDir = b.rng.below(8);
  }
}

function near(_b: Pilot, x: number, y: number, tx: number, ty: number): boolean {
  return Math.abs(x - tx) + Math.abs(y - ty) < PATROL_RANGE;
}

/** The enemy is near enough, and a missile has a way to it round trees and mountains that it can fly. */
function inReach(b: Pilot): boolean {
  const { me, enemy } = b;
  if (Math.abs(enemy.x - me.x) + Math.abs(enemy.y - me.y) >= MISSILE_REACH) return false;
  missileField(b, enemy.x, enemy.y);
  const steps = b.missileDist[cellIndex(me.x, me.y)];
  return steps >= 0 && steps <= MISSILE_CELLS;
}

const cellIndex = (x: number, y: number): number =>
  Math.min(ROWS - 1, Math.max(0, rowOf(y))) * COLS + Math.min(COLS - 1, Math.max(0, colOf(x)));

/** Breadth-first from the target's cell over cells with no tree or mountain into b.missileDist. */
function missileField(b: Pilot, tx: number, ty: number): void {
  const { missileDist: dist, queue, layout } = b;
  dist.fill(-1);
  const start = cellIndex(tx, ty);
  dist[start] = 0;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const c = queue[head++];
    const col = c % COLS;
    const row = (c - col) / COLS;
    for (let k = 0; k < 4; k++) {
      const nc = col + (k === 0 ? 1 : k === 1 ? -1 : 0);
      const nr = row + (k === 2 ? 1 : k === 3 ? -1 : 0);
      const t = cellType(layout, nc, nr);
      if (t === T_OUT || t === T_TREE || t === T_MOUNT || dist[nr * COLS + nc] >= 0) continue;
      dist[nr * COLS + nc] = dist[c] + 1;
      queue[tail++] = nr * COLS + nc;
    }
  }
}

/** Where the missile at (x, y) heads for the target: straight in its cell, else to the next cell on the way. */
function missileWant(b: Pilot, x: number, y: number, tx: number, ty: number): number {
  missileField(b, tx, ty);
  const col = colOf(x);
  const row = rowOf(y);
  const here = col >= 0 && col < COLS && row >= 0 && row < ROWS ? b.missileDist[row * COLS + col] : -1;
  if (here <= 0) return directionTo(tx - x, ty - y);
  for (let k = 0; k < 4; k++) {
    const nc = col + (k === 0 ? 1 : k === 1 ? -1 : 0);
    const nr = row + (k === 2 ? 1 : k === 3 ? -1 : 0);
    if (nc < 0 || nc >= COLS || nr < 0 || nr >= ROWS || b.missileDist[nr * COLS + nc] !== here - 1) continue;
    return directionTo(cellX(nc) - x, cellY(nr) - y);
  }
  return directionTo(tx - x, ty - y);
}

/** Keeps moving (submerged) along the route; in a goal cell, circles inside it. */
function patrol(b: Pilot): void {
  const { me, layout } = b;
  const col = colOf(me.x);
  const row = rowOf(me.y);
  const inside = col >= 0 && col < COLS && row >= 0 && row < ROWS;
  const here = inside ? b.dist[row * COLS + col] : -1;
  let want = CENTRE;
  if (here > 0) {
    for (let k = 0; k < 4 && want === CENTRE; k++) {
      const nc = col + (k === 0 ? 1 : k === 1 ? -1 : 0);
      const nr = row + (k === 2 ? 1 : k === 3 ? -1 : 0);
      if (nc < 0 || nc >= COLS || nr < 0 || nr >= ROWS || b.dist[nr * COLS + nc] !== here - 1) continue;
      if (nc !== col && Math.abs(me.y - cellY(row)) > 1) want = directionTo(0, cellY(row) - me.y);
      else if (nr !== row && Math.abs(me.x - cellX(col)) > 1) want = directionTo(cellX(col) - me.x, 0);
      else want = directionTo(cellX(nc) - me.x, cellY(nr) - me.y);
    }
  }
  if (want === CENTRE) {
    // Circle: keep going the way it goes, turning when the water ends.
    want = b.escapeDir === CENTRE ? b.rng.below(8) : b.escapeDir;
  }
  for (let k = 0; k < 8; k++) {
    const d = (want + (k & 1 ? (k + 1) >> 1 : -(k >> 1))) & 7;
    if (subCanStand(layout, me.x + DX[d], me.y + DY[d]) && !touchesSub(b, me.x + DX[d], me.y + DY[d])) {
      b.dir = d;
      b.escapeDir = d;
      return;
    }
  }
}

/** Two submarines within crash_check's reach (8, 12) both explode: keep a margin off the one last seen. */
function touchesSub(b: Pilot, x: number, y: number): boolean {
  return b.enemy.weapon === SUB && b.lastSeenX >= 0 && Math.abs(x - b.lastSeenX) < 12 && Math.abs(y - b.lastSeenY) < 18;
}

/** Turns the wanted step aside (the nearest open direction) when it would touch the enemy submarine. */
function keepOff(b: Pilot): void {
  const { me, layout } = b;
  if (b.dir === CENTRE || !touchesSub(b, me.x + DX[b.dir], me.y + DY[b.dir])) return;
  for (let k = 1; k < 8; k++) {
    const d = (b.dir + (k & 1 ? (k + 1) >> 1 : -(k >> 1))) & 7;
    const x = me.x + DX[d];
    const y = me.y + DY[d];
    if (subCanStand(layout, x, y) && !touchesSub(b, x, y)) {
      b.dir = d;
      return;
    }
  }
}

/** Holds the button and steers the missile to the enemy; lets go when the blast will reach it. */
function steerMissile(b: Pilot): void {
  const { me, enemy, layout } = b;
  // A careless hand steers the missile this shot's slack (halved) off the target.
  const tx = b.lastSeenX >= 0 ? b.targetX(8) + (b.slack >> 1) : me.px;
  const ty = b.lastSeenY >= 0 ? b.targetY(8) + (b.slack >> 1) : me.py - 40;
  // A careless hand lets go up to b.slack pixels early (and the blast misses).
  const close = Math.abs(me.px - tx) < BLAST_X + b.slack && Math.abs(me.py - ty) < BLAST_Y + b.slack;
  if ((close && enemy.visible) || me.page >= MISSILE_LAST_FRAME) return; // button up: it blows
  b.hold = true;
  if (b.course === CENTRE || b.clock >= b.planAt) {
    b.course = missileCourse(layout, me.px, me.py, missileWant(b, me.px, me.py, tx, ty));
    // Corrections further apart than MISSILE_RETHINK (12 px of flight) overshoot the target's cell
    // every time: even a slow player watches the missile it steers.
    b.planAt = b.clock + Math.min(b.traits.rethink, MISSILE_RETHINK);
  }
  b.dir = b.course;
}

/** The direction nearest `want` whose next few steps stay clear of trees, mountains and the edge. */
function missileCourse(layout: number, x: number, y: number, want: number): number {
  if (want === CENTRE) return CENTRE;
  let best = want;
  let bestCost = Infinity;
  for (let d = 0; d < 8; d++) {
    let clear = 0;
    let px = x;
    let py = y;
    for (let t = 0; t < 6; t++) {
      px += DX[d] * 2;
      py += DY[d] * 2;
      const here = drawnPoint(layout, px, py);
      if (here === T_OUT || here === T_TREE || here === T_MOUNT) break;
      clear++;
    }
    const cost = turnSteps(d, want) * 2 + (6 - clear) * 3;
    if (cost < bestCost) {
      bestCost = cost;
      best = d;
    }
  }
  return best;
}
