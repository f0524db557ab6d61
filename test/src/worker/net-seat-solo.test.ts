/**
 * One guest holding both seats of a battle at a remote table (src/worker/net-seat.ts, solo): its
 * machine runs the battle with both controls steered there, and reports every frame's sticks; the
 * host's machine, started from the same state, runs those frames (as it runs a battle between two
 * guests) and ends in the very state of the guest's machine, where the result is read.
 */
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '../../../src/input/keymap.ts';
import { NetSeat } from '../../../src/worker/net-seat.ts';
import type { VideoMessage } from '../../../src/worker/protocol.ts';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();
const quiet = (): void => undefined;

describe('a battle fought alone by the guest holding both seats', () => {
  it("runs both controls here, reports every frame, and the host's machine ends in the same state", () => {
    const host = new ConsoleSession({}, builtins, 48_000);
    for (let f = 0; f < 30; f++) host.runFrame();
    const hostSeat = new NetSeat(quiet);
    const state = hostSeat.watchFrom(host, null, 3);
    const guest = new ConsoleSession({}, builtins, 48_000);
    const guestSeat = new NetSeat(quiet);
    guestSeat.soloFrom(guest, state, 3);
    const reported: number[] = [];
    const toHost = (m: VideoMessage): void => {
      if (m.type !== 'net-watch') return;
      expect(m.frames.from).toBe(reported.length);
      reported.push(...m.frames.pairs);
      hostSeat.watchInput(m.frames);
    };
    const idle = buildSnapshot([], [0, 0], false, false);
    for (let f = 0; f < 240; f++) {
      // Two people at one keyboard: each control its own stick, changing every few frames.
      const held = buildSnapshot(
        [],
        [[1, 2, 4, 8, 16][Math.floor(f / 9) % 5], [8, 0, 2][Math.floor(f / 13) % 3]],
        false,
        false,
      );
      expect(guestSeat.frame(guest, held)).toBe(true);
      if (f % 3 === 2) guestSeat.flush(toHost);
      expect(hostSeat.frame(host, idle)).toBe(true);
      // Nothing takes the guest's machine back under the frames it reported.
      if (f === 100) expect(guest.rewindFrame()).toBe(false);
    }
    guestSeat.flush(toHost);
    hostSeat.watchEnd();
    while (hostSeat.frame(host, idle)) {
      /* the frames that came */
    }
    expect(reported).toHaveLength(240);
    expect(new Set(reported.map((p) => p >> 5)).size).toBeGreaterThan(1); // the right stick moved too
    expect(Buffer.compare(host.machine.snapshot(), guest.machine.snapshot())).toBe(0);
    expect(guestSeat.stop(guest)).toBeNull();
    expect(guest.netplay).toBe(false);
  });
});
