/**
 * Submarine tactics: stay submerged (the stick held, always moving, so nothing can hit it) on a route
 * through the water towards the enemy; when the enemy is in sight and in reach, fire the cruise
 * missile (the boat surfaces while it flies), steer it round trees and mountains to the enemy with
 * the button held, and let go of the button when the blast will catch it. The sonar's forced
 * surfacing (the boat cannot move) is the moment to fire.
 */
import { T_MOUNT, T_OUT, T_TREE, cellX, cellY, colOf, rowOf, COLS, ROWS, drawnPoint } from './battlefields.ts';
import { subCanStand } from './ballistics.ts';
import type { BattleBot } from './bot.ts';
import { CENTRE, DX, DY, directionTo, turnSteps } from './view.ts';
import { escape, planRoute } from './moves.ts';

/** The missile's blast reach (sub_logic .blast: 12, 16), a little inside it. */
const BLAST_X = 10;
const BLAST_Y = 14;
/** Missile: 2 pixels a frame for at most 90 frames. */
const MISSILE_REACH = 150;
const MISSILE_LAST_FRAME = 88;
const PATROL_RANGE = 64;

export function subTurn(b: BattleBot): void {
  const { me, enemy } = b;
  if (me.projectileFlying) {
    steerMissile(b);
    return;
  }
  if (!me.projectileBusy && enemy.visible && inReach(b)) {
    b.press = true;
    b.course = CENTRE;
    return;
  }
  if (me.timer > 0) return; // the sonar holds the boat up: the stick does nothing now
  if (b.escapeFrames > 0) {
    escape(b, subCanStand);
    return;
  }
  const tx = b.lastSeenX >= 0 ? b.lastSeenX : cellX(COLS >> 1);
  const ty = b.lastSeenY >= 0 ? b.lastSeenY : cellY(ROWS >> 1);
  if (b.clock >= b.planAt) {
    planRoute(b, tx, ty, subCanStand, near);
    b.planAt = b.clock + b.traits.rethink;
  }
  patrol(b);
  if (b.stillFrames > 30) {
    b.escapeFrames = 12 + b.rng.below(12);
    b.escapeDir = b.rng.below(8);
  }
}

function near(_b: BattleBot, x: number, y: number, tx: number, ty: number): boolean {
  return Math.abs(x - tx) + Math.abs(y - ty) < PATROL_RANGE;
}

function inReach(b: BattleBot): boolean {
  const { me, enemy } = b;
  return Math.abs(enemy.x - me.x) + Math.abs(enemy.y - me.y) < MISSILE_REACH;
}

/** Keeps moving (submerged) along the route; in a goal cell, circles inside it. */
function patrol(b: BattleBot): void {
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
    if (subCanStand(layout, me.x + DX[d], me.y + DY[d])) {
      b.dir = d;
      b.escapeDir = d;
      return;
    }
  }
}

/** Holds the button and steers the missile to the enemy; lets go when the blast will reach it. */
function steerMissile(b: BattleBot): void {
  const { me, enemy, layout } = b;
  const tx = b.lastSeenX >= 0 ? b.targetX(8) : me.px;
  const ty = b.lastSeenY >= 0 ? b.targetY(8) : me.py - 40;
  const close = Math.abs(me.px - tx) < BLAST_X && Math.abs(me.py - ty) < BLAST_Y;
  if ((close && enemy.visible) || me.page >= MISSILE_LAST_FRAME) return; // button up: it blows
  b.hold = true;
  if (b.course === CENTRE || b.clock >= b.planAt) {
    b.course = missileCourse(layout, me.px, me.py, directionTo(tx - me.px, ty - me.py));
    b.planAt = b.clock + b.traits.rethink;
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
