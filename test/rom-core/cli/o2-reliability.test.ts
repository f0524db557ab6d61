/**
 * `npm run o2` as outside tools run it, with careless and hostile files: outputs that are links to
 * inputs, outputs that cannot all be written, repeated options, endless inputs, images that do not
 * fit, huge source lines. Each case runs the real command on real files. The endless inputs (a
 * FIFO, /dev/zero) run through the launcher `npm run o2` itself uses (scripts/cli.cjs: the built
 * bundle; o2.test.ts keeps the `tsx rom-core/cli/o2.ts` path covered): the launcher's exit code and
 * sentence, and a hang there times out a child, not this run. The other cases call the command's
 * main() in this process on the same files (test/harness/o2-here.ts): the same refusals, without 20
 * node starts (about 7 of the file's 10 s alone).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCHER } from '../../harness/cli.ts';
import { o2Here } from '../../harness/o2-here.ts';

const SOURCE = ' org 400h\n include "defs.h"\n mov a,#val\n';

function o2(...args: string[]) {
  const r = spawnSync(process.execPath, [LAUNCHER, 'o2', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 << 20,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

function folder(): { dir: string; at: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'o2-rel-'));
  writeFileSync(join(dir, 's.a48'), SOURCE);
  writeFileSync(join(dir, 'defs.h'), 'val equ 5\n');
  return { dir, at: (name) => join(dir, name) };
}

/** A refusal: exit 1, one sentence naming the problem, no stack trace. */
function expectRefused(r: { status: number | null; stderr: string }, words: string): void {
  expect(r.stderr).toContain(words);
  expect(r.stderr).not.toContain('    at ');
  expect(r.status).toBe(1);
}

describe('o2 asm: outputs compared with inputs by identity', { timeout: 120_000 }, () => {
  it('refuses -o that is a hard link or a symbolic link to the source, and leaves the source as it was', () => {
    const f = folder();
    linkSync(f.at('s.a48'), f.at('hard.bin'));
    symlinkSync(f.at('s.a48'), f.at('soft.bin'));
    for (const out of ['hard.bin', 'soft.bin']) {
      expectRefused(
        o2Here('asm', f.at('s.a48'), '-o', f.at(out)),
        'is the source file; writing it would destroy the source, so nothing was assembled',
      );
      expect(readFileSync(f.at('s.a48'), 'utf8')).toBe(SOURCE);
    }
  });

  it('refuses --lst, --map or --shared onto an include the source read (through a link too), writing nothing', () => {
    const f = folder();
    symlinkSync(f.at('defs.h'), f.at('defs-link.lst'));
    for (const opt of ['--lst', '--map', '--shared']) {
      const r = o2Here('asm', f.at('s.a48'), '-o', f.at('s.bin'), opt, f.at('defs-link.lst'));
      expectRefused(
        r,
        `${opt} ${f.at('defs-link.lst')} is the same file as the input include ${f.at('defs.h')}; writing it would destroy that file, so nothing was written`,
      );
      expect(readFileSync(f.at('defs.h'), 'utf8')).toBe('val equ 5\n');
      expect(existsSync(f.at('s.bin'))).toBe(false);
    }
  });

  it('refuses two outputs that are one file under two names (a hard link)', () => {
    const f = folder();
    writeFileSync(f.at('a.lst'), 'old');
    linkSync(f.at('a.lst'), f.at('b.map'));
    expectRefused(
      o2Here('asm', f.at('s.a48'), '-o', f.at('s.bin'), '--lst', f.at('a.lst'), '--map', f.at('b.map')),
      'is also --lst; one file cannot hold both',
    );
    expect(existsSync(f.at('s.bin'))).toBe(false);
  });
});

describe('o2 asm: the temporary name of an output', { timeout: 120_000 }, () => {
  it('refuses -o X when X.o2-partial (written first) is the source, and the source is left as it was', () => {
    const f = folder();
    writeFileSync(f.at('t.o2-partial'), SOURCE);
    expectRefused(
      o2Here('asm', f.at('t.o2-partial'), '-o', f.at('t')),
      `-o ${f.at('t')} is written first as ${f.at('t.o2-partial')}, which is the input source`,
    );
    expect(readFileSync(f.at('t.o2-partial'), 'utf8')).toBe(SOURCE);
    expect(existsSync(f.at('t'))).toBe(false);
  });
});

