/**
 * Old `.o2s` files keep loading: states written by format version 1 (test/golden/state/README.md)
 * continue exactly as the build that wrote them continued: the same frame records, picture and sound
 * (the first frame's sound only from the save point on: version 1 kept host-rate PCM, not the
 * chip's level log, see rom-core/machine/state-v1.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootMachine } from '../../harness/boot.ts';

const DIR = new URL('../../golden/state/', import.meta.url);
const read = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, DIR)));
interface Continued {
  record: unknown;
  picture: string;
  firstFrameAudio: number[];
  audioFrames2to60: string;
}
const expected = JSON.parse(readFileSync(new URL('v1-continued.json', DIR), 'utf8')) as Record<string, Continued>;

describe('save states of format version 1', () => {
  for (const pal of [false, true]) {
    const name = `v1-battle-240${pal ? '-pal' : ''}.o2s`;
    it(`${name} loads and continues as the build that saved it did`, () => {
      const m = bootMachine(read('bios.bin'), read('battle.bin'), { pal });
      const state = read(name);
      expect(state[4]).toBe(1);
      m.loadState(state);
      expect(m.frameNumber).toBe(240);
      // Samples wholly after the sound's position at the save point are exact.
      const t = m.timing;
      const exact = Math.floor(((t.dotsPerFrame - m.vdc.sound.cursorDot) * 48_000 * t.dotRateDen) / t.dotRateNum) - 1;
      const want = expected[name];
      const audio = createHash('sha256');
      let first: Float32Array = new Float32Array(0);
      for (let i = 0; i < 60; i++) {
        m.runFrame();
        if (i === 0) first = m.audio.slice();
        else audio.update(m.audio);
      }
      expect(m.record()).toEqual(want.record);
      expect(createHash('sha256').update(m.frame).digest('hex')).toBe(want.picture);
      expect(audio.digest('hex')).toBe(want.audioFrames2to60);
      // First frame: as many samples; those after the save point exact.
      expect(first.length).toBe(want.firstFrameAudio.length);
      expect(exact).toBeGreaterThan(10);
      expect(Array.from(first.subarray(first.length - exact))).toEqual(
        want.firstFrameAudio.slice(-exact).map((x) => Math.fround(x)),
      );
      // And it saves in today's format, which loads back to the same machine.
      const now = m.saveState();
      expect(now[4]).toBe(2);
      const again = bootMachine(read('bios.bin'), read('battle.bin'), { pal });
      again.loadState(now);
      expect(again.saveState()).toEqual(now);
    });
  }
});
