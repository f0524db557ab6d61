/**
 * Crafted save states, as anyone can make them from the format: random bytes, and every numeric
 * field set to NaN, ±Infinity, ±1e300, -1 or 2^53 (or its type's extremes), each with the checksum
 * recomputed. Each load is either refused with a sentence and the machine left byte for byte as it
 * was, or accepted, after which the next 60 frames each run within one frame's cycles.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { STATE_MAGIC, machineSchema } from '../../../rom-core/machine/machine-state.ts';
import { StateError, layout } from '../../../rom-core/state/schema.ts';
import { edited } from '../../harness/state.ts';
import { prng } from '../../harness/prng.ts';
import { bootMachine } from '../../harness/boot.ts';

const DIR = new URL('../../golden/state/', import.meta.url);
const read = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, DIR)));
const FLOATS = [NaN, Infinity, -Infinity, 1e300, -1e300, -1, 2 ** 53, 0.5];

// Read once: a fresh machine is built for every accepted case (the images are never changed).
const BIOS = read('bios.bin');
const CART = read('battle.bin');

function fresh(pal: boolean): Odyssey2 {
  return bootMachine(BIOS, CART, { pal });
}

interface Outcome {
  refused: number;
  accepted: number;
}

/** Loads `bad` into a machine holding `good`'s state and checks the contract; counts the outcome. */
function tryLoad(m: Odyssey2, good: Uint8Array, bad: Uint8Array, what: string, tally: Outcome): void {
  m.loadState(good);
  const before = m.saveState();
  let error: unknown;
  try {
    m.loadState(bad);
  } catch (e) {
    error = e;
  }
  if (error !== undefined) {
    expect(error, what).toBeInstanceOf(StateError);
    expect((error as Error).message, what).toMatch(/^[A-Z0-9].*[.)]$/s);
    expect(Buffer.from(m.saveState()).equals(Buffer.from(before)), `${what}: refused but changed the machine`).toBe(
      true,
    );
    tally.refused++;
    return;
  }
  const perFrame = Math.ceil(m.timing.dotsPerFrame / m.timing.dotsPerCycle) + 32;
  // Each frame's faults gathered and asserted once: an expect per frame was about a tenth of the file's time.
  const faults: string[] = [];
  for (let f = 0; f < 60; f++) {
    const cycles = m.cpu.cycles;
    const frame = m.frameNumber;
    m.runFrame();
    if (m.frameNumber !== (frame + 1) >>> 0) faults.push(`frame ${f}: number ${frame} became ${m.frameNumber}`);
    const ran = m.cpu.cycles - cycles;
    if (!(ran <= 2 * perFrame)) faults.push(`frame ${f}: ${ran} cycles, more than ${2 * perFrame}`);
  }
  expect(faults, what).toEqual([]);
  // What was accepted can be saved again, and that save loads (a reload must never lose the game).
  const resaved = m.saveState();
  expect(
    () => fresh(m.timing.chip === '8245').loadState(resaved),
    `${what}: accepted, but its save after 60 frames does not load`,
  ).not.toThrow();
  tally.accepted++;
}

