import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import { BIOS_ENTRY_POINTS, BIOS_SIZE, BIOS_SOURCE, assembleBios } from '../../../rom-core/roms/index.ts';
import { bios, readRomsFile } from './harness.ts';

describe('BIOS build', () => {
  it('assembles with no errors and no warnings', () => {
    const result = assemble(readRomsFile(BIOS_SOURCE), { fileName: BIOS_SOURCE });
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.base).toBe(0);
    expect(result.bytes.length).toBeLessThanOrEqual(BIOS_SIZE);
  });

  it('is exactly 1024 bytes with every documented entry point at its address', () => {
    const { image, symbols, lineMap } = bios();
    expect(image.length).toBe(1024);
    expect(Object.keys(BIOS_ENTRY_POINTS)).toHaveLength(42);
    for (const [name, address] of Object.entries(BIOS_ENTRY_POINTS))
      expect([name, symbols.get(name)]).toEqual([name, address]);
    expect(lineMap.length).toBeGreaterThan(300);
  });

  it('routes reset and both interrupt vectors into the cartridge', () => {
    const { image } = bios();
    expect([...image.subarray(0, 2)]).toEqual([0x84, 0x00]); // JMP 400h
    expect([...image.subarray(3, 5)]).toEqual([0x84, 0x02]); // JMP 402h
    expect([...image.subarray(7, 9)]).toEqual([0x84, 0x04]); // JMP 404h
  });

  it('fails loudly naming an entry point that moved', () => {
    const moved = (path: string): string => readRomsFile(path).replace('org 3EAh', 'org 3EBh');
    expect(() => assembleBios(moved)).toThrow('BIOS entry point printchar is at 3EBh, documented at 3EAh');
  });

  it('reports assembly errors with file and line', () => {
    const broken = (path: string): string => readRomsFile(path).replace('jmp cart_reset', 'jmp nowhere');
    expect(() => assembleBios(broken)).toThrow(/bios\/bios\.a48:\d+:\d+: error: undefined symbol 'nowhere'/);
  });

  it('rejects a BIOS that grows past 3FFh', () => {
    const big = (path: string): string => `${readRomsFile(path)}\n        org 400h\n        db 0\n`;
    expect(() => assembleBios(big)).toThrow('must fit in 000h-3FFh');
  });
});