/** A private null device (c 1 3) in `dir`, or null where this user may not make one (not root). */
function nullDevice(path: string): boolean {
  return spawnSync('mknod', [path, 'c', '1', '3']).status === 0;
}

describe('o2 asm: a device as an output', { timeout: 120_000 }, () => {
  it('writes -o onto a null device in place (it stays a device) and refuses a folder, writing nothing', (ctx) => {
    const f = folder();
    if (!nullDevice(f.at('null'))) return ctx.skip();
    const r = o2Here('asm', f.at('s.a48'), '-o', f.at('null'), '--lst', f.at('s.lst'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(statSync(f.at('null')).isCharacterDevice()).toBe(true);
    expect(readdirSync(f.dir).sort()).toEqual(['defs.h', 'null', 's.a48', 's.lst']);
    mkdirSync(f.at('shelf'));
    expectRefused(
      o2Here('asm', f.at('s.a48'), '-o', f.at('s.bin'), '--map', f.at('shelf')),
      `cannot write ${f.at('shelf')}: is a directory; nothing was written`,
    );
    expect(existsSync(f.at('s.bin'))).toBe(false);
  });
});

describe('o2 asm: all outputs or none, each option once', { timeout: 120_000 }, () => {
  it('writes no image when the listing cannot be written, and leaves no temporary file', () => {
    const f = folder();
    const r = o2Here('asm', f.at('s.a48'), '-o', f.at('ok.bin'), '--lst', '/nonexistent/x.lst');
    expectRefused(r, 'cannot write /nonexistent/x.lst');
    expect(readdirSync(f.dir).sort()).toEqual(['defs.h', 's.a48']);
  });

  it('keeps an old image when a later output fails (nothing replaced)', () => {
    const f = folder();
    writeFileSync(f.at('ok.bin'), 'old image');
    expectRefused(
      o2Here('asm', f.at('s.a48'), '-o', f.at('ok.bin'), '--map', join(f.dir, 'missing', 'x.map')),
      'cannot write',
    );
    expect(readFileSync(f.at('ok.bin'), 'utf8')).toBe('old image');
    expect(readdirSync(f.dir).sort()).toEqual(['defs.h', 'ok.bin', 's.a48']);
  });

  it('refuses an option given twice (-o a -o b, --org twice) instead of taking the last', () => {
    const f = folder();
    expectRefused(
      o2Here('asm', f.at('s.a48'), '-o', f.at('a.bin'), '-o', f.at('b.bin')),
      `option -o is given twice ('${f.at('a.bin')}' and '${f.at('b.bin')}'); give it once`,
    );
    expectRefused(
      o2Here('asm', f.at('s.a48'), '-o', f.at('a.bin'), '--out', f.at('b.bin')),
      'option --out is given twice',
    );
    expect(readdirSync(f.dir).sort()).toEqual(['defs.h', 's.a48']);
    writeFileSync(f.at('x.bin'), new Uint8Array([0]));
    expectRefused(o2Here('disasm', f.at('x.bin'), '--org', '0x400', '--org', '0'), 'option --org is given twice');
  });
});

describe('o2: inputs that are not regular files, or too large', { timeout: 120_000 }, () => {
  it('refuses /dev/zero, /dev/urandom and a symlink to them as disasm input, at once', () => {
    const f = folder();
    symlinkSync('/dev/zero', f.at('zero.bin'));
    for (const path of ['/dev/zero', '/dev/urandom', f.at('zero.bin')]) {
      expectRefused(o2('disasm', path), `cannot read ${path}: it is not a regular file (a device, a pipe or a socket)`);
    }
  });

  it('refuses a FIFO as disasm input and as an asm include (no writer: it would wait for ever)', () => {
    const f = folder();
    const mk = spawnSync('mkfifo', [f.at('pipe')]);
    expect(mk.status).toBe(0);
    expectRefused(o2('disasm', f.at('pipe')), 'is not a regular file');
    writeFileSync(f.at('i.a48'), ` include "${f.at('pipe')}"\n nop\n`);
    const r = o2('asm', f.at('i.a48'), '-o', f.at('i.bin'));
    expect(r.stderr).toContain(`cannot include "${f.at('pipe')}": it is not a regular file`);
    expect(r.status).toBe(1);
    writeFileSync(f.at('z.a48'), ' include "/dev/zero"\n nop\n');
    expect(o2('asm', f.at('z.a48'), '-o', f.at('z.bin')).stderr).toContain(
      'cannot include "/dev/zero": it is not a regular file',
    );
  });

  it('refuses a source larger than 16 MiB with the cap in the sentence', () => {
    const f = folder();
    writeFileSync(f.at('big.a48'), Buffer.alloc((16 << 20) + 1, 0x20));
    expectRefused(
      o2Here('asm', f.at('big.a48'), '-o', f.at('big.bin')),
      'it is larger than 16 MiB, the most this input may be',
    );
  });
});

describe('o2 disasm: images that do not fit the address space', { timeout: 120_000 }, () => {
  it('refuses an image over 64 KiB with a sentence (no heap exhaustion)', () => {
    const f = folder();
    writeFileSync(f.at('big.bin'), Buffer.alloc(0x10001));
    expectRefused(
      o2Here('disasm', f.at('big.bin')),
      `${f.at('big.bin')} is 65537 bytes, more than the 65536 (64 KiB, addresses 0000-FFFF) disasm can list`,
    );
  });

  it('refuses an --org that pushes the image past FFFF, and still lists one that ends at FFFF', () => {
    const f = folder();
    writeFileSync(f.at('two.bin'), new Uint8Array([0, 0]));
    const r = o2Here('disasm', f.at('two.bin'), '--org', '0xFFFF');
    expectRefused(
      r,
      '--org 0xFFFF puts the 2-byte image past address FFFF (it would end at 0x10000); use an --org of at most 0xFFFE',
    );
    expect(r.stdout).toBe('');
    const ok = o2Here('disasm', f.at('two.bin'), '--org', '0xFFFE');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('; FFFF  00');
  });
});

describe('o2 asm: a huge source line is not echoed whole', { timeout: 120_000 }, () => {
  it('caps the echoed line of an error at 200 characters with an ellipsis', () => {
    const f = folder();
    writeFileSync(f.at('long.a48'), ` jmp nowhere ; ${'x'.repeat(1_000_000)}\n`);
    const r = o2Here('asm', f.at('long.a48'), '-o', f.at('long.bin'));
    expect(r.status).toBe(1);
    expect(r.stderr.length).toBeLessThan(2000);
    expect(r.stderr).toContain("error: undefined symbol 'nowhere'\n jmp nowhere ; xxx");
    expect(r.stderr).toContain('x…\n     ~~~~~~~\n1 error; nothing written\n');
  });

  it('shows the part of a long line around an error far into it, underlined, and caps a huge symbol in the message', () => {
    const f = folder();
    writeFileSync(
      f.at('far.a48'),
      `${' '.repeat(1000)}jmp nowhere ; ${'y'.repeat(500)}\n jmp ${'z'.repeat(1_000_000)}\n`,
    );
    const r = o2Here('asm', f.at('far.a48'), '-o', f.at('far.bin'));
    expect(r.status).toBe(1);
    expect(r.stderr.length).toBeLessThan(3000);
    expect(r.stderr).toContain(
      `:1:1005: error: undefined symbol 'nowhere'\n…${' '.repeat(16)}jmp nowhere ; ${'y'.repeat(170)}…\n${' '.repeat(21)}~~~~~~~\n`,
    );
    expect(r.stderr).toContain(`:2:6: error: undefined symbol '${'z'.repeat(100)}`);
  });
});
