/**
 * The VDC test cartridges (test/programs/vdc/) against MAME 0.251: per-frame state, the pictures of
 * chosen frames and a per-frame sound summary, as test/mame/make-machine-goldens.ts recorded them
 * in MAME with the same BIOS, cartridge and character set (ours). Accepted differences are listed
 * in KNOWN_ISSUES.md and named where they are allowed below.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngScanlines } from '../../harness/png.ts';
import { encodePng } from '../../../rom-core/cli/run.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { testBios } from '../machine/helpers.ts';
import { soundSummary } from './sound-summary.ts';
import type { FrameSound } from './sound-summary.ts';
import { VDC_GOLDENS, VDC_GOLDEN_DIR, vdcCart } from './vdc-goldens.ts';
import { bootMachine } from '../../harness/boot.ts';

const KEYS = ['frame', 'pc', 'a', 'psw', 'p1', 'p2', 'iram', 'eram', 'vdc'] as const;

/** Per row: the colour of dot 0, then each x where the colour changes and the new colour. */
function rows(rgb: Uint8Array): string[] {
  const rowLen = 1 + 360 * 3;
  const out: string[] = [];
  for (let y = 0; y < 243; y++) {
    const at = (x: number): string => {
      const o = y * rowLen + 1 + x * 3;
      return `${rgb[o]},${rgb[o + 1]},${rgb[o + 2]}`;
    };
    const parts = [`${y}:`, at(0)];
    for (let x = 1; x < 360; x++) if (at(x) !== at(x - 1)) parts.push(`${x}:${at(x)}`);
    out.push(parts.join(' '));
  }
  return out;
}

/**
 * MAME's CPU clock drift (KNOWN_ISSUES.md) can move its frame sample point to a neighbouring
 * instruction boundary. Then our machine is run instruction by instruction to MAME's cycle count
 * (from the state after the frame when MAME is ahead, from the state before it when MAME is
 * behind) and compared there, so every field is still compared exactly; afterwards the machine goes
 * on from where runFrame left it.
 */
function checkState(m: Odyssey2, want: Record<string, number | string>, before: Uint8Array, handler: number): void {
  const target = want.cycles as number;
  expect(m.frameNumber, 'frame').toBe(want.frame);
  const off = target - m.cpu.cycles;
  expect(Math.abs(off) <= 4, `frame ${want.frame}: cycles ours ${m.cpu.cycles}, MAME ${target}`).toBe(true);
  const after = off !== 0 ? m.saveState() : undefined;
  if (off < 0) m.loadState(before);
  while (m.cpu.cycles < target) m.cpu.run(1);
  expect(m.cpu.cycles, `frame ${want.frame} cycles`).toBe(target);
  const got = m.record() as unknown as Record<string, number | string>;
  for (const k of KEYS) {
    if (k === 'frame') continue;
    // The one case stepping cannot line up: MAME let the VBLANK interrupt in one pass of
    // waitvbl's 2-cycle loop later, so at the same cycle count it is at the /INT vector's JMP
    // (402h) where we are already at its target; everything else is equal (compared here).
    if (k === 'pc' && want.pc === 0x402 && got.pc === handler) {
      lateInterrupt++;
      continue;
    }
    expect(got[k], `frame ${want.frame} ${k}`).toBe(want[k]);
  }
  if (after) {
    m.loadState(after);
    drifted++;
  }
}
let drifted = 0;
let lateInterrupt = 0;

function checkSound(ours: FrameSound[], mame: FrameSound[]): void {
  expect(ours).toHaveLength(mame.length);
  let sounding = 0;
  for (let i = 0; i < mame.length; i++) {
    const a = ours[i];
    const b = mame[i];
    const where = `frame ${b.frame}: ours ${JSON.stringify(a)}, MAME ${JSON.stringify(b)}`;
    expect(Math.abs(a.peak - b.peak), `${where} (peak)`).toBeLessThanOrEqual(0.08);
    expect(Math.abs(a.mean - b.mean), `${where} (mean)`).toBeLessThanOrEqual(0.04);
    expect(Math.abs(a.rises - b.rises), `${where} (rising edges)`).toBeLessThanOrEqual(1);
    if (b.rises > 0) sounding++;
  }
  expect(sounding).toBeGreaterThan(mame.length / 3);
}

describe('VDC test cartridges vs MAME 0.251', () => {
  for (const g of VDC_GOLDENS) {
    it(`${g.name}: ${g.frames} frames of state, ${g.shots.length} picture(s)${g.wav ? ', sound' : ''}`, () => {
      drifted = 0;
      lateInterrupt = 0;
      const golden = readFileSync(join(VDC_GOLDEN_DIR, `${g.name}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, number | string>);
      expect(golden).toHaveLength(g.frames);
      const cart = vdcCart(g.cart);
      const m = bootMachine(testBios(), cart, { pal: g.pal });
      const handler = ((cart[2] & 0xe0) << 3) | cart[3]; // JMP at 402h: page bits 7-5 of the opcode
      const pcm: number[] = [];
      let shots = 0;
      for (const want of golden) {
        const before = m.saveState();
        m.runFrame();
        if (g.wav) for (const s of m.audio) pcm.push(s);
        checkState(m, want, before, handler);
        if (g.shots.includes(want.frame as number)) {
          const mame = pngScanlines(readFileSync(join(VDC_GOLDEN_DIR, `${g.name}.f${want.frame}.png`)));
          const ours = pngScanlines(encodePng(m.frame, 360, 243));
          expect(rows(ours), `picture of frame ${want.frame}`).toEqual(rows(mame));
          shots++;
        }
      }
      expect(shots).toBe(g.shots.length);
      // The allowances are for MAME's occasional drift, not for a systematic offset.
      expect(drifted, 'frames compared at a stepped-to cycle count').toBeLessThanOrEqual(g.frames / 3);
      expect(lateInterrupt, 'frames with the interrupt one loop pass later in MAME').toBeLessThanOrEqual(g.frames / 4);
      if (g.wav) {
        m.runFrame(); // the PCM of the last frame window ends in the next frame
        for (const s of m.audio) pcm.push(s);
        const mame = JSON.parse(readFileSync(join(VDC_GOLDEN_DIR, `${g.name}.sound.json`), 'utf8')) as FrameSound[];
        checkSound(soundSummary(pcm, m.audio.length > 0 ? m.vdc.pcm.sampleRate : 48_000, m.timing, g.frames), mame);
      }
    });
  }
});
