/**
 * `o2 run` with hostile and careless inputs: outputs onto inputs, endless or huge inputs, long runs
 * streamed, the ktaa mapper's own sizes, and failures that must leave nothing half written.
 */
import { describe, expect, it } from 'vitest';
import { MAX_FRAMES, NODE_RUN_FILES, runMain } from '../../../rom-core/cli/run.ts';
import type { FileKind, RunIo } from '../../../rom-core/cli/run.ts';
import { testBios, testCart } from '../machine/helpers.ts';

/** An in-memory disk with everything a real one offers run: stat, append, rename, remove. */
function disk(files: Record<string, Uint8Array>, fail: (path: string) => boolean = () => false) {
  const d = new Map<string, Uint8Array>(Object.entries(files));
  const appends: { path: string; length: number; framesDone: number }[] = [];
  const reads: string[] = [];
  const err: string[] = [];
  const bytes = (data: Uint8Array | string): Uint8Array =>
    typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const io: RunIo & { stat: (p: string) => FileKind } = {
    stdout: () => undefined,
    stderr: (t) => err.push(t),
    readFile: (path) => {
      reads.push(path);
      const data = d.get(path);
      if (!data) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return data;
    },
    writeFile: (path, data) => {
      if (fail(path)) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      d.set(path, bytes(data));
    },
    mkdir: () => undefined,
    stat: (path) => (d.has(path) ? { size: d.get(path)!.length } : undefined),
    appendFile: (path, data) => {
      const old = d.get(path) ?? new Uint8Array(0);
      const add = bytes(data);
      const next = new Uint8Array(old.length + add.length);
      next.set(old);
      next.set(add, old.length);
      d.set(path, next);
      appends.push({ path, length: data.length, framesDone: new TextDecoder().decode(next).split('\n').length - 1 });
    },
    rename: (from, to) => {
      const data = d.get(from);
      if (!data) throw new Error(`ENOENT: ${from}`);
      d.delete(from);
      d.set(to, data);
    },
    remove: (path) => {
      d.delete(path);
    },
  };
  return { io, d, appends, reads, err: () => err.join('') };
}

const inputs = () => ({
  'bios.rom': testBios(),
  'c.bin': testCart('vblank'),
  'keys.txt': new TextEncoder().encode('2 J0_UP down\n'),
});