describe('crafted save states', () => {
  for (const pal of [false, true]) {
    const m = fresh(pal);
    m.loadState(read(`v1-battle-240${pal ? '-pal' : ''}.o2s`));
    for (let i = 0; i < 3; i++) m.runFrame();
    const good = m.saveState();
    const places = layout(
      STATE_MAGIC,
      machineSchema({
        timing: m.timing,
        mapper: m.cart.kind,
        biosCrc: m.identity.bios.crc,
        cartCrc: m.identity.cart.crc,
      }),
      m,
    );

    it(`${pal ? 'PAL' : 'NTSC'}: every numeric field at NaN, ±Infinity, ±1e300, -1, 2^53 or its extremes`, () => {
      const tally: Outcome = { refused: 0, accepted: 0 };
      let cases = 0;
      for (const p of places) {
        const values: ((b: Uint8Array, v: DataView) => void)[] = [];
        if (p.t === 'int') {
          for (const x of FLOATS) values.push((_, v) => v.setFloat64(p.offset, x, true));
        } else if (p.t === 'i32s') {
          for (const x of [-1, 0x7fffffff, -0x80000000, 2 ** 31 - 256])
            values.push((_, v) => v.setInt32(p.offset, x, true));
        } else if (p.size <= 4 && p.t !== 'ascii' && p.t !== 'bytes') {
          // All ones (-1 as the type stores it), the top bit alone, and one past small ranges.
          values.push((b) => b.fill(0xff, p.offset, p.offset + p.size));
          values.push((b) => {
            b.fill(0, p.offset, p.offset + p.size);
            b[p.offset + p.size - 1] = 0x80;
          });
          values.push((b) => {
            b[p.offset] = (b[p.offset] + 1) & 0xff;
          });
        } else {
          values.push((b) => {
            b[p.offset] = 0xff;
            b[p.offset + p.size - 1] = 0x10;
          });
        }
        for (const edit of values) {
          tryLoad(m, good, edited(good, edit), p.name, tally);
          cases++;
        }
      }
      console.log(
        `${pal ? 'PAL' : 'NTSC'} field mutations: ${cases} cases, ${tally.refused} refused, ${tally.accepted} accepted and ran 60 frames`,
      );
      expect(cases).toBe(tally.refused + tally.accepted);
      expect(tally.refused).toBeGreaterThan(80);
    }, 120_000);

    it(`${pal ? 'PAL' : 'NTSC'}: 300 states with random bytes changed`, () => {
      const rand = prng(pal ? 0x5eed2 : 0x5eed1);
      const tally: Outcome = { refused: 0, accepted: 0 };
      for (let i = 0; i < 300; i++) {
        const n = 1 + Math.floor(rand() * 8);
        const bad = edited(good, (b) => {
          for (let k = 0; k < n; k++) b[5 + Math.floor(rand() * (b.length - 9))] = Math.floor(rand() * 256);
        });
        tryLoad(m, good, bad, `random case ${i}`, tally);
      }
      expect(tally.refused + tally.accepted).toBe(300);
      console.log(
        `${pal ? 'PAL' : 'NTSC'} random mutations: ${tally.refused} refused, ${tally.accepted} accepted and ran 60 frames`,
      );
    }, 120_000);
  }

  it('version 1 files with crafted sound fields (the old resampler boundary at -Infinity hung the machine)', () => {
    const m = fresh(false);
    const v1 = read('v1-battle-240.o2s');
    m.loadState(v1);
    const good = m.saveState();
    // The VDC part's sound block ends: rate u32, cursor, boundary, acc (f64), fill count + PCM, done count + PCM.
    const view = new DataView(v1.buffer, v1.byteOffset, v1.byteLength);
    const vdcLenAt = 5 + 180 + 4 + 99;
    const vdcStart = vdcLenAt + 4;
    const soundAt = vdcStart + 8 + 4 + 256 + 512 + 4 + 12 + 1 + 4 + 3 + 3 * 360 + 360 * 243 + 5;
    expect(view.getUint32(soundAt, true)).toBe(48_000);
    const tally: Outcome = { refused: 0, accepted: 0 };
    for (const offset of [soundAt + 4, soundAt + 12, soundAt + 20]) {
      for (const x of FLOATS)
        tryLoad(
          m,
          good,
          edited(v1, (_, v) => v.setFloat64(offset, x, true)),
          `v1 sound field at ${offset} = ${x}`,
          tally,
        );
    }
    for (const rate of [0, 44_100, 96_000])
      tryLoad(
        m,
        good,
        edited(v1, (_, v) => v.setUint32(soundAt, rate, true)),
        `v1 rate ${rate}`,
        tally,
      );
    tryLoad(
      m,
      good,
      edited(v1, (_, v) => v.setUint32(soundAt + 28, 5000, true)),
      'v1 too many samples',
      tally,
    );
    expect(tally.refused).toBeGreaterThan(10);
  });
});
