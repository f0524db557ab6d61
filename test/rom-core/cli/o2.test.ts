import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../../rom-core/cli/o2.ts';
import type { CliIo } from '../../../rom-core/cli/o2.ts';
import { KEY_NAMES } from '../../../rom-core/machine/input.ts';

/** An in-memory disk and captured output for main(). */
function fakeIo(files: Record<string, string | Uint8Array>) {
  const disk = new Map<string, Uint8Array>();
  for (const [k, v] of Object.entries(files)) disk.set(k, typeof v === 'string' ? new TextEncoder().encode(v) : v);
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readFile: (path) => {
      // The CLI resolves include paths to absolute ones; the fake disk keys on the base name.
      const key = disk.has(path) ? path : path.split('/').pop()!;
      const data = disk.get(key);
      if (!data) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return data;
    },
    writeFile: (path, data) => disk.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : data),
  };
  return {
    io,
    disk,
    out: () => out.join(''),
    err: () => err.join(''),
    text: (p: string) => new TextDecoder().decode(disk.get(p)),
  };
}

describe('o2 asm', () => {
  it('refuses to write its output onto the source (or two outputs onto one file), and the source is untouched', () => {
    const f = fakeIo({ 's.a48': ' org 400h\n nop\n' });
    expect(main(['asm', 's.a48', '-o', 's.a48'], f.io)).toBe(1);
    expect(f.err()).toContain(
      '-o s.a48 is the source file; writing it would destroy the source, so nothing was assembled',
    );
    expect(f.text('s.a48')).toBe(' org 400h\n nop\n');
    const g = fakeIo({ 's.a48': ' org 400h\n nop\n' });
    expect(main(['asm', 's.a48', '-o', 's.bin', '--lst', 's.bin'], g.io)).toBe(1);
    expect(g.err()).toContain('--lst s.bin is also -o; one file cannot hold both, so nothing was assembled');
    expect(g.disk.has('s.bin')).toBe(false);
  });

  it('refuses an empty source (no 0-byte image) and one with only symbols', () => {
    for (const source of ['', '; nothing\nval equ 5\n']) {
      const f = fakeIo({ 'e.a48': source });
      expect(main(['asm', 'e.a48', '-o', 'e.bin'], f.io)).toBe(1);
      expect(f.err()).toBe(
        'e.a48: the source produced no bytes (it is empty, or holds only symbols, macros and comments); nothing written\n',
      );
      expect(f.disk.has('e.bin')).toBe(false);
    }
  });

  it("prints a source's escape bytes escaped, and the true error count past the cap", () => {
    const f = fakeIo({ 'x.a48': ' org 400h\n db 1\u001b]0;pwned\u0007\n' + ' jmp nowhere\n'.repeat(150) });
    expect(main(['asm', 'x.a48', '-o', 'x.bin'], f.io)).toBe(1);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(f.err()).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(f.err()).toContain('\\x1B]0;pwned\\x07');
    expect(f.err()).toMatch(/51 more errors not shown \(the first 100 are\)\n151 errors; nothing written\n$/);
  });

  it('--shared writes the include file ASL writes for SHARED symbols (Latin-1, as ASL 1.42 -a does)', () => {
    const f = fakeIo({
      's.a48':
        '\tcpu 8048\n\torg 400h\n\tshared gamma\n\tshared Beta\nAlpha\tnop\nbeta equ 0abch\ngamma equ 5\n\tshared alpha\n',
    });
    expect(main(['asm', 's.a48', '-o', 's.bin', '--shared', 's.inc'], f.io)).toBe(0);
    // ASL 1.42 wrote these bytes for the same source.
    const header = '; s.a48-Includefile f\xfcr Assembler-Programm\n';
    const footer = '; Ende Includefile f\xfcr Assembler-Programm\n';
    expect(Array.from(f.disk.get('s.inc')!)).toEqual(
      Array.from(header + 'gamma equ 5H\nBeta equ 0ABCH\nalpha equ 400H\n' + footer, (c) => c.charCodeAt(0)),
    );
    expect(main(['asm', 's.a48', '-o', 's.bin', '--shared', 's.a48'], f.io)).toBe(1);
  });

  it('writes the binary, listing and map, and exits 0', () => {
    const f = fakeIo({
      'game.a48': ' org 400h\n include "defs.h"\nstart: mov a,#val\n jmp start\n',
      'defs.h': 'val equ 5\n',
    });
    const code = main(['asm', 'game.a48', '-o', 'game.bin', '--lst', 'game.lst', '--map', 'game.map'], f.io);
    expect(f.err()).toBe('');
    expect(code).toBe(0);
    // A cartridge image the console loads: 400h at offset 0, FFh to 2 KB (it refused the 4 bytes alone).
    const image = f.disk.get('game.bin')!;
    expect(image.length).toBe(2048);
    expect(Array.from(image.subarray(0, 4))).toEqual([0x23, 0x05, 0x84, 0x00]);
    expect(image.subarray(4).every((b) => b === 0xff)).toBe(true);
    expect(f.text('game.lst')).toContain('0400  23 05       2  start: mov a,#val');
    // Value, kind, name and where it is defined (issue 36).
    expect(f.text('game.map')).toBe('0005 constant val defs.h:1\n0400 label    start game.a48:3\n');
    expect(f.text('game.lst')).toContain('Symbol table (2 symbols):');
    expect(f.out()).toBe('game.bin: 4 bytes at 0x400-0x403, a 2 KB cartridge image (FFh after the program)\n');
  });

  it('--raw writes the bytes as assembled; a program below 400h (a BIOS) is written raw; one past 16 KB is refused', () => {
    const f = fakeIo({
      'game.a48': ' org 400h\nstart: jmp start\n',
      'bios.a48': ' org 0\n nop\n nop\n',
      'big.a48': ' org 400h\n ds 4000h\n nop\n',
    });
    expect(main(['asm', 'game.a48', '-o', 'game.bin', '--raw'], f.io)).toBe(0);
    expect(Array.from(f.disk.get('game.bin')!)).toEqual([0x84, 0x00]);
    expect(main(['asm', 'bios.a48', '-o', 'bios.bin'], f.io)).toBe(0);
    expect(Array.from(f.disk.get('bios.bin')!)).toEqual([0x00, 0x00]);
    expect(f.out()).toContain('bios.bin: 2 bytes at 0x000-0x001 (the bytes as assembled)');
    expect(main(['asm', 'big.a48', '-o', 'big.bin'], f.io)).toBe(1);
    expect(f.err()).toMatch(
      /more than the largest cartridge \(16384 bytes\); nothing written \(--raw writes the bytes as assembled\)/,
    );
    expect(f.disk.has('big.bin')).toBe(false);
  });

  it("writes Gust's clock demo (120 bytes) as the 2 KB image p2bin -r $400-$bff makes of ASL's output", () => {
    const dir = join(import.meta.dirname, '../../programs/third-party/gust');
    const files: Record<string, Uint8Array> = {};
    for (const name of ['clock.a48', 'g7000.h']) files[name] = readFileSync(join(dir, name));
    const f = fakeIo(files);
    expect(main(['asm', 'clock.a48', '-o', 'clock.bin'], f.io)).toBe(0);
    const golden = readFileSync(join(import.meta.dirname, '../../golden/asl-gust/clock.bin'));
    const image = f.disk.get('clock.bin')!;
    expect(golden.length).toBe(120);
    expect(image.length).toBe(2048);
    expect(Buffer.from(image.subarray(0, 120)).equals(golden)).toBe(true);
    expect(image.subarray(120).every((b) => b === 0xff)).toBe(true);
    expect(main(['asm', 'clock.a48', '-o', 'raw.bin', '--raw'], f.io)).toBe(0);
    expect(Buffer.from(f.disk.get('raw.bin')!).equals(golden)).toBe(true);
  });

  it('asm --help says what -o writes: a cartridge image by default, the bytes as assembled with --raw', () => {
    const f = fakeIo({});
    expect(main(['asm', '--help'], f.io)).toBe(0);
    expect(f.out()).toMatch(/-o OUT\.bin is written, by default, as the console loads a cartridge/);
    expect(f.out()).toContain("FFh (ASL p2bin's fill byte)");
    expect(f.out()).toMatch(/--raw writes only the bytes as assembled/);
  });

  it('prints errors with the source line and an underline, writes nothing, exits 1', () => {
    const f = fakeIo({ 'bad.a48': ' nop\n jmp nowhere\n' });
    const code = main(['asm', 'bad.a48', '-o', 'bad.bin'], f.io);
    expect(code).toBe(1);
    expect(f.err()).toBe(
      "bad.a48:2:6: error: undefined symbol 'nowhere'\n jmp nowhere\n     ~~~~~~~\n1 error; nothing written\n",
    );
    expect(f.disk.has('bad.bin')).toBe(false);
  });

  it("BINCLUDE takes the file's bytes as they are (bytes over 7Fh that are no UTF-8 stay)", () => {
    const f = fakeIo({ 'a.a48': ' org 400h\n binclude "pic.bin"\n', 'pic.bin': Uint8Array.from([0x80, 0xff, 0xc3]) });
    expect(main(['asm', 'a.a48', '-o', 'a.bin', '--raw'], f.io)).toBe(0);
    expect(Array.from(f.disk.get('a.bin')!)).toEqual([0x80, 0xff, 0xc3]);
  });

  it('stops an include bomb (16 files, each including the next four times) in one sentence, within seconds', () => {
    const files: Record<string, string> = { 'a.a48': ' org 400h\n include "b0.inc"\n' };
    for (let n = 0; n < 16; n++)
      files[`b${n}.inc`] =
        `x${n} set 1 ; ${'-'.repeat(900)}\n` + (n < 15 ? ` include "b${n + 1}.inc"\n`.repeat(4) : '');
    const f = fakeIo(files);
    const started = performance.now();
    expect(main(['asm', 'a.a48', '-o', 'a.bin'], f.io)).toBe(1);
    expect(performance.now() - started).toBeLessThan(10_000);
    const lines = f
      .err()
      .split('\n')
      .filter((l) => /error:/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('error: too much included: more than 4096 INCLUDEs');
    expect(f.disk.has('a.bin')).toBe(false);
  });

  it("-D NAME=V defines symbols before the first line (-D NAME is 1), as ASL's -D", () => {
    const f = fakeIo({ 'a.a48': ' org 400h\n db LEVEL, DEBUG, NEG\n' });
    expect(main(['asm', 'a.a48', '-o', 'a.bin', '--raw', '-D', 'LEVEL=0Ah', '-D', 'DEBUG', '-D', 'NEG=-2'], f.io)).toBe(
      0,
    );
    expect(Array.from(f.disk.get('a.bin')!)).toEqual([0x0a, 1, 0xfe]);
    expect(main(['asm', 'a.a48', '-o', 'a.bin', '-D', 'LEVEL=ten'], f.io)).toBe(1);
    expect(f.err()).toContain('-D LEVEL=ten: give NAME or NAME=VALUE');
  });

  it('-I DIR is searched for an include not found beside the source, in the order given', () => {
    const f = fakeIo({ 'src/a.a48': ' org 400h\n include "defs.h"\n db v\n', '/lib2/defs.h': 'v equ 7\n' });
    // The fake disk answers a full path or, failing that, a base name: make it answer only full paths here.
    const io = { ...f.io, readFile: (p: string) => f.io.readFile(f.disk.has(p) ? p : `/nowhere/${p}`) };
    expect(main(['asm', 'src/a.a48', '-o', 'a.bin', '--raw'], io)).toBe(1);
    expect(main(['asm', 'src/a.a48', '-o', 'a.bin', '--raw', '-I', '/lib1', '-I', '/lib2'], io)).toBe(0);
    expect(Array.from(f.disk.get('a.bin')!)).toEqual([7]);
  });

  it('--version says which assembler and dialect, without an input', () => {
    const f = fakeIo({});
    expect(main(['asm', '--version'], f.io)).toBe(0);
    expect(f.out()).toMatch(/^o2 asm .*ASL 1\.42's dialect/);
  });

  it('names a missing include file at its INCLUDE line', () => {
    const f = fakeIo({ 'a.a48': ' include "gone.h"\n' });
    expect(main(['asm', 'a.a48', '-o', 'a.bin'], f.io)).toBe(1);
    expect(f.err()).toContain('a.a48:1:10: error: cannot include "gone.h": no such file');
  });

  it.each([
    [['asm'], 'asm needs exactly one input file'],
    [['asm', 'x.a48'], 'asm needs -o OUT.bin'],
    [['asm', 'x.a48', '-o'], 'option -o needs a value'],
    [['asm', 'x.a48', '-o', 'x.bin', '--fast'], 'unknown option --fast'],
    [['asm', 'missing.a48', '-o', 'x.bin'], 'cannot read missing.a48: no such file'],
    [['disasm', 'x.bin', '--org', 'zz'], "bad address 'zz' (use e.g. 0x400)"],
  ])('bad arguments %j get a message and the usage line', (argv, message) => {
    const f = fakeIo({ 'x.bin': new Uint8Array([0]) });
    expect(main(argv, f.io)).toBe(1);
    expect(f.err()).toMatch(new RegExp(`^o2 \\w+: ${message.replace(/[()]/g, '\\$&')}\nusage: o2 `));
  });
});

describe('o2 disasm', () => {
  it('prints source the assembler reads back to the same bytes', () => {
    const bytes = new Uint8Array([0x23, 0x3f, 0x04, 0x00, 0x01, 0xc6, 0x00]);
    const f = fakeIo({ 'in.bin': bytes });
    expect(main(['disasm', 'in.bin', '--org', '0x400'], f.io)).toBe(0);
    const listing = f.out();
    expect(listing.split('\n')[1]).toBe('    MOV A,#0x3F         ; 0400  23 3F');
    const g = fakeIo({ 'back.a48': listing });
    expect(main(['asm', 'back.a48', '-o', 'back.bin'], g.io)).toBe(0);
    expect(Array.from(g.disk.get('back.bin')!.subarray(0, bytes.length))).toEqual(Array.from(bytes));
  });
});

describe('o2 itself', () => {
  it('--help lists the commands; no command is a usage error', () => {
    const f = fakeIo({});
    expect(main(['--help'], f.io)).toBe(0);
    expect(f.out()).toContain(
      'o2 asm IN.a48 -o OUT.bin [--raw] [--lst OUT.lst] [--map OUT.map] [--shared OUT.inc] [-D NAME=V] [-I DIR] [--version]',
    );
    expect(f.out()).toContain('o2 disasm IN.bin [--org 0x400]');
    expect(f.out()).toContain('o2 run [--cart C.bin]');
    const g = fakeIo({});
    expect(main([], g.io)).toBe(1);
    expect(main(['frob'], g.io)).toBe(1);
    expect(g.err()).toContain("o2: unknown command 'frob'");
  });

  it('run --help documents every input key, which joystick is the left-hand control, and the state keys', () => {
    const f = fakeIo({});
    expect(main(['run', '--help'], f.io)).toBe(0);
    const help = f.out();
    expect(help).toContain('0-9 A-Z');
    for (const name of KEY_NAMES) {
      if (name.length === 1) expect(name).toMatch(/^[0-9A-Z]$/);
      else expect(help).toMatch(new RegExp(`(^|\\s)${name}(\\s|$)`, 'm'));
    }
    expect(help).toMatch(/J0_UP .*left-hand control/);
    expect(help).toMatch(/J1_UP .*right-hand control/);
    for (const key of ['frame', 'pc', 'a', 'psw', 'p1', 'p2', 'iram', 'eram', 'vdc'])
      expect(help).toMatch(new RegExp(`\\b${key}\\b`));
  });

  it('runs as `npx tsx rom-core/cli/o2.ts` with real files and exit codes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'o2-cli-'));
    writeFileSync(join(dir, 'inc.h'), 'five equ 5\n');
    writeFileSync(join(dir, 'ok.a48'), ' include "inc.h"\n mov a,#five\n');
    writeFileSync(join(dir, 'bad.a48'), ' mov a,#300\n');
    const run = promisify(execFile);
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const cli = join(process.cwd(), 'rom-core', 'cli', 'o2.ts');
    await run(tsx, [cli, 'asm', join(dir, 'ok.a48'), '-o', join(dir, 'ok.bin')]);
    expect(Array.from(readFileSync(join(dir, 'ok.bin')))).toEqual([0x23, 5]);
    const failed = await run(tsx, [cli, 'asm', join(dir, 'bad.a48'), '-o', join(dir, 'bad.bin')]).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      'error: immediate 300 does not fit in a byte (-128..255)\n mov a,#300\n        ~~~',
    );
    expect(failed.stderr).not.toContain('    at ');
  }, 30_000);
});
