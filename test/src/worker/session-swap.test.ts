/**
 * A rebuilt program swapped into the session's running machine (ConsoleSession.swapCart, the
 * console's "Restart on rebuild" off): the machine goes on, the debugger's source lines are the new
 * build's, and a swap that does not fit is refused with a sentence, nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/worker/build-program.ts';
import type { BuildResult } from '../../../src/worker/build-program.ts';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { testBios } from '../../rom-core/machine/helpers.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();

function build(body: string, pad = ''): BuildResult {
  const result = buildProgram([{ name: 'p.a48', text: `  org 400h\nloop:\n${body}\n  jmp loop\n${pad}` }], 'p.a48');
  if (!result.ok || !result.image) throw new Error(result.summary);
  return result;
}

function session(first: BuildResult): ConsoleSession {
  return new ConsoleSession({ bios: testBios(), cart: first.image, cartSource: first.source }, builtins, 48_000);
}

describe('ConsoleSession.swapCart', () => {
  it('keeps the machine running and shows the new source lines', () => {
    const a = build('  nop');
    const b = build('  inc a');
    const s = session(a);
    s.runFrame();
    s.runFrame();
    s.machine.eram[3] = 0x77;
    const frame = s.machine.frameNumber;
    expect(s.swapCart(b.image!, b.source, a.image!)).toBeUndefined();
    expect(s.machine.frameNumber).toBe(frame);
    expect(s.machine.eram[3]).toBe(0x77);
    const a0 = s.machine.cpu.a;
    s.runFrame();
    expect(s.machine.cpu.a).not.toBe(a0);
    const line = s.disassembleAround(0x400).find((l) => l.address === 0x400);
    expect(line?.source).toMatch(/p\.a48:3 +inc a/);
    expect(s.info().roms[1].crcHex).toBe(s.machine.identity.cart.crcHex);
  });

  it('refuses when the machine no longer runs the last build, and changes nothing', () => {
    const a = build('  nop');
    const b = build('  inc a');
    const s = session(a);
    s.runFrame();
    const state = s.machine.saveState();
    expect(s.swapCart(b.image!, b.source, b.image!)).toMatch(/no longer runs your last build/);
    expect(s.machine.saveState()).toEqual(state);
  });

  it('refuses an image of another size, saying why', () => {
    const a = build('  nop');
    const big = build('  inc a', '  org 0c00h\n  db 1\n  org 1200h\n  db 2\n');
    expect(big.image!.length).not.toBe(a.image!.length);
    const s = session(a);
    const state = s.machine.saveState();
    expect(s.swapCart(big.image!, big.source, a.image!)).toMatch(/same size/);
    expect(s.machine.saveState()).toEqual(state);
  });
});