describe('o2 run: outputs never destroy inputs', () => {
  it('refuses --png onto the cartridge (and any output onto an input or another output), running nothing', () => {
    const f = disk(inputs());
    const cart = f.d.get('c.bin')!.slice();
    expect(runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--png', 'c.bin'], f.io)).toBe(1);
    expect(f.err()).toContain(
      '--png c.bin is also --cart (an input); writing it would destroy that file, so nothing was run',
    );
    expect(f.d.get('c.bin')).toEqual(cart);
    expect(runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--wav', './keys.txt', '--input', 'keys.txt'], f.io)).toBe(
      1,
    );
    expect(f.err()).toContain('--wav ./keys.txt is also --input (an input)');
    expect(runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--png', 'o.bin', '--wav', 'o.bin'], f.io)).toBe(1);
    expect(f.err()).toContain('--wav o.bin is also --png (another output)');
    expect([...f.d.keys()].sort()).toEqual(['bios.rom', 'c.bin', 'keys.txt']);
  });
});

describe('o2 run: inputs that never end', () => {
  it('refuses a device such as /dev/zero from its stat, before reading it', () => {
    const f = disk(inputs());
    f.io.stat = NODE_RUN_FILES.stat;
    expect(runMain(['--cart', '/dev/zero', '--bios', 'bios.rom'], f.io)).toBe(1);
    expect(f.err()).toContain(
      'cartridge /dev/zero is not a regular file (a device, a pipe or a directory); give an image file',
    );
    expect(f.reads).not.toContain('/dev/zero');
  });

  it('refuses a file larger than any image of its kind without reading it', () => {
    const f = disk(inputs());
    const stat = f.io.stat;
    f.io.stat = (p) => (p === 'huge.bin' ? { size: 1 << 30 } : stat(p));
    expect(runMain(['--cart', 'huge.bin', '--bios', 'bios.rom'], f.io)).toBe(1);
    expect(f.err()).toContain('cartridge huge.bin is 1073741824 bytes, too large: a cartridge is at most 16384 bytes');
    expect(f.reads).not.toContain('huge.bin');
  });

  it('bounds --frames', () => {
    const f = disk(inputs());
    expect(runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--frames', String(MAX_FRAMES + 1)], f.io)).toBe(1);
    expect(f.err()).toContain(`--frames is at most ${MAX_FRAMES}, got ${MAX_FRAMES + 1}`);
    expect(runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--frames', '99999999999999999999999'], f.io)).toBe(1);
  });
});

describe('o2 run: long runs', () => {
  it('streams --state-jsonl in chunks while it runs (memory does not grow with --frames)', () => {
    const f = disk(inputs());
    expect(
      runMain(['--cart', 'c.bin', '--bios', 'bios.rom', '--frames', '1200', '--state-jsonl', 's.jsonl'], f.io),
    ).toBe(0);
    const chunks = f.appends.filter((a) => a.path === 's.jsonl.o2-partial');
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(300_000);
    // The first chunk went out long before the run ended.
    expect(chunks[0].framesDone).toBeLessThan(400);
    const lines = new TextDecoder().decode(f.d.get('s.jsonl')).trimEnd().split('\n');
    expect(lines).toHaveLength(1200);
    expect(JSON.parse(lines[1199]).frame).toBe(1200);
    expect(f.d.has('s.jsonl.o2-partial')).toBe(false);
  });
});

describe('o2 run: --mapper ktaa', () => {
  it('runs the 3, 6 and 12 KB images its message offers, and names them for other sizes', () => {
    for (const size of [0xc00, 0x1800, 0x3000]) {
      const cart = new Uint8Array(size).fill(0xff);
      cart[0] = 0x84; // JMP 400h
      cart[1] = 0x00;
      const f = disk({ ...inputs(), 'k.bin': cart });
      expect(
        runMain(['--cart', 'k.bin', '--bios', 'bios.rom', '--mapper', 'ktaa', '--frames', '2'], f.io),
        `${size} bytes: ${f.err()}`,
      ).toBe(0);
    }
    const f = disk({ ...inputs(), 'k.bin': new Uint8Array(0x800) });
    expect(runMain(['--cart', 'k.bin', '--bios', 'bios.rom', '--mapper', 'ktaa'], f.io)).toBe(1);
    expect(f.err()).toContain(
      'cartridge is 2048 bytes; a cartridge for the ktaa mapper must be 3072 (3 KB), 6144 (6 KB), 12288 (12 KB) bytes',
    );
  });
});

describe('o2 run: a failed run leaves no partial output', () => {
  it('removes the pictures and the JSONL it wrote when a later output cannot be written', () => {
    const f = disk(inputs(), (p) => p.startsWith('full/'));
    const args = [
      '--cart',
      'c.bin',
      '--bios',
      'bios.rom',
      '--frames',
      '6',
      '--png-every',
      '2',
      '--png-dir',
      'shots',
      '--state-jsonl',
      's.jsonl',
      '--png',
      'last.png',
      '--wav',
      'full/a.wav',
    ];
    expect(runMain(args, f.io)).toBe(1);
    expect(f.err()).toContain('cannot write full/a.wav: ENOSPC');
    expect([...f.d.keys()].sort()).toEqual(['bios.rom', 'c.bin', 'keys.txt']);
    // The same run with room for everything writes everything, and no temporary files.
    const ok = disk(inputs());
    expect(
      runMain(
        args.map((a) => a.replace('full/', 'room/')),
        ok.io,
      ),
    ).toBe(0);
    expect([...ok.d.keys()].sort()).toEqual([
      'bios.rom',
      'c.bin',
      'keys.txt',
      'last.png',
      'room/a.wav',
      's.jsonl',
      'shots/frame-000002.png',
      'shots/frame-000004.png',
      'shots/frame-000006.png',
    ]);
  });
});
