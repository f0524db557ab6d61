/** Running the battle cartridge headless with a scenario's input, and reading its goldens. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PALETTE_RF } from '../../../../rom-core/i8244/palette.ts';
import type { Odyssey2 } from '../../../../rom-core/machine/index.ts';
import type { FrameRecord } from '../../../../rom-core/machine/index.ts';
import { MAILBOX } from '../../../../rom-core/roms/carts/index.ts';
import { bootMachine, playScript } from '../../../harness/boot.ts';
import { pngIndices } from '../../../harness/png.ts';
import { CART_GOLDEN_DIR, battleCart, openBios } from './scenarios.ts';
import type { Scenario } from './scenarios.ts';

export interface Run {
  machine: Odyssey2;
  records: FrameRecord[];
  /** Colour-index pictures of the scenario's shots, by frame. */
  shots: Map<number, Uint8Array>;
}

/** Runs `frames` frames of a script (runner format), keeping the pictures of `shots`. */
export function runScript(input: string, frames: number, shots: readonly number[] = []): Run {
  const machine = bootMachine(openBios(), battleCart());
  const records: FrameRecord[] = [];
  const pictures = new Map<number, Uint8Array>();
  playScript(machine, input, frames, {
    after: (f) => {
      records.push(machine.record());
      if (shots.includes(f)) pictures.set(f, machine.frame.slice());
    },
  });
  return { machine, records, shots: pictures };
}

export function runScenario(s: Scenario): Run {
  return runScript(s.input, s.frames, s.shots);
}

/** The mailbox as the companion reads it (README.md). */
export interface Mailbox {
  phase: number;
  winner: number;
  battles: number;
  digit: number;
  mode: number;
  redWins: number;
  blueWins: number;
  reason: number;
  signature: number;
  red: { weapon: string; energy: number; state: number };
  blue: { weapon: string; energy: number; state: number };
}

const bcd = (b: number): number => (b >> 4) * 10 + (b & 15);

export function mailbox(eram: Uint8Array): Mailbox {
  const side = (at: number): Mailbox['red'] => ({
    weapon: eram[at] === 0 ? '?' : String.fromCharCode(eram[at]),
    energy: bcd(eram[at + 1]) * 100 + bcd(eram[at + 2]),
    state: eram[at + 3],
  });
  return {
    phase: eram[MAILBOX.phase],
    winner: eram[MAILBOX.winner],
    battles: eram[MAILBOX.battles],
    digit: eram[MAILBOX.digit],
    mode: eram[MAILBOX.mode],
    redWins: bcd(eram[MAILBOX.redWins]),
    blueWins: bcd(eram[MAILBOX.blueWins]),
    reason: eram[MAILBOX.reason],
    signature: eram[MAILBOX.signature],
    red: side(MAILBOX.red),
    blue: side(MAILBOX.blue),
  };
}

export function eramOf(record: { eram: string }): Uint8Array {
  return Uint8Array.from(record.eram.match(/../g) ?? [], (h) => parseInt(h, 16));
}

/** Colour indices of a golden PNG written by encodePng (8-bit RGB, filter 0, RF palette). */
export function readGoldenPng(name: string): Uint8Array {
  return pngIndices(readFileSync(resolve(CART_GOLDEN_DIR, name)), PALETTE_RF, name);
}

export function readGoldenJsonl(name: string): Array<FrameRecord & { cycles: number }> {
  return readFileSync(resolve(CART_GOLDEN_DIR, name), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as FrameRecord & { cycles: number });
}

/** Colour indices inside a rectangle of a 360-wide picture, with how often each occurs. */
export function coloursIn(picture: Uint8Array, x0: number, y0: number, x1: number, y1: number): Map<number, number> {
  const seen = new Map<number, number>();
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const c = picture[y * 360 + x];
      seen.set(c, (seen.get(c) ?? 0) + 1);
    }
  return seen;
}

/**
 * The closest two dots of colours `a` and `b` inside a rectangle come (in dots, the larger of the
 * horizontal and vertical distance: 1 = side by side); Infinity when either colour is missing.
 */
export function gapBetween(
  picture: Uint8Array,
  a: number,
  b: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  const as: number[] = [];
  const bs: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const c = picture[y * 360 + x];
      if (c === a) as.push(x, y);
      else if (c === b) bs.push(x, y);
    }
  let best = Infinity;
  for (let i = 0; i < as.length; i += 2) {
    for (let j = 0; j < bs.length; j += 2)
      best = Math.min(best, Math.max(Math.abs(as[i] - bs[j]), Math.abs(as[i + 1] - bs[j + 1])));
  }
  return best;
}
