/**
 * Jet tactics: always flying, so the plan is a heading. The stick only ever asks for one 45-degree
 * step at a time (two or more hand the plane to the slow autopilot); each candidate heading is tried
 * a few frames ahead so the plane never flies into trees or mountains it cannot turn away from. Off
 * screen (hidden, wrapping round) the stick sets the heading directly and the plane comes back in
 * towards the enemy. It fires when a shot on its heading meets the enemy, and keeps clear of an
 * enemy jet (touching jets both explode).
 */
import { COLS, ROWS, cellX, cellY } from './battlefields.ts';
import { HIT_X, HIT_Y, JET_SHOT, TANK_SHELL, jetCrashes, shotHits, shotOf, wrapX, wrapY } from './ballistics.ts';
import type { Pilot } from './pilot.ts';
import { CENTRE, DX, DY, JET, SUB, TANK, directionTo, turnSteps } from './mailbox-sides.ts';

const SPEED = 2;
/** Frames tried ahead: enough for a U-turn (four 45-degree steps) with room to spare. */
const LOOKAHEAD = 6;
const KEEP_AWAY = 28;
const STANDOFF = 44;
/** A plane is lined up for a few frames a pass, a tank for as long as it waits: the trigger is quicker. */
const PASS_BOOST = 3;
/** Where a plane turns in to attack: this far out on a line through the target (the shot flies 87). */
const ATTACK = 64;
const ATTACK_DIAGONAL = 44;
/** Pixels across a line that count as on it, and within which the plane closes on it. */
const ON_LINE = 3;
const CONVERGE = 20;

