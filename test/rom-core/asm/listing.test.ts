import { describe, expect, it } from 'vitest';
import { symbolMap } from '../../../rom-core/asm/index.ts';
import { ok } from './helpers.ts';

// Issue 36: a listing whose every line names its file and line (an include's lines can be found),
// ending in a symbol table as ASL's does; the map says what each name is and where it is defined.
const files: Record<string, string> = {
  'defs.inc': 'five\tequ\t5\ncount\treg\tr6\nbump\tmacro\n\tinc count\n\tendm\n',
};
const main =
  '\torg 400h\n\tinclude "defs.inc"\nstart\tmov a,#five\n\tbump\nname\tset\t"x"\nsq\tfunction v, v*v\n\tjmp start\n';
const build = () => ok(main, { fileName: 'main.a48', readFile: (p) => files[p] });

describe('listing', () => {
  it("names each line's file and line number, an include's lines and a macro's body lines included", () => {
    const lines = build().listing.split('\n');
    expect(lines.slice(0, 13)).toEqual([
      'main.a48:1  0400                 \torg 400h',
      'main.a48:2                       \tinclude "defs.inc"',
      'defs.inc:1        = 0005         five\tequ\t5',
      'defs.inc:2        = R6           count\treg\tr6',
      'defs.inc:3                       bump\tmacro',
      'defs.inc:4                       \tinc count',
      'defs.inc:5                       \tendm',
      'main.a48:3  0400  23 05       2  start\tmov a,#five',
      'main.a48:4                       \tbump',
      'defs.inc:4  0402  1E          1+ \tinc count',
      'main.a48:5        = "x"          name\tset\t"x"',
      'main.a48:6                       sq\tfunction v, v*v',
      'main.a48:7  0403  84 00       2  \tjmp start',
    ]);
  });

  it('ends with a symbol table: name, value, kind and where, sorted by name', () => {
    const listing = build().listing;
    const table = listing.slice(listing.indexOf('Symbol table'));
    expect(table.split('\n')).toEqual([
      'Symbol table (6 symbols):',
      'name    value  kind      defined at',
      'bump           macro     defs.inc:3',
      'count   R6     register  defs.inc:2',
      'five    0005   constant  defs.inc:1',
      'name    "x"    string    main.a48:5',
      'sq             function  main.a48:6',
      'start   0400   label     main.a48:3',
      '',
    ]);
  });
});

describe('symbol map', () => {
  it('value, kind, name and file per symbol, by value (macros and functions last)', () => {
    expect(symbolMap(build().symbolTable).split('\n')).toEqual([
      '0005 constant five defs.inc:1',
      '0400 label    start main.a48:3',
      'R6   register count defs.inc:2',
      '"x"  string   name main.a48:5',
      '     macro    bump defs.inc:3',
      '     function sq main.a48:6',
      '',
    ]);
  });
});
