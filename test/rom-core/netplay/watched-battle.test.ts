/**
 * A spectator's machine (rom-core/netplay/watched-battle.ts): it runs the frames the host confirmed, in order, and
 * ends in the very state of the machine that played them. One who joins late is sent the whole
 * battle so far at once: it catches up many frames a display frame, without their sound.
 */
import { describe, expect, it } from 'vitest';
import { WatchedBattle } from '../../../rom-core/netplay/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { bootMachine } from '../../harness/boot.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';

/** A machine of our BIOS and battle cartridge, as the console starts it. */
const machine = (): Odyssey2 => bootMachine(openBios(), battleCart());
/** Frame f's stick pair: left | right << 5, changing every few frames. */
const pairAt = (f: number): number =>
  [0, 1, 2, 16, 4, 8][Math.floor(f / 7) % 6] | ([8, 0, 4][Math.floor(f / 11) % 3] << 5);

function played(frames: number): { start: Uint8Array; end: Uint8Array } {
  const s = { machine: machine() };
  for (let f = 0; f < 30; f++) s.machine.runFrame();
  const start = s.machine.snapshot();
  for (let f = 0; f < frames; f++) {
    s.machine.joy[0] = pairAt(f) & 0x1f;
    s.machine.joy[1] = pairAt(f) >> 5;
    s.machine.runFrame();
  }
  return { start, end: s.machine.snapshot() };
}

describe('WatchedBattle', () => {
  it('a late spectator sent 600 frames at once catches up fast and silently, then runs one a frame with sound', () => {
    const { start, end } = played(620);
    const s = { machine: machine() };
    s.machine.restoreSnapshot(start);
    let sounded = 0;
    const watch = new WatchedBattle(s.machine, 0, () => sounded++);
    const pairs = Array.from({ length: 620 }, (_, f) => pairAt(f));
    watch.receive({ epoch: 0, from: 0, pairs: pairs.slice(0, 600) });
    let ticks = 0;
    while (watch.stats().queued > 0) {
      watch.tick();
      ticks++;
    }
    // 16 a display frame while more than 60 wait, then 4, then one: about 40 display frames, not 600.
    expect(ticks).toBeLessThan(60);
    expect(sounded).toBeLessThan(70);
    // Live again: each frame that comes runs once, with its sound.
    const before = sounded;
    watch.receive({ epoch: 0, from: 600, pairs: pairs.slice(600) });
    while (watch.stats().queued > 0) watch.tick();
    expect(sounded - before).toBeGreaterThanOrEqual(14);
    expect(watch.stats().frame).toBe(620);
    expect(Buffer.compare(s.machine.snapshot(), end)).toBe(0);
  });

  it('drops frames after a gap, from another epoch, or out of range, and runs none of them', () => {
    const s = { machine: machine() };
    const watch = new WatchedBattle(s.machine, 2, () => undefined);
    watch.receive({ epoch: 2, from: 5, pairs: [1, 2] });
    watch.receive({ epoch: 1, from: 0, pairs: [1, 2] });
    watch.receive({ epoch: 2, from: 0, pairs: [1, 0x400] });
    watch.receive('nonsense');
    expect(watch.stats()).toEqual({ frame: 0, queued: 1, refused: 4 });
  });
});
