/**
 * The machine against MAME 0.251: the test cartridges' per-frame state (the `o2 run --state-jsonl`
 * record) and last picture, as test/mame/make-machine-goldens.ts recorded them in MAME with the same
 * BIOS, cartridge, blank character set and input.
 *
 * Known differences, both measured with these goldens:
 * - CPU clock drift. MAME's 8048 runs 357,955 machine cycles per second (its 5,369,317 Hz input clock
 *   / 15, rounded up), ours exactly 20 dots per cycle (357,954.5 per second), so MAME's CPU gains about
 *   0.17 dot per frame on the beam (PAL: 394,100 cycles per second, 0.2 dot per frame): the X beam
 *   register read by `raster` agrees for frames 1-4 (PAL 1-3) and is 1-2 units lower in MAME by frame
 *   20. In `vblank` the VBLANK interrupt therefore comes out one
 *   instruction earlier or later in some frames from frame 35 on (PC 402h vs 405h at the sample
 *   point); all other state keeps matching, so the PC is not compared from there.
 * - Mid-line changes (VDC register writes and P1.7) show up 15 dots further left in MAME's NTSC
 *   picture than in ours, and 24 dots further right in its PAL picture, although the beam position
 *   of the access agrees (raster's X/Y reads match). That is the VDC renderer's mapping of beam time
 *   to picture x (rom-core/i8244), reported to its owner; the raster pictures are checked with those
 *   shifts until it is resolved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, parseInputScript } from '../../../rom-core/cli/run.ts';
import { GOLDENS, MACHINE_GOLDEN_DIR } from './goldens.ts';
import { firstDifference, machine, testCart } from './helpers.ts';

/** The first frame from which MAME's CPU clock drift may move the interrupt (see above). */
const DRIFT_FROM: Record<string, number> = { vblank: 35 };
/** Dots by which a mid-line change appears further left in MAME's picture (see above). */
const PICTURE_SHIFT: Record<string, number> = { raster: 15, 'raster-pal': -24 };

/** Per row: the colour of dot 0, then each (x, colour) where the colour changes. */
function transitions(rgb: Uint8Array, width: number, height: number, shift = 0): string[] {
  const rowLen = 1 + width * 3;
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    const at = (x: number): string => {
      const o = y * rowLen + 1 + x * 3;
      return `${rgb[o]},${rgb[o + 1]},${rgb[o + 2]}`;
    };
    const parts = [at(0)];
    for (let x = 1; x < width; x++) if (at(x) !== at(x - 1)) parts.push(`${x - shift}:${at(x)}`);
    rows.push(parts.join(' '));
  }
  return rows;
}

const KEYS = ['frame', 'pc', 'a', 'psw', 'p1', 'p2', 'iram', 'eram', 'vdc'] as const;

/** RGB rows of a PNG written by encodePng (one IDAT, filter 0). */
function pngPixels(png: Uint8Array): Uint8Array {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const len = v.getUint32(at);
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  return new Uint8Array(inflateSync(Buffer.concat(idat)));
}

describe('machine vs MAME 0.251', () => {
  for (const g of GOLDENS) {
    it(`${g.name}: ${g.frames} frames of state and the last picture`, () => {
      const golden = readFileSync(join(MACHINE_GOLDEN_DIR, `${g.name}.jsonl`), 'utf8').trim().split('\n')
        .map((l) => JSON.parse(l) as Record<string, number | string>);
      expect(golden).toHaveLength(g.frames);
      const m = machine(testCart(g.cart), { charset: new Uint8Array(512), pal: g.pal });
      const events = parseInputScript(g.input);
      const drift = DRIFT_FROM[g.name] ?? Infinity;
      for (const want of golden) {
        for (const e of events) if (e.frame === want.frame) m.setKey(e.key, e.down);
        m.runFrame();
        const got = m.record() as unknown as Record<string, number | string>;
        for (const k of KEYS) {
          if (k === 'pc' && (want.frame as number) >= drift) continue;
          expect(got[k], `frame ${want.frame} ${k}`).toBe(want[k]);
        }
        if ((want.frame as number) < drift) expect(m.cpu.cycles, `frame ${want.frame} cycles`).toBe(want.cycles);
        else expect(Math.abs(m.cpu.cycles - (want.cycles as number))).toBeLessThanOrEqual(2);
      }
      const ours = pngPixels(encodePng(m.frame, 360, 243));
      const mame = pngPixels(readFileSync(join(MACHINE_GOLDEN_DIR, `${g.name}.png`)));
      const shift = PICTURE_SHIFT[g.name];
      if (shift === undefined) {
        expect(firstDifference(ours, mame)).toBe(-1);
      } else {
        // Same rows, same colours, every change `shift` dots later in ours; changes that the shift
        // moves past either edge of the picture are not compared.
        const inside = (p: string): boolean => !p.includes(':') || (Number(p.split(':')[0]) + shift > 0 && Number(p.split(':')[0]) + shift < 360);
        const theirs = transitions(mame, 360, 243).map((row) => row.split(' ').filter(inside).join(' '));
        const changed = theirs.filter((row) => row.includes(':')).length;
        expect(changed).toBeGreaterThan(3);
        expect(transitions(ours, 360, 243, shift).map((row) => row.split(' ').filter((p) => !p.includes(':') || inside(`${Number(p.split(':')[0])}:`)).join(' '))).toEqual(theirs);
      }
    });
  }
});
