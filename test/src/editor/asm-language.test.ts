/** The source panel's colouring of 8048 assembly in ASL's dialect. */
import { describe, expect, it } from 'vitest';
import { lineTokens } from '../../../src/editor/asm-language.ts';
import { mainFile } from '../../../src/editor/main-file.ts';

const styled = (line: string) =>
  lineTokens(line)
    .filter((t) => t.style !== null)
    .map((t) => `${t.style}:${t.text}`);

describe('8048 colouring', () => {
  it('reads a column-1 word as a label even when it is spelled like a mnemonic, then the mnemonic and its operand', () => {
    expect(styled('stop\tjmp\tstop\t; Thats all')).toEqual([
      'labelName:stop',
      'keyword:jmp',
      'variableName:stop',
      'comment:; Thats all',
    ]);
  });

  it('colours registers, immediate numbers in ASL notations, directives and strings', () => {
    expect(styled('\tmov\tr2,#0bh\t\t; length')).toEqual([
      'keyword:mov',
      'variableName.special:r2',
      'operator:,',
      'operator:#',
      'number:0bh',
      'comment:; length',
    ]);
    expect(styled('\torg\t400h')).toEqual(['meta:org', 'number:400h']);
    expect(styled('\tinclude\t"g7000.h"')).toEqual(['meta:include', 'string:"g7000.h"']);
    expect(styled('loop:\tmovp\ta,@a')).toEqual([
      'labelName:loop:',
      'keyword:movp',
      'variableName.special:a',
      'operator:,',
      'variableName.special:@a',
    ]);
    expect(styled('\tdb\t$1d, 0x12, %0101')).toEqual([
      'meta:db',
      'number:$1d',
      'operator:,',
      'number:0x12',
      'operator:,',
      'number:%0101',
    ]);
  });
});

describe('the file to build', () => {
  it('is the program nobody includes, or the one asked for', () => {
    const files = [
      { name: 'macros.a48', text: '' },
      { name: 'game.a48', text: '\tinclude "macros.a48"\n' },
    ];
    expect(mainFile(files)).toBe('game.a48');
    expect(mainFile(files, 'macros.a48')).toBe('macros.a48');
  });
});
