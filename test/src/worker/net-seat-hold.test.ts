/**
 * The host's machine holds a duel's first frame for about half the round trip (NetStartOptions.holdMs), so it
 * begins with the guest's machine, which starts when the start message reaches it: a host that ran at once was a
 * one-way trip ahead and yielded those frames one at a time in the fight (the netplay bench's host: 23-27 yields
 * in 30 s of battles on a 150 ms line).
 */
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '../../../src/input/keymap.ts';
import { NetSeat } from '../../../src/worker/net-seat.ts';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();
const quiet = (): void => undefined;
const idle = buildSnapshot([], [0, 0], false, false);

describe("a duel's held start", () => {
  it('runs no frame of the battle until the hold has passed, then runs as before', () => {
    let now = 1000;
    const s = new ConsoleSession({}, builtins, 48_000);
    const seat = new NetSeat(quiet, () => now);
    seat.start(s, { side: 0, delay: 2, epoch: 0, holdMs: 75 });
    const at = s.machine.frameNumber;
    for (; now < 1075; now += 16) expect(seat.frame(s, idle)).toBe(true);
    expect(s.machine.frameNumber).toBe(at);
    expect(seat.stats()?.frame).toBe(0);
    now = 1075;
    seat.frame(s, idle);
    seat.frame(s, idle);
    expect(seat.stats()?.frame).toBe(2);
    expect(s.machine.frameNumber).toBe(at + 2);
  });

  it('starts at once without a hold, and refuses a hold that is no time', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    const seat = new NetSeat(quiet, () => 0);
    seat.start(s, { side: 1, delay: 1, epoch: 0 });
    seat.frame(s, idle);
    expect(seat.stats()?.frame).toBe(1);
    for (const holdMs of [-1, 1001, Number.NaN, '75' as unknown as number])
      expect(() => new NetSeat(quiet).start(s, { side: 0, delay: 1, holdMs })).toThrow(/held 0 to 1000 ms/);
  });
});
