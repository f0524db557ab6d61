/**
 * What a bot can see of a battle: the two sides as the cartridge's mailbox publishes them (positions,
 * headings, projectiles, and whether a weapon is visible), read straight from external RAM into
 * reused objects (nothing is allocated a frame). See rom-core/roms/carts/README.md, "Companion mailbox".
 */
import { MAILBOX, SIDE_STATE } from '../roms/carts/mailbox.ts';

export const TANK = 0x54; // 'T'
export const SUB = 0x53; // 'S'
export const JET = 0x50; // 'P'

/** 0 right, 1 up-right, 2 up ... 7 down-right (the cartridge's dx_table / dy_table); 8 = centre. */
export const DX: readonly number[] = [1, 1, 0, -1, -1, -1, 0, 1];
export const DY: readonly number[] = [0, -1, -1, -1, 0, 1, 1, 1];
export const CENTRE = 8;

/** Joystick bits (rom-core/machine/input.ts JOY_BITS) for each direction, and the button. */
export const STICK_BITS: readonly number[] = [0x02, 0x03, 0x01, 0x09, 0x08, 0x0c, 0x04, 0x06, 0x00];
export const FIRE_BIT = 0x10;

export class MailboxSide {
  weapon = 0;
  state = 0;
  x = 0;
  y = 0;
  heading = 0;
  timer = 0;
  px = 0;
  py = 0;
  pdir = 0;
  page = 0;

  read(eram: Uint8Array, base: number): void {
    this.weapon = eram[base];
    this.state = eram[base + 3];
    this.x = eram[base + 4];
    this.y = eram[base + 5];
    this.heading = eram[base + 6] & 7;
    this.timer = eram[base + 7];
    this.px = eram[base + 8];
    this.py = eram[base + 9];
    this.pdir = eram[base + 10] & 7;
    this.page = eram[base + 11];
  }

  copy(o: MailboxSide): void {
    this.weapon = o.weapon;
    this.state = o.state;
    this.x = o.x;
    this.y = o.y;
    this.heading = o.heading;
    this.timer = o.timer;
    this.px = o.px;
    this.py = o.py;
    this.pdir = o.pdir;
    this.page = o.page;
  }

  /** Neither destroyed nor hidden (a submerged submarine, an off-screen jet): it can be hit and seen. */
  get visible(): boolean {
    return (this.state & (SIDE_STATE.destroyed | SIDE_STATE.hidden)) === 0;
  }

  get projectileFlying(): boolean {
    return (this.state & SIDE_STATE.projectileFlying) !== 0;
  }

  /** Flying or still exploding: a new shot is refused until both are over. */
  get projectileBusy(): boolean {
    return (this.state & (SIDE_STATE.projectileFlying | SIDE_STATE.projectileExploding)) !== 0;
  }

  get offScreen(): boolean {
    return (this.state & SIDE_STATE.offScreen) !== 0;
  }
}

/** Mailbox record of the left-hand control (red, J0) or the right-hand one (blue, J1). */
export const recordOf = (stick: 0 | 1): number => (stick === 0 ? MAILBOX.red : MAILBOX.blue);

/** The smallest number of 45-degree steps from direction a to b (0..4). */
export function turnSteps(a: number, b: number): number {
  const d = (b - a) & 7;
  return d > 4 ? 8 - d : d;
}

/** The 8-way direction closest to the vector (dx, dy) in screen units (y down). */
export function directionTo(dx: number, dy: number): number {
  if (dx === 0 && dy === 0) return CENTRE;
  const a = Math.atan2(-dy, dx); // up is positive
  return (Math.round(a / (Math.PI / 4)) + 8) & 7;
}
