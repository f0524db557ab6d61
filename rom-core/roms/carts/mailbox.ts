/**
 * The companion mailbox of our battle cartridge: where it lives in external RAM and what it means.
 * The one place the contract is written in code; README.md ("Companion mailbox") is its prose, and
 * the cartridge (defs.a48), the battle bridge and the tests all go through this module.
 */

/** Mailbox addresses in external RAM (MOVX 00h-7Fh). */
export const MAILBOX = {
  phase: 0x08,
  winner: 0x09,
  battles: 0x0a,
  digit: 0x0b,
  mode: 0x0c,
  redWins: 0x0d,
  blueWins: 0x0e,
  reason: 0x0f,
  signature: 0x10,
  red: 0x20,
  blue: 0x30,
} as const;

/** Written to MAILBOX.signature once the cartridge runs: a machine without it is not running our cartridge. */
export const MAILBOX_SIGNATURE = 0xc7;
export const PHASES = ['readout', 'entry', 'battle', 'result'] as const;
export type CartPhase = (typeof PHASES)[number];
export type CartWeapon = 'T' | 'S' | 'P';
export type CartWinner = 'none' | 'red' | 'blue' | 'both';
export type CartEnd = 'none' | 'destroyed' | 'out-of-energy';

/** Bits of a side record's state byte (+3). */
export const SIDE_STATE = {
  destroyed: 0x80,
  hidden: 0x40,
  autopilot: 0x20,
  offScreen: 0x10,
  projectileFlying: 0x08,
  projectileExploding: 0x04,
  outOfEnergy: 0x01,
} as const;

export interface CartSide {
  /** Null while not chosen on the entry screen. */
  weapon: CartWeapon | null;
  /** Energy units as the readout shows them (0-9999). */
  energy: number;
  /** The raw state byte (SIDE_STATE bits). */
  state: number;
  x: number;
  y: number;
  /** 0 right, 1 up-right ... 7 down-right. */
  heading: number;
  projectile: { x: number; y: number; heading: number; age: number };
  /** Stick direction as the cartridge read it (8 = centre) and the fire bits (bit 0 now, bit 1 last frame). */
  stick: number;
  fire: number;
}

export interface CartMailbox {
  /** False when the signature is missing: not our cartridge, or not started yet; every other field is then meaningless. */
  ours: boolean;
  phase: CartPhase;
  winner: CartWinner;
  /** Battles fought since power-on (wraps at 256). */
  battles: number;
  /** The WAR GAME readout digit (rule 2). */
  digit: number;
  practice: boolean;
  practiceOver: boolean;
  practiceWins: { red: number; blue: number };
  /** How the last battle ended. */
  end: CartEnd;
  red: CartSide;
  blue: CartSide;
}

const bcd = (b: number): number => (b >> 4) * 10 + (b & 15);
const WEAPONS: Record<number, CartWeapon> = { 0x54: 'T', 0x53: 'S', 0x50: 'P' };
const WINNERS: readonly CartWinner[] = ['none', 'red', 'blue', 'both'];
const ENDS: readonly CartEnd[] = ['none', 'destroyed', 'out-of-energy'];

function side(eram: ArrayLike<number>, at: number): CartSide {
  return {
    weapon: WEAPONS[eram[at]] ?? null,
    energy: bcd(eram[at + 1]) * 100 + bcd(eram[at + 2]),
    state: eram[at + 3],
    x: eram[at + 4],
    y: eram[at + 5],
    heading: eram[at + 6],
    projectile: { x: eram[at + 8], y: eram[at + 9], heading: eram[at + 10], age: eram[at + 11] },
    stick: eram[at + 12],
    fire: eram[at + 13],
  };
}

/** Decodes the mailbox from the machine's external RAM (at least 64 bytes). Never throws on odd bytes. */
export function readMailbox(eram: ArrayLike<number>): CartMailbox {
  if (eram.length < 0x40) throw new RangeError(`the mailbox needs 64 bytes of external RAM, got ${eram.length}`);
  const mode = eram[MAILBOX.mode];
  return {
    ours: eram[MAILBOX.signature] === MAILBOX_SIGNATURE,
    phase: PHASES[eram[MAILBOX.phase]] ?? 'readout',
    winner: WINNERS[eram[MAILBOX.winner]] ?? 'none',
    battles: eram[MAILBOX.battles],
    digit: eram[MAILBOX.digit],
    practice: (mode & 1) !== 0,
    practiceOver: (mode & 8) !== 0,
    practiceWins: { red: bcd(eram[MAILBOX.redWins]), blue: bcd(eram[MAILBOX.blueWins]) },
    end: ENDS[eram[MAILBOX.reason]] ?? 'none',
    red: side(eram, MAILBOX.red),
    blue: side(eram, MAILBOX.blue),
  };
}
