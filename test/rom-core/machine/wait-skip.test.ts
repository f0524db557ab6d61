/**
 * The CPU passes over a wait loop's spins in one step (rom-core/i8048/wait-loop.ts): the machine must
 * end every frame exactly as when it runs every spin (state, picture, sound), and must actually pass
 * over them (it asks /INT far less often).
 */
import { describe, expect, it } from 'vitest';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { bootMachine, playScript } from '../../harness/boot.ts';
import { firstDifference, idleCart, machine, testCart } from './helpers.ts';
import { battleCart, openBios, scenario } from '../roms/carts/scenarios.ts';

const battleMachine = (): Odyssey2 => bootMachine(openBios(), battleCart());

/** Counts the machine's answers to the CPU's /INT question. */
function countInterruptChecks(m: Odyssey2): { count: number } {
  const counter = { count: 0 };
  const readInt = m.readInt.bind(m);
  m.readInt = () => {
    counter.count++;
    return readInt();
  };
  return counter;
}

/**
 * Runs two machines made alike side by side through the same frames (keys from `script`), one passing
 * over waits and one running every spin, comparing them after every frame; returns each one's /INT
 * checks.
 */
function runBoth(
  make: () => Odyssey2,
  frames: number,
  script = '',
  each?: (m: Odyssey2) => void,
): { skipping: number; spinning: number } {
  const fast = make();
  const slow = make();
  slow.cpu.skipWaits = false;
  const fastChecks = countInterruptChecks(fast);
  const slowChecks = countInterruptChecks(slow);
  const both = {
    setKey: (key: string, down: boolean) => {
      fast.setKey(key, down);
      slow.setKey(key, down);
    },
    runFrame: () => {
      fast.runFrame();
      slow.runFrame();
    },
  };
  playScript(both, script, frames, {
    after: (f) => {
      expect(firstDifference(fast.saveState(), slow.saveState()), `state after frame ${f}`).toBe(-1);
      expect(firstDifference(fast.frame, slow.frame), `picture after frame ${f}`).toBe(-1);
      expect(firstDifference(fast.audio, slow.audio), `sound after frame ${f}`).toBe(-1);
      each?.(fast);
    },
  });
  return { skipping: fastChecks.count, spinning: slowChecks.count };
}

describe('passing over wait loops', () => {
  it('ends every frame of our BIOS and battle cartridge, in a battle, as running every spin does', () => {
    const s = scenario('red-wins-tank-duel');
    const checks = runBoth(battleMachine, s.frames, s.input);
    // The cartridge waits for VBLANK in the BIOS's waitvsync for much of each frame.
    expect(checks.skipping * 2).toBeLessThan(checks.spinning);
  }, 60_000);

  it('ends every frame of each wait shape, under every interrupt and the timer, as running every spin does', () => {
    const phases = new Set<number>();
    const checks = runBoth(
      () => machine(testCart('waits')),
      240,
      '',
      (m) => phases.add(m.cpu.ram[0x23]),
    );
    // Every phase of waits.a48 was reached, and the interrupts and the timer ran.
    expect([...phases].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(checks.skipping * 2).toBeLessThan(checks.spinning);
  }, 60_000);

  it('ends every frame of waits.a48 on PAL timing (another frame, another VBLANK) as running every spin does', () => {
    const phases = new Set<number>();
    runBoth(
      () => machine(testCart('waits'), { pal: true }),
      240,
      '',
      (m) => phases.add(m.cpu.ram[0x23]),
    );
    expect([...phases].sort()).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);

  it('a jump to itself with interrupts off runs to each frame end as running every spin does', () => {
    const checks = runBoth(() => machine(idleCart()), 30);
    // Interrupts are never enabled: /INT is never asked.
    expect(checks).toEqual({ skipping: 0, spinning: 0 });
  });
});
