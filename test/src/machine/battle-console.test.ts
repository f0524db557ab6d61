import { describe, expect, it } from 'vitest';
import { WorkerBattleConsole } from '../../../src/machine/battle-console.ts';
import type { HostEvents, MachineHost } from '../../../src/machine/machine-host.ts';
import { MAILBOX, MAILBOX_SIGNATURE } from '../../../rom-core/roms/carts/mailbox.ts';

/** A stand-in for the page's machine host: frames are delivered by the test. */
function fakeHost() {
  const listeners = new Set<Partial<HostEvents>>();
  const typed: string[][] = [];
  let cleared = 0;
  const pending: ((frame: number) => void)[] = [];
  const host = {
    frame: 10,
    eram: new Uint8Array(128),
    on(events: Partial<HostEvents>) {
      listeners.add(events);
      return () => listeners.delete(events);
    },
    runtime: {
      api: {
        typeKeys: (keys: string[]) => {
          typed.push(keys);
          return new Promise<number>((resolve) => pending.push(resolve));
        },
        clearKeys: () => {
          cleared++;
        },
      },
    },
  };
  const frame = (phase: number, n: number) => {
    const eram = new Uint8Array(128);
    eram[MAILBOX.signature] = MAILBOX_SIGNATURE;
    eram[MAILBOX.phase] = phase;
    host.eram = eram;
    host.frame = n;
    for (const l of [...listeners]) l.frame?.(new Uint8Array(0), eram, n);
  };
  return {
    host: host as unknown as MachineHost,
    typed,
    frame,
    finishTyping: (n: number) => pending.shift()?.(n),
    cleared: () => cleared,
  };
}

describe('WorkerBattleConsole', () => {
  it('types through the worker and resolves once the frame of the last release has reached the page', async () => {
    const f = fakeHost();
    const c = new WorkerBattleConsole(f.host);
    let done = false;
    const typing = c.type(['SPACE', 'R']).then(() => {
      done = true;
    });
    expect(f.typed).toEqual([['SPACE', 'R']]);
    f.finishTyping(14);
    await Promise.resolve();
    f.frame(1, 13);
    await Promise.resolve();
    expect(done).toBe(false); // the worker's frame 14 has not reached the page yet
    f.frame(1, 14);
    await typing;
    expect(done).toBe(true);
  });

  it('waits for the first frame whose mailbox satisfies the test, and stops waiting on abort', async () => {
    const f = fakeHost();
    const c = new WorkerBattleConsole(f.host);
    const battle = c.waitFor((m) => m.phase === 'battle', 'the battle');
    f.frame(1, 11);
    f.frame(2, 12);
    expect((await battle).phase).toBe('battle');
    const stop = new AbortController();
    const never = c.waitFor((m) => m.phase === 'result', 'the result', stop.signal);
    stop.abort('cancelled');
    await expect(never).rejects.toThrow('stopped waiting for the result: cancelled');
  });

  it('an aborted typing clears the worker key queue', async () => {
    const f = fakeHost();
    const c = new WorkerBattleConsole(f.host);
    const stop = new AbortController();
    const typing = c.type(['1', '2'], stop.signal);
    stop.abort('gone');
    f.finishTyping(20);
    f.frame(1, 20);
    await expect(typing).rejects.toBeDefined();
    expect(f.cleared()).toBe(1);
  });
});
