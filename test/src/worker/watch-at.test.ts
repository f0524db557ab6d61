/**
 * Watchpoints typed as the worker's session takes them (src/worker/watch-at.ts): a byte by label
 * with a condition, the program's names for RAM and VDC bytes (ram-names.ts), jump targets by label
 * in the disassembly, and a mistake that changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { buildProgram } from '../../../src/worker/build-program.ts';
import { ramNames } from '../../../src/worker/ram-names.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();

/** R7 counts up into `score` (internal RAM 30h); `vdc_color` is pointed at, `vdc_ctrl_dot` (a bit) is not. */
const SOURCE = [
  '\tcpu\t8048',
  '\torg\t400h',
  'score\tequ\t30h',
  'vdc_color\tequ\t0A3h',
  'vdc_ctrl_dot\tequ\t040h',
  'speed\tequ\t3',
  '\tjmp\tstart',
  '\tjmp\tstart',
  '\tjmp\tstart',
  'start\tdis\ti',
  '\tdis\ttcnti',
  '\tmov\tr7,#0',
  'count\tinc\tr7',
  '\tmov\ta,r7',
  '\tmov\tr1,#score',
  '\tmov\t@r1,a',
  '\tmov\tr0,#vdc_color',
  '\tjmp\tcount',
].join('\n');

function session(): ConsoleSession {
  const built = buildProgram([{ name: 'score.a48', text: SOURCE }], 'score.a48');
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

describe('watch at', () => {
  it('a watch on a label with a condition stops only when it holds, named and said with the condition', () => {
    const s = session();
    expect(s.watches.add('score if A == 5', 'iram', 'write')).toBe(
      'Watching writes of internal RAM 30h (score) if A == 5.',
    );
    expect(runToStop(s)).toMatch(
      /^watchpoint: internal RAM 30h \(score\) written \(04h → 05h\) by the instruction at 40Eh: PC 40Fh, frame \d+$/,
    );
    const info = s.debugInfo();
    expect(info.a).toBe(5);
    expect(info.watchpoints).toEqual([
      { space: 'iram', address: 0x30, kind: 'write', name: 'score', condition: 'A == 5' },
    ]);
    // The list comes back from the page as it was: its conditions are compiled again.
    s.setWatchpoints(info.watchpoints);
    expect(s.debugInfo().watchpoints).toEqual(info.watchpoints);
  });

  it('[space X] names its own memory; a byte the program names gets its name', () => {
    const s = session();
    expect(s.watches.add('[vdc 0A3h]', 'iram', 'read')).toBe('Watching reads of VDC register A3h (vdc_color).');
    expect(s.watches.add('12h', 'eram', 'value', 7)).toBe('Watching external RAM 12h becoming 07h.');
    expect(s.debugInfo().watchpoints.map((w) => w.space)).toEqual(['vdc', 'eram']);
  });

  it('names RAM and VDC bytes the program points R0 or R1 at; labels name jump targets', () => {
    const s = session();
    expect(s.debugInfo().ramNames).toEqual({ iram: { 0x30: 'score' }, eram: {}, vdc: { 0xa3: 'vdc_color' } });
    const texts = s.disassembleAround(0x40a).map((l) => l.text);
    expect(texts).toContain('JMP start');
    expect(texts).toContain('JMP count');
    // Prefixes say the memory, first; a name with none is internal RAM 20h-3Fh, if the main file defines it;
    // a value never pointed at names nothing.
    const names = ramNames(
      new Map([
        ['iram_x', 0x05],
        ['xram_y', 0x10],
        ['col_cyan', 0x30],
        ['lives', 0x21],
        ['low', 0x05],
        ['vdc_bit', 0x02],
        ['iram_lives', 0x21],
        ['passes', 0x30],
      ]),
      new Map(),
      Uint8Array.from([0xb8, 0x05, 0xb9, 0x10, 0xb8, 0x21, 0xb9, 0x30]),
      new Set(['lives', 'passes', 'low']),
    );
    expect(names).toEqual({
      iram: { 0x05: 'iram_x', 0x21: 'iram_lives', 0x30: 'passes' },
      eram: { 0x10: 'xram_y' },
      vdc: {},
    });
  });

  it('a mistake is one sentence and changes nothing', () => {
    const s = session();
    s.watches.add('score', 'iram', 'write');
    const before = s.debugInfo().watchpoints;
    expect(() => s.watches.add('nowhere', 'iram', 'write')).toThrow(/“nowhere” is neither a register .* nor a label/);
    expect(() => s.watches.add('score if A ==', 'iram', 'write')).toThrow(
      'The expression ends where a value should come.',
    );
    expect(() => s.watches.add('score + 10h', 'iram', 'write')).toThrow('iram runs from 00h to 3Fh; 40h is past it.');
    expect(() => s.watches.add('score if A == 1 if A == 2', 'iram', 'write')).toThrow(/one “if”/);
    expect(() => s.watches.add('  ', 'iram', 'write')).toThrow(/Say what to watch/);
    expect(() => s.setWatchpoints([...before, { space: 'iram', address: 1, kind: 'write', condition: 'B' }])).toThrow(
      /“B” is neither a register/,
    );
    expect(s.debugInfo().watchpoints).toEqual(before);
  });
});
