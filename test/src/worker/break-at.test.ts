/**
 * "Break at" as the worker's session takes it (src/worker/break-at.ts): a breakpoint by label with a
 * condition, a scanline, the labels in the disassembly, and a mistake that changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { buildProgram } from '../../../src/worker/build-program.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();

/** A loop counting R7 up (interrupts off), with the labels the test names. */
const SOURCE = [
  '\tcpu\t8048',
  '\torg\t400h',
  '\tjmp\tstart',
  '\tjmp\tstart',
  '\tjmp\tstart',
  'start\tdis\ti',
  '\tdis\ttcnti',
  '\tmov\tr7,#0',
  'count\tinc\tr7',
  '\tmov\ta,r7',
  '\tjmp\tcount',
].join('\n');

function session(): ConsoleSession {
  const built = buildProgram([{ name: 'loop.a48', text: SOURCE }], 'loop.a48');
  if (!built.image) throw new Error(built.summary);
  return new ConsoleSession({ cart: built.image, cartSource: built.source }, builtins, 48_000);
}

function runToStop(s: ConsoleSession, frames = 300): string {
  for (let f = 0; f < frames; f++) {
    const { stop } = s.runFrame();
    if (stop) return stop.text;
  }
  throw new Error('no stop');
}

describe('break at', () => {
  it('a label with a condition stops there only when it holds, said with the condition; labels show in the disassembly', () => {
    const s = session();
    expect(s.breaks.add('count + 1 if A == 3 && R7 == 4')).toBe('Breakpoint at 40Bh when A == 3 && R7 == 4.');
    expect(runToStop(s)).toMatch(/^breakpoint \(A == 3 && R7 == 4\): PC 40Bh, frame \d+$/);
    const info = s.debugInfo();
    expect(info).toMatchObject({ a: 3, pc: 0x40b, typedBreaks: [{ address: 0x40b, condition: 'A == 3 && R7 == 4' }] });
    expect(info.regs[7]).toBe(4);
    expect(info.disasm.find((l) => l.address === 0x40a)?.label).toBe('count');
    expect(info.disasmLabels).toEqual({});
    expect(s.romView().labels).toMatchObject({ 0x40a: 'count', 0x406: 'start' });
    s.breaks.clear();
    expect(s.debugInfo().breakpoints).toEqual([]);
  });

  it('line N stops when the beam reaches it; the beam is in the debug info', () => {
    const s = session();
    expect(s.breaks.add('line 120')).toBe('Break when the beam reaches line 120.');
    expect(runToStop(s)).toMatch(/^the beam reached line 120: PC 4\w\wh, frame \d+$/);
    expect(s.debugInfo()).toMatchObject({ scanline: 120, beam: { line: 120 } });
  });

  it('a mistake is one sentence and changes nothing', () => {
    const s = session();
    s.breaks.add('count');
    const before = s.debugInfo();
    expect(() => s.breaks.add('nowhere if A == 1')).toThrow(/“nowhere” is neither a register .* nor a label/);
    expect(() => s.breaks.add('count if A ==')).toThrow('The expression ends where a value should come.');
    expect(() => s.breaks.add('line 400')).toThrow(
      "The beam's lines run from 0 to 262 (NTSC); 400 is not one of them.",
    );
    expect(() => s.breaks.add('count if A == 1 if A == 2')).toThrow(/one “if”/);
    const after = s.debugInfo();
    expect(after.breakpoints).toEqual(before.breakpoints);
    expect(after.typedBreaks).toEqual([{ address: 0x40a, condition: '' }]);
    expect(after.scanline).toBeUndefined();
  });
});
