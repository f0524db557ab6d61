/**
 * The "New program" template under the loop of "Restart on rebuild" off: it writes its text once a
 * frame in the vertical blank, so the picture holds still (no flicker) and a change swapped into the
 * running machine shows within a frame or two, with no restart and no key.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { SNAPSHOT_LENGTH } from '../../../src/worker/protocol.ts';
import { buildProgram } from '../../../src/worker/build-program.ts';
import type { BuildResult } from '../../../src/worker/build-program.ts';
import { NEW_PROGRAM } from '../../../src/editor/template.ts';
import { nodeBuiltins } from '../worker/builtins.ts';

const builtins = nodeBuiltins();
const none = new Uint8Array(SNAPSHOT_LENGTH);

function build(text: string): BuildResult {
  const built = buildProgram([{ name: 'new.a48', text }], 'new.a48');
  if (!built.ok || !built.image) throw new Error(built.summary);
  return built;
}

function frames(s: ConsoleSession, n: number): void {
  for (let f = 0; f < n; f++) {
    s.applyInput(none);
    s.runFrame();
  }
}

const ink = (s: ConsoleSession): number => {
  const px = s.machine.frame;
  return px.filter((p) => p !== px[0]).length;
};

describe('the template, swapped while it runs', () => {
  it('holds a still picture, and shows a change swapped in without a restart or a key', () => {
    const first = build(NEW_PROGRAM);
    const s = new ConsoleSession({ cart: first.image, cartSource: first.source }, builtins, 48_000);
    s.keyQueue.tap('1');
    frames(s, 60);
    const hello = ink(s);
    expect(hello).toBeGreaterThan(50);
    const still = s.machine.frame.slice();
    frames(s, 5);
    expect(s.machine.frame).toEqual(still);

    // HELLO moved right: the same bytes' count, so the image swaps in place.
    const moved = build(NEW_PROGRAM.replace('mov     r3,#18h', 'mov     r3,#40h'));
    expect(moved.image!.length).toBe(first.image!.length);
    const frame = s.machine.frameNumber;
    expect(s.swapCart(moved.image!, moved.source, first.image!)).toBeUndefined();
    frames(s, 3);
    expect(s.machine.frameNumber).toBe(frame + 3);
    expect(s.machine.frame).not.toEqual(still);
    expect(ink(s)).toBe(hello);
  });
});
