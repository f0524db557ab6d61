import { describe, expect, it } from 'vitest';
import { bytesOf, ok } from './helpers.ts';

// ASL constructs the Odyssey² homebrew sources use (issue 13), each with ASL 1.42's meaning.
describe('ASL dialect', () => {
  it('a mnemonic-named word in column 1 before a mnemonic is a label (`stop jmp stop`)', () => {
    const r = ok('\torg 400h\n\tnop\nstop\tjmp\tstop\n');
    expect(r.symbols.get('stop')).toBe(0x401);
    expect(Array.from(r.bytes)).toEqual([0x00, 0x84, 0x01]);
  });

  it('the same word indented is still the instruction', () => {
    expect(bytesOf('\tstop\ttcnt\n')).toEqual([0x65]);
  });
});