export function jetTurn(b: Pilot): void {
  const { me, enemy, layout, traits } = b;
  if (!me.offScreen && !me.projectileBusy && enemy.visible) {
    const vx = traits.lead ? b.seenDx : 0;
    const vy = traits.lead ? b.seenDy : 0;
    if (shotHits(layout, JET_SHOT, me.x, me.y, me.heading, enemy.x, enemy.y, vx, vy, b.slack))
      b.press = b.takesShot(PASS_BOOST);
  }
  if (b.clock >= b.planAt || b.course === CENTRE) {
    b.course = wantedHeading(b);
    b.planAt = b.clock + (b.impatient ? 1 : traits.rethink);
  }
  const want = b.course;
  if (me.offScreen) {
    // Any heading at once; only one that does not come back in over a tree. The heading it has is
    // kept while it is near enough the wanted one (no dithering along the edge).
    if (turnSteps(me.heading, want) <= 2 && clearAhead(layout, me.x, me.y, me.heading)) {
      b.dir = me.heading;
      return;
    }
    for (let k = 0; k < 8; k++) {
      const d = (want + (k & 1 ? (k + 1) >> 1 : -(k >> 1))) & 7;
      if (clearAhead(layout, me.x, me.y, d)) {
        b.dir = d;
        return;
      }
    }
    b.dir = want;
    return;
  }
  let best = me.heading;
  let bestScore = Infinity;
  for (let k = 0; k < 3; k++) {
    const c = (me.heading + (k === 0 ? 0 : k === 1 ? 1 : 7)) & 7;
    const nx = wrapX(me.x + DX[c] * SPEED);
    const ny = wrapY(me.y + DY[c] * SPEED);
    if (jetCrashes(layout, nx, ny) || !safe(layout, nx, ny, c, LOOKAHEAD)) continue;
    const score =
      turnSteps(c, want) +
      (k === 0 ? 0 : 0.1) +
      (b.traits.dodge > 0 && danger(b, c) ? 6 : 0) +
      (traits.room > 0 && !roomAhead(layout, nx, ny, c, traits.room) ? 3 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  b.dir = best;
}

/** Where the plane wants to head: at the enemy (led), away from an enemy jet close by, else the middle. */
function wantedHeading(b: Pilot): number {
  const { me, enemy } = b;
  let tx = cellX(COLS >> 1);
  let ty = cellY(ROWS >> 1);
  if (b.lastSeenX >= 0) {
    tx = b.targetX(12);
    ty = b.targetY(12);
  }
  // A cruise missile steered after the plane: fly away from it until it runs out.
  if (enemy.weapon === SUB && enemy.projectileFlying) {
    const mx = me.x - enemy.px;
    const my = me.y - enemy.py;
    if (Math.abs(mx) + Math.abs(my) < 70) return directionTo(mx, my);
  }
  const dx = tx - me.x;
  const dy = ty - me.y;
  // Too close to a jet (collision) or over a submarine (its missile's blast): break away, come round again.
  // A submerged boat can come up and fire at any moment: keep off where it was last seen as well.
  if (enemy.weapon === SUB && b.lastSeenX >= 0 && Math.abs(dx) + Math.abs(dy) < STANDOFF) return directionTo(-dx, -dy);
  if (enemy.weapon === JET && enemy.visible && Math.abs(dx) + Math.abs(dy) < KEEP_AWAY) return directionTo(-dx, -dy);
  // A tank or a submarine moves slowly: come in along one of the eight lines a shot can fly. Flying
  // straight at it from elsewhere passes a few pixels beside it, for ever against a still target.
  if (enemy.weapon !== JET && b.lastSeenX >= 0) return attackHeading(b, tx, ty);
  const d = directionTo(dx, dy);
  return d === CENTRE ? me.heading : d;
}

/**
 * Into the target along the line through it the plane is nearest (a few pixels across: straight in;
 * further, towards a point halfway in, which closes on the line), else towards the nearest point
 * ATTACK pixels out on a line. A level that dodges keeps off the line a ready tank faces (its shell
 * would meet the plane coming in).
 */
function attackHeading(b: Pilot, tx: number, ty: number): number {
  const { me, enemy } = b;
  const ox = me.x - tx;
  const oy = me.y - ty;
  const covered = b.traits.dodge > 0 && enemy.weapon === TANK && !enemy.projectileBusy ? enemy.heading : CENTRE;
  let line = -1;
  let lineAcross = CONVERGE + 1;
  let best = CENTRE;
  let bestD = Infinity;
  for (let s = 0; s < 8; s++) {
    if (s === covered) continue;
    const unit = s & 1 ? 2 : 1; // a diagonal step's squared length
    const across = Math.abs(ox * DY[s] - oy * DX[s]) / unit;
    const along = (ox * DX[s] + oy * DY[s]) / unit;
    if (along > 0 && along * SPEED <= ATTACK * 2 && across < lineAcross) {
      line = s;
      lineAcross = across;
    }
    const reach = s & 1 ? ATTACK_DIAGONAL : ATTACK;
    const ax = tx + DX[s] * reach - me.x;
    const ay = ty + DY[s] * reach - me.y;
    if (ax * ax + ay * ay < bestD) {
      bestD = ax * ax + ay * ay;
      best = directionTo(ax, ay);
    }
  }
  if (line < 0) return best;
  if (lineAcross <= ON_LINE) return (line + 4) & 7;
  const unit = line & 1 ? 2 : 1;
  const half = (ox * DX[line] + oy * DY[line]) / unit / 2;
  return directionTo(tx + DX[line] * half - me.x, ty + DY[line] * half - me.y);
}

/** The next step in direction d from (x, y) is no crash, and some way on from there is none either. */
function clearAhead(layout: number, x: number, y: number, d: number): boolean {
  const nx = wrapX(x + DX[d] * SPEED);
  const ny = wrapY(y + DY[d] * SPEED);
  return !jetCrashes(layout, nx, ny) && safe(layout, nx, ny, d, LOOKAHEAD);
}

/** Flying straight on from (x, y) heading h for `frames` frames meets no tree or mountain. */
function roomAhead(layout: number, x: number, y: number, h: number, frames: number): boolean {
  for (let t = 0; t < frames; t++) {
    x = wrapX(x + DX[h] * SPEED);
    y = wrapY(y + DY[h] * SPEED);
    if (jetCrashes(layout, x, y)) return false;
  }
  return true;
}

/** Some way of flying on from (x, y) heading h, one step of turn a frame, meets no tree or mountain. */
function safe(layout: number, x: number, y: number, h: number, depth: number): boolean {
  if (depth === 0) return true;
  for (let k = 0; k < 3; k++) {
    const c = (h + (k === 0 ? 0 : k === 1 ? 1 : 7)) & 7;
    const nx = wrapX(x + DX[c] * SPEED);
    const ny = wrapY(y + DY[c] * SPEED);
    if (!jetCrashes(layout, nx, ny) && safe(layout, nx, ny, c, depth - 1)) return true;
  }
  return false;
}

/** A missile's blast reach (12, 16) with a margin. */
const BLAST_X = 16;
const BLAST_Y = 20;

/** Flying on in direction c for the next frames meets an enemy projectile, a blast, or a ready tank's line. */
function danger(b: Pilot, c: number): boolean {
  const { me, enemy, layout } = b;
  if (enemy.projectileFlying) {
    const kind = shotOf(enemy.weapon);
    for (let t = 1; t <= 12; t++) {
      const mx = me.x + DX[c] * SPEED * t;
      const my = me.y + DY[c] * SPEED * t;
      if (enemy.weapon === SUB) {
        if (Math.abs(mx - enemy.px) < BLAST_X && Math.abs(my - enemy.py) < BLAST_Y) return true;
        continue;
      }
      const px = enemy.px + DX[enemy.pdir] * kind.speed * t;
      const py = enemy.py + DY[enemy.pdir] * kind.speed * t;
      if (Math.abs(mx - px) < HIT_X + 3 && Math.abs(my - py) < HIT_Y + 3) return true;
    }
  }
  // A tank that can fire, facing where the plane is going.
  if (enemy.weapon === TANK && enemy.visible && !enemy.projectileBusy) {
    if (shotHits(layout, TANK_SHELL, enemy.x, enemy.y, enemy.heading, me.x, me.y, DX[c] * SPEED, DY[c] * SPEED, 2))
      return true;
  }
  // A surfaced submarine's missile goes off near the boat: keep out of reach over it.
  if (enemy.weapon === SUB && !enemy.projectileBusy && b.lastSeenX >= 0) {
    const mx = me.x + DX[c] * SPEED * 6;
    const my = me.y + DY[c] * SPEED * 6;
    if (Math.abs(mx - b.lastSeenX) < BLAST_X + 4 && Math.abs(my - (b.lastSeenY - 12)) < BLAST_Y + 8) return true;
  }
  return false;
}
