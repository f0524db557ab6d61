/**
 * The Node console of the battle bridge: keys typed through the key queue, the mailbox read after
 * whole frames, a runner script played from the frame ENTER goes down, every wait bounded.
 */
import { describe, expect, it } from 'vitest';
import { parseInputScript } from '../../../../rom-core/machine/index.ts';
import { ConsoleTimeoutError, SteppedConsole } from '../../../../rom-core/roms/carts/stepped-console.ts';
import { battleCart, openBios } from './scenarios.ts';
import { bootMachine } from '../../../harness/boot.ts';

/** blue-wins-mine (scenarios.ts) with frames counted from ENTER (its frame 156 is frame 1 here). */
const MINE_AFTER_ENTER = '45 J0_DOWN down\n95 J0_DOWN up\n95 J0_RIGHT down\n115 J0_RIGHT up\n';

function boot(options = {}): SteppedConsole {
  return new SteppedConsole(bootMachine(openBios(), battleCart()), options);
}

// Hundreds of emulated frames: room for a loaded machine (2 CPUs shared by several suites).
describe('SteppedConsole', { timeout: 60_000 }, () => {
  it('types the entry, plays a script from the ENTER press, and reads the result from the mailbox', async () => {
    const c = boot();
    await c.runFrames(30);
    expect((await c.read()).ours).toBe(false); // SELECT GAME: the cartridge has not started yet
    await c.type(['SPACE', 'R', 'T', '2', '5', '0', '0', 'B', 'T', '2', '5', '0', '0']);
    const entry = await c.read();
    expect(entry).toMatchObject({
      ours: true,
      phase: 'entry',
      red: { weapon: 'T', energy: 2500 },
      blue: { weapon: 'T', energy: 2500 },
    });
    c.playFrom('ENTER', parseInputScript(MINE_AFTER_ENTER));
    const pressedAt = c.machine.frameNumber + 1;
    await c.type(['ENTER']);
    const result = await c.waitFor((m) => m.phase === 'result', 'the result screen');
    expect(result).toMatchObject({ winner: 'blue', end: 'destroyed', battles: 1 });
    expect(result.red.state & 0x80).toBe(0x80);
    expect(c.scriptPlaying).toBe(false);
    // The same battle as the cartridge test's blue-wins-mine, which is over by its frame 330.
    expect(c.machine.frameNumber - pressedAt + 1).toBeLessThanOrEqual(330 - 156 + 1);
  });

  it('fails a wait that runs out of frames with a sentence naming what it waited for', async () => {
    const c = boot({ maxWaitFrames: 50 });
    await expect(c.waitFor((m) => m.phase === 'result', 'the result screen')).rejects.toThrow(ConsoleTimeoutError);
    await expect(c.waitFor((m) => m.phase === 'result', 'the result screen')).rejects.toThrow(
      /waited 50 frames \(0\.8 s of play\) for the result screen, and it did not happen; the mailbox signature is missing/,
    );
  });

  it('stops waiting when its signal aborts, with the signal reason', async () => {
    const c = boot({ yieldEvery: 10 });
    const abort = new AbortController();
    const wait = c.waitFor(() => false, 'a battle that never ends', abort.signal);
    setTimeout(() => abort.abort(new Error('undo')), 0);
    await expect(wait).rejects.toThrow('undo');
    expect(c.machine.frameNumber).toBeLessThan(c.maxWaitFrames);
  });

  it('refuses an unknown key and types nothing; refuses a script it cannot play and keeps the one it had', async () => {
    const c = boot();
    await expect(c.type(['R', 'SHIFT'])).rejects.toThrow(/unknown key 'SHIFT'/);
    expect(c.queue.total).toBe(0);
    c.play(parseInputScript('5 J0_UP down\n'));
    expect(() => c.play([{ frame: 1, key: 'HYPER', down: true }])).toThrow(/script event 1: unknown key 'HYPER'/);
    expect(() =>
      c.playFrom('ENTER', [
        { frame: 3, key: 'R', down: true },
        { frame: 2, key: 'R', down: false },
      ]),
    ).toThrow(/script event 2: frames are whole numbers from 1 in order, got 2/);
    expect(c.scriptPlaying).toBe(true);
    await c.runFrames(5);
    expect(c.machine.joy[0]).toBe(1);
    expect(c.scriptPlaying).toBe(false);
  });
});
