import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { SNAPSHOT_LENGTH } from '../../../src/worker/protocol.ts';
import { buildSnapshot } from '../../../src/input/keymap.ts';
import { KEY_MATRIX, keyCodeOf } from '../../../rom-core/machine/input.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();
const none = new Uint8Array(SNAPSHOT_LENGTH);
const bit = (key: string) => ({ row: KEY_MATRIX[key] >> 3, mask: 1 << (KEY_MATRIX[key] & 7) });

/** Runs one frame and returns whether `key` was down in the machine while it ran. */
function frameWith(s: ConsoleSession, key: string, snapshot: Uint8Array = none): boolean {
  s.applyInput(snapshot);
  s.runFrame();
  const b = bit(key);
  return (s.machine.keys[b.row] & b.mask) !== 0;
}

describe('ConsoleSession key queue', () => {
  it('holds a typed tap for whole frames at the frame boundary and counts it finished after its gap', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    const until = s.keyQueue.tap('SPACE', 'SPACE');
    expect(until).toBe(2);
    // Default: held 2 frames, released 2; the second SPACE is a second press.
    const seen = Array.from({ length: 8 }, () => frameWith(s, 'SPACE'));
    expect(seen).toEqual([true, true, false, false, true, true, false, false]);
    expect(s.keyQueue.completed).toBe(2);
  });

  it('a live press released before the frame boundary still reaches the machine for its hold', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    s.keyQueue.press('7');
    s.keyQueue.release('7'); // a 10 ms tap: down and up between two frames
    expect([frameWith(s, '7'), frameWith(s, '7'), frameWith(s, '7')]).toEqual([true, true, false]);
  });

  it('adds the queue to the held snapshot: a touch key and a typed key are down together', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    const held = buildSnapshot([keyCodeOf('A')], [0, 0], false, false);
    s.keyQueue.tap('B');
    s.applyInput(held);
    s.runFrame();
    const a = bit('A');
    const b = bit('B');
    expect(s.machine.keys[a.row] & a.mask).toBe(a.mask);
    expect(s.machine.keys[b.row] & b.mask).toBe(b.mask);
    // Clearing drops the queue's keys and keeps the snapshot's.
    s.clearKeys();
    expect(s.machine.keys[b.row] & b.mask).toBe(0);
    expect(s.machine.keys[a.row] & a.mask).toBe(a.mask);
    expect(s.keyQueue.completed).toBe(s.keyQueue.total);
  });
});
