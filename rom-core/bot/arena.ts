/**
 * Battles between two controllers (bots, a random stick) on the emulated machine, frame by frame in
 * the same thread: the entry is typed through the key queue as a player types it, then each frame
 * both controllers read the mailbox and the screen and set their stick. One machine fights a series
 * of battles (SPACE after each), so the battlefields take their turns. Used by the tournament
 * (npm run bench -- bots) and the tests; platform-free.
 */
import { Odyssey2 } from '../machine/odyssey2.ts';
import { KeyQueue } from '../machine/key-queue.ts';
import { MAILBOX } from '../roms/carts/mailbox.ts';
import { identifyLayout } from './battlefields.ts';
import { jetCrashes } from './ballistics.ts';
import { JET, SUB, TANK } from './mailbox-sides.ts';

export interface Controller {
  step(eram: Uint8Array, vdcRegs: Uint8Array): number;
}

export type Weapon = 'T' | 'S' | 'P';

export interface BattleSetup {
  red: Weapon;
  blue: Weapon;
  redEnergy: number;
  blueEnergy: number;
}

export interface BattleOutcome {
  winner: 'red' | 'blue' | 'both' | 'none';
  /** 1 a weapon destroyed, 2 out of energy, 0 the frame limit ran out. */
  reason: number;
  frames: number;
  layout: number;
  /** Per side: spells of 3 s (180 frames) with the stick held and the weapon not moving. */
  stuck: [number, number];
  /** Per side: a jet brought down by a tree or mountain. */
  crashes: [number, number];
}

const PHASE_ENTRY = 1;
const PHASE_BATTLE = 2;
const PHASE_RESULT = 3;
const STUCK_FRAMES = 180;

export class Arena {
  readonly machine: Odyssey2;
  private readonly keys = new KeyQueue({ holdFrames: 2, gapFrames: 2 });

  constructor(bios: Uint8Array, cart: Uint8Array) {
    this.machine = new Odyssey2({ bios, cart });
    for (let f = 0; f < 40; f++) this.machine.runFrame();
    this.type('SPACE');
    this.until(PHASE_ENTRY, 600);
  }

  /** Types the entry, starts the battle, lets the controllers fight it, and goes back to entry. */
  /** Types the entry and ENTER: the machine is at the battle's first frame. */
  begin(setup: BattleSetup): void {
    this.type('R', setup.red, ...digits(setup.redEnergy), 'B', setup.blue, ...digits(setup.blueEnergy), 'ENTER');
    this.until(PHASE_BATTLE, 120);
  }

  /** From the battle's end: the result screen, then SPACE back to program entry for the next one. */
  end(): void {
    this.machine.setInputs(0, 0);
    this.until(PHASE_RESULT, 600);
    this.type('SPACE');
    this.until(PHASE_ENTRY, 600);
  }

  fight(setup: BattleSetup, left: Controller, right: Controller, maxFrames = 18_000): BattleOutcome {
    const m = this.machine;
    this.begin(setup);
    const layout = identifyLayout(m.vdc.regs);
    const stuck: [number, number] = [0, 0];
    const crashes: [number, number] = [0, 0];
    const still = [0, 0];
    const lastX = [-1, -1];
    const lastY = [-1, -1];
    let frames = 0;
    while (m.eram[MAILBOX.phase] === PHASE_BATTLE && frames < maxFrames) {
      m.setInputs(left.step(m.eram, m.vdc.regs), right.step(m.eram, m.vdc.regs));
      m.runFrame();
      frames++;
      for (let s = 0; s < 2; s++) {
        const base = s === 0 ? MAILBOX.red : MAILBOX.blue;
        const x = m.eram[base + 4];
        const y = m.eram[base + 5];
        const state = m.eram[base + 3];
        // The stick held on a weapon that does not move: pressed against water, a mountain, the edge.
        const held = (m.joy[s] & 0x0f) !== 0 && (state & 0x88) === 0 && m.eram[base + 7] === 0 && m.eram[base] !== JET;
        if (held && x === lastX[s] && y === lastY[s]) {
          if (++still[s] === STUCK_FRAMES) stuck[s]++;
        } else still[s] = 0;
        lastX[s] = x;
        lastY[s] = y;
      }
    }
    for (let s = 0; s < 2; s++) {
      const base = s === 0 ? MAILBOX.red : MAILBOX.blue;
      const other = s === 0 ? MAILBOX.blue : MAILBOX.red;
      // Brought down by terrain, not by the enemy (whose projectile would be exploding now).
      if (m.eram[base] === JET && (m.eram[base + 3] & 0x80) !== 0 && (m.eram[other + 3] & 0x04) === 0) {
        if (jetCrashes(layout, m.eram[base + 4], m.eram[base + 5])) crashes[s]++;
      }
    }
    m.setInputs(0, 0);
    const ended = m.eram[MAILBOX.phase] !== PHASE_BATTLE;
    if (ended) this.until(PHASE_RESULT, 600);
    const w = m.eram[MAILBOX.winner];
    const outcome: BattleOutcome = {
      winner: !ended ? 'none' : w === 1 ? 'red' : w === 2 ? 'blue' : w === 3 ? 'both' : 'none',
      reason: ended ? m.eram[MAILBOX.reason] : 0,
      frames,
      layout,
      stuck,
      crashes,
    };
    if (!ended) {
      // Out of time: power the same machine back to entry through a reset of the session.
      throw new Error(`the battle did not end within ${maxFrames} frames`);
    }
    this.type('SPACE');
    this.until(PHASE_ENTRY, 600);
    return outcome;
  }

  private type(...keys: string[]): void {
    const done = this.keys.tap(...keys);
    let n = 0;
    while (this.keys.completed < done) {
      if (n++ > 2000) throw new Error('the key queue did not finish typing');
      this.keys.beforeFrame(this.machine);
      this.machine.runFrame();
      this.keys.afterFrame();
    }
  }

  private until(phase: number, limit: number): void {
    for (let f = 0; f < limit; f++) {
      if (this.machine.eram[MAILBOX.phase] === phase) return;
      this.machine.runFrame();
    }
    if (this.machine.eram[MAILBOX.phase] !== phase)
      throw new Error(`the cartridge did not reach phase ${phase} within ${limit} frames`);
  }
}

function digits(n: number): string[] {
  if (!Number.isInteger(n) || n < 1 || n > 9999) throw new RangeError(`an energy is 1-9999, got ${n}`);
  return String(n).split('');
}

export const WEAPON_CODES: Readonly<Record<Weapon, number>> = { T: TANK, S: SUB, P: JET };
