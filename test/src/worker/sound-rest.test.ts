import { describe, expect, it } from 'vitest';
import { REST_AFTER, SoundRest } from '../../../src/worker/sound-rest.ts';

const quiet = (level = 0) => new Float32Array(800).fill(level);
const tone = () => Float32Array.from({ length: 800 }, (_, i) => ((i >> 4) & 1) * 0.5);

describe('SoundRest: no sound sent while the machine is silent', () => {
  it('sends quiet frames for half a second, then rests and sends nothing', () => {
    const rest = new SoundRest();
    const said: string[] = [];
    // The first frame is sound (the level before it is not known); REST_AFTER quiet ones follow it.
    for (let i = 0; i < REST_AFTER + 10; i++) said.push(rest.frame(quiet()));
    expect(said.slice(0, REST_AFTER).every((w) => w === 'send')).toBe(true);
    expect(said[REST_AFTER]).toBe('rest');
    expect(said.slice(REST_AFTER + 1).every((w) => w === 'skip')).toBe(true);
    expect(rest.resting).toBe(true);
  });

  it('wakes on the first frame with any other sample, and sends it', () => {
    const rest = new SoundRest();
    for (let i = 0; i <= REST_AFTER; i++) rest.frame(quiet(0.25));
    expect(rest.resting).toBe(true);
    const one = quiet(0.25);
    one[799] = 0.3; // one sample in the frame's last place
    expect(rest.frame(one)).toBe('wake');
    expect(rest.frame(tone())).toBe('send');
  });

  it('a frame that steps to another steady level is sound (the step is heard), then quiet again', () => {
    const rest = new SoundRest();
    for (let i = 0; i <= REST_AFTER; i++) rest.frame(quiet(0));
    expect(rest.frame(quiet(0.5))).toBe('wake');
    expect(rest.frame(quiet(0.5))).toBe('send');
  });

  it('never rests while a tone plays, and starts afresh after reset', () => {
    const rest = new SoundRest();
    for (let i = 0; i < REST_AFTER * 3; i++) expect(rest.frame(tone())).toBe('send');
    for (let i = 0; i < REST_AFTER; i++) rest.frame(quiet());
    rest.reset();
    expect(rest.resting).toBe(false);
    expect(rest.frame(quiet())).toBe('send');
  });
});
