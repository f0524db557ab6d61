/**
 * "Start without SELECT GAME" presses 1 through the key queue as soon as the new image boots
 * (program-panel.ts): our open BIOS must take a key held from its very first frames.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { SNAPSHOT_LENGTH } from '../../../src/worker/protocol.ts';
import { buildProgram } from '../../../src/worker/build-program.ts';
import { NEW_PROGRAM } from '../../../src/editor/template.ts';
import { nodeBuiltins } from '../worker/builtins.ts';

const builtins = nodeBuiltins();
const none = new Uint8Array(SNAPSHOT_LENGTH);

/** The ink of the picture after 60 frames (pixels unlike the top-left one), with 1 tapped at frame 0 or not. */
function inkAfterBoot(tapAtOnce: boolean): number {
  const built = buildProgram([{ name: 'new.a48', text: NEW_PROGRAM }], 'new.a48');
  const s = new ConsoleSession({ cart: built.image }, builtins, 48_000);
  if (tapAtOnce) s.keyQueue.tap('1');
  for (let f = 0; f < 60; f++) {
    s.applyInput(none);
    s.runFrame();
  }
  const px = s.machine.frame;
  return px.filter((p) => p !== px[0]).length;
}

describe('start without SELECT GAME', () => {
  it('a key tapped at power-on starts the program on the open BIOS: HELLO, not SELECT GAME', () => {
    const waiting = inkAfterBoot(false);
    const started = inkAfterBoot(true);
    expect(started).toBeGreaterThan(50);
    expect(started).not.toBe(waiting);
    // HELLO is 5 characters, SELECT GAME 11: less ink.
    expect(started).toBeLessThan(waiting);
  });
});
