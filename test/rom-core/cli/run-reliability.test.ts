/**
 * `o2 run` with outputs that are links to inputs, a repeated option, and a --state-jsonl run far
 * longer than a disk holds. The link cases run the real command on real files: o2's main() in this
 * process (test/harness/o2-here.ts, 7 node starts fewer), but the default BIOS case through the
 * launcher `npm run o2` uses, as the runs killed midway are, since where the built bundle finds
 * that BIOS source is part of what it checks.
 */
import { spawn, spawnSync } from 'node:child_process';
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
import { runMain } from '../../../rom-core/cli/run.ts';
import type { RunIo } from '../../../rom-core/cli/run.ts';
import { testBios, testCart } from '../machine/helpers.ts';
import { LAUNCHER } from '../../harness/cli.ts';
import { o2Here } from '../../harness/o2-here.ts';

function o2(...args: string[]) {
  const r = spawnSync(process.execPath, [LAUNCHER, 'o2', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function folder(): { dir: string; at: (name: string) => string; cart: Uint8Array } {
  const dir = mkdtempSync(join(tmpdir(), 'o2-run-rel-'));
  const cart = testCart('vblank');
  writeFileSync(join(dir, 'bios.rom'), testBios());
  writeFileSync(join(dir, 'c.bin'), cart);
  return { dir, at: (name) => join(dir, name), cart };
}

describe('o2 run: outputs compared with inputs by identity', { timeout: 240_000 }, () => {
  it('refuses --png, --wav or --state-jsonl that is a hard or symbolic link to the cartridge, running nothing', () => {
    const f = folder();
    linkSync(f.at('c.bin'), f.at('hard.png'));
    symlinkSync(f.at('c.bin'), f.at('soft.wav'));
    for (const [opt, path] of [
      ['--png', 'hard.png'],
      ['--wav', 'soft.wav'],
      ['--state-jsonl', 'soft.wav'],
    ]) {
      const r = o2Here('run', '--cart', f.at('c.bin'), '--bios', f.at('bios.rom'), '--frames', '2', opt, f.at(path));
      expect(r.stderr).toContain(
        `${opt} ${f.at(path)} is also --cart (an input); writing it would destroy that file, so nothing was run`,
      );
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
    }
    expect(readdirSync(f.dir).sort()).toEqual(['bios.rom', 'c.bin', 'hard.png', 'soft.wav']);
  });

  it('refuses a --png-dir picture that is a link to an input, and the input is left as it was', () => {
    const f = folder();
    mkdirSync(f.at('shots'));
    symlinkSync(f.at('c.bin'), join(f.at('shots'), 'frame-000002.png'));
    const r = o2Here(
      'run',
      '--cart',
      f.at('c.bin'),
      '--bios',
      f.at('bios.rom'),
      '--frames',
      '2',
      '--png-every',
      '1',
      '--png-dir',
      f.at('shots'),
    );
    expect(r.stderr).toContain(
      `--png-dir picture ${join(f.at('shots'), 'frame-000002.png')} is the same file as an input`,
    );
    expect(r.status).toBe(1);
    expect(Array.from(readFileSync(f.at('c.bin')))).toEqual(Array.from(f.cart));
    // The picture written before it was removed again: a failed run leaves no partial output.
    expect(readdirSync(f.at('shots'))).toEqual(['frame-000002.png']);
  });

  it('refuses an output that is a link to the default BIOS source it reads (no --bios)', () => {
    const f = folder();
    const bios = join(process.cwd(), 'rom-core/roms/bios/bios.a48');
    const before = readFileSync(bios, 'utf8');
    symlinkSync(bios, f.at('bios-link.png'));
    const r = o2('run', '--cart', f.at('c.bin'), '--frames', '1', '--png', f.at('bios-link.png'));
    expect(r.stderr).toContain(
      `--png ${f.at('bios-link.png')} is the same file as the input file ${bios}; writing it would destroy that file, so nothing was run`,
    );
    expect(r.status).toBe(1);
    expect(readFileSync(bios, 'utf8')).toBe(before);
  });

  it('refuses --png X when X.o2-partial (written first) is the cartridge, and the cartridge is left as it was', () => {
    const f = folder();
    writeFileSync(f.at('x.o2-partial'), f.cart);
    const r = o2Here(
      'run',
      '--cart',
      f.at('x.o2-partial'),
      '--bios',
      f.at('bios.rom'),
      '--frames',
      '1',
      '--png',
      f.at('x'),
    );
    expect(r.stderr).toContain(
      `--png ${f.at('x')} is written first as ${f.at('x.o2-partial')}, which is the input file ${f.at('x.o2-partial')}`,
    );
    expect(r.status).toBe(1);
    expect(Array.from(readFileSync(f.at('x.o2-partial')))).toEqual(Array.from(f.cart));
  });

  it('writes --png and --state-jsonl onto null devices in place: they stay devices', (ctx) => {
    const f = folder();
    const made = ['null1', 'null2'].every((n) => spawnSync('mknod', [f.at(n), 'c', '1', '3']).status === 0);
    if (!made) return ctx.skip();
    const r = o2Here(
      'run',
      '--cart',
      f.at('c.bin'),
      '--bios',
      f.at('bios.rom'),
      '--frames',
      '2',
      '--png',
      f.at('null1'),
      '--state-jsonl',
      f.at('null2'),
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (const n of ['null1', 'null2']) expect(statSync(f.at(n)).isCharacterDevice(), n).toBe(true);
    expect(readdirSync(f.dir).sort()).toEqual(['bios.rom', 'c.bin', 'null1', 'null2']);
  });

  it('refuses --frames given twice instead of taking the last', () => {
    const f = folder();
    const r = o2Here('run', '--cart', f.at('c.bin'), '--bios', f.at('bios.rom'), '--frames', '2', '--frames', '3');
    expect(r.stderr).toContain("option --frames is given twice ('2' and '3'); give it once");
    expect(r.status).toBe(1);
  });
});

describe('o2 run: --state-jsonl is bounded', () => {
  it('refuses a run whose JSONL would pass about 1 GB before running a frame, writing nothing', () => {
    const files = new Map<string, Uint8Array>([
      ['bios.rom', testBios()],
      ['c.bin', testCart('vblank')],
    ]);
    const err: string[] = [];
    let appended = 0;
    const io: RunIo = {
      stdout: () => undefined,
      stderr: (t) => err.push(t),
      readFile: (path) => {
        const data = files.get(path);
        if (!data) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
        return data;
      },
      writeFile: (path, data) => {
        files.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : data);
      },
      // A run that got as far as writing JSONL is stopped here (the disk is "full"), so the test never waits.
      appendFile: () => {
        appended++;
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
      rename: (from, to) => {
        files.set(to, files.get(from)!);
        files.delete(from);
      },
      remove: (path) => {
        files.delete(path);
      },
    };
    expect(
      runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--frames', '1000001', '--state-jsonl', 's.jsonl'], io),
    ).toBe(1);
    expect(err.join('')).toContain(
      '--state-jsonl writes about 1 KB a frame, so it records at most 1000000 frames (about 1 GB); got --frames 1000001',
    );
    expect(appended).toBe(0);
    expect([...files.keys()].sort()).toEqual(['bios.rom', 'c.bin']);
  });
});

/** Waits until `ready()` holds (a state, not a time), failing after a generous bound. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200 && !ready(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(ready(), what).toBe(true);
}

describe('o2 run: a long --state-jsonl run killed midway', { timeout: 240_000 }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('leaves no .o2-partial file behind after %s', async (signal) => {
    const f = folder();
    const partial = f.at('s.jsonl.o2-partial');
    const child = spawn(
      process.execPath,
      [
        LAUNCHER,
        'o2',
        'run',
        '--cart',
        f.at('c.bin'),
        '--bios',
        f.at('bios.rom'),
        '--frames',
        '1000000',
        '--state-jsonl',
        f.at('s.jsonl'),
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((r) => child.once('exit', r));
    // The run is under way once its first chunk of JSONL is on disk.
    await until(() => existsSync(partial) && statSync(partial).size > 0, 'the partial file was written');
    child.kill(signal);
    await exited;
    await until(() => !existsSync(partial), 'the partial file was removed');
    expect(readdirSync(f.dir).sort()).toEqual(['bios.rom', 'c.bin']);
  });
});
