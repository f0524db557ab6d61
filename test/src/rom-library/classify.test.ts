import { describe, expect, it } from 'vitest';
import { checkFileSize, classifyFile } from '../../../src/rom-library/classify.ts';

describe('classifyFile', () => {
  it('names images by size', () => {
    expect(classifyFile('b.rom', new Uint8Array(1024)).kind).toBe('bios');
    expect(classifyFile('c.bin', new Uint8Array(512)).kind).toBe('charset');
    expect(classifyFile('g.bin', new Uint8Array(4096)).kind).toBe('cart');
    expect(classifyFile('s.o2s', new Uint8Array([0x4f, 0x32, 0x4d, 0x53, 1, 2])).kind).toBe('state');
  });

  it('gives a specific message for empty, odd-sized and huge files', () => {
    expect(classifyFile('e.bin', new Uint8Array(0))).toEqual({
      kind: 'error',
      message: '“e.bin” is empty (0 bytes), so there is nothing to load.',
    });
    const odd = classifyFile('x.bin', new Uint8Array(3));
    expect(odd.kind === 'error' && odd.message).toMatch(
      /^“x\.bin” is 3 bytes, which is not the size of any Odyssey² file/,
    );
    expect(checkFileSize('big.bin', 5 * 1024 * 1024)).toMatch(/^“big\.bin” is 5\.0 MB: far too large/);
    expect(checkFileSize('ok.bin', 2048)).toBeUndefined();
  });
});
