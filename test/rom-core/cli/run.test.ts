/** `o2 run` through its main with an in-memory disk: outputs, input scripts and user errors. */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BIOS_SOURCE, encodePng, parseInputScript, runMain } from '../../../rom-core/cli/run.ts';
import type { RunIo } from '../../../rom-core/cli/run.ts';
import { PALETTE_RF } from '../../../rom-core/i8244/palette.ts';
import { assembleBios } from '../../../rom-core/roms/index.ts';
import { assembleBattleCart } from '../../../rom-core/roms/carts/index.ts';
import { crc32, crcHex } from '../../../rom-core/machine/index.ts';
import { pngChunks, pngRgb, rgbAt } from '../../harness/png.ts';
import { MACHINE_PROGRAMS, machine, testBios, testCart } from '../machine/helpers.ts';

function fakeIo(files: Record<string, string | Uint8Array>) {
  const disk = new Map<string, Uint8Array>();
  for (const [k, v] of Object.entries(files)) disk.set(k, typeof v === 'string' ? new TextEncoder().encode(v) : v);
  const dirs: string[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const io: RunIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readFile: (path) => {
      const data = disk.get(path);
      if (!data) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return data;
    },
    writeFile: (path, data) => disk.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : data),
    mkdir: (path) => dirs.push(path),
  };
  return {
    io,
    disk,
    dirs,
    out: () => out.join(''),
    err: () => err.join(''),
    text: (p: string) => new TextDecoder().decode(disk.get(p)),
  };
}

const base = () => ({ 'bios.rom': testBios(), 'vbl.bin': testCart('vblank'), 'input.bin': testCart('input') });

describe('o2 run outputs', () => {
  it('--state-jsonl: one object per frame with exactly the agreed keys', () => {
    const f = fakeIo(base());
    expect(
      runMain(['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', '5', '--state-jsonl', 's.jsonl'], f.io),
    ).toBe(0);
    const lines = f.text('s.jsonl').trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    lines.forEach((line, i) => {
      const o = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(o)).toEqual(['frame', 'pc', 'a', 'psw', 'p1', 'p2', 'iram', 'eram', 'vdc']);
      expect(o.frame).toBe(i + 1);
      for (const k of ['pc', 'a', 'psw', 'p1', 'p2']) expect(Number.isInteger(o[k])).toBe(true);
      expect(o.iram).toMatch(/^[0-9a-f]{128}$/);
      expect(o.eram).toMatch(/^[0-9a-f]{256}$/);
      expect(o.vdc).toMatch(/^[0-9a-f]{512}$/);
    });
    // The same as running the machine directly.
    const m = machine(testCart('vblank'));
    for (let i = 0; i < 5; i++) m.runFrame();
    expect(JSON.parse(lines[4])).toEqual(m.record());
    expect(f.out()).toMatch(/ran 5 frames \(NTSC\)/);
  });

  it("--png: the last frame, 360x243 RGB in MAME's palette", () => {
    const f = fakeIo(base());
    expect(runMain(['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', '3', '--png', 'a.png'], f.io)).toBe(0);
    const png = f.disk.get('a.png')!;
    expect(pngChunks(png).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const p = pngRgb(png); // the signature, 8-bit RGB, 243 unfiltered rows of 360 dots
    expect([p.width, p.height, p.bitDepth, p.colourType]).toEqual([360, 243, 8, 2]);
    const m = machine(testCart('vblank'));
    for (let i = 0; i < 3; i++) m.runFrame();
    for (const [x, y] of [
      [0, 0],
      [100, 50],
      [359, 242],
      [30, 24],
    ]) {
      const c = PALETTE_RF[m.frame[y * 360 + x]];
      expect(rgbAt(p, x, y)).toBe(c);
    }
  });

  it('--png-every/--png-dir: numbered pictures in the directory', () => {
    const f = fakeIo(base());
    expect(
      runMain(
        ['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', '6', '--png-every', '2', '--png-dir', 'pics'],
        f.io,
      ),
    ).toBe(0);
    expect(f.dirs).toEqual(['pics']);
    expect([...f.disk.keys()].filter((k) => k.startsWith('pics/')).sort()).toEqual([
      'pics/frame-000002.png',
      'pics/frame-000004.png',
      'pics/frame-000006.png',
    ]);
  });

  it("--wav: 16-bit mono PCM of every frame, with the cartridge's tone in it", () => {
    const f = fakeIo(base());
    expect(runMain(['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', '4', '--wav', 'a.wav'], f.io)).toBe(0);
    const wav = f.disk.get('a.wav')!;
    const v = new DataView(wav.buffer, wav.byteOffset);
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(wav.subarray(8, 16))).toBe('WAVEfmt ');
    expect(v.getUint16(20, true)).toBe(1);
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(48000);
    expect(v.getUint16(34, true)).toBe(16);
    const bytes = v.getUint32(40, true);
    expect(bytes).toBe(wav.length - 44);
    // About 800 samples per 1/59.8 s frame at 48 kHz (the first frame starts late, at VBLANK).
    expect(bytes / 2).toBeGreaterThan(3 * 790);
    let loud = 0;
    for (let i = 44; i < wav.length; i += 2) if (v.getInt16(i, true) !== 0) loud++;
    expect(loud).toBeGreaterThan(100);
  });

  it('--input: key events reach the program on their frame', () => {
    const f = fakeIo({ ...base(), 'keys.txt': '# press up on the left stick\n3 J0_UP down\n5 j0_up up\n4 A down\n' });
    expect(
      runMain(
        [
          '--cart',
          'input.bin',
          '--bios',
          'bios.rom',
          '--frames',
          '6',
          '--input',
          'keys.txt',
          '--state-jsonl',
          's.jsonl',
        ],
        f.io,
      ),
    ).toBe(0);
    const frames = f
      .text('s.jsonl')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { iram: string });
    const joy0 = frames.map((o) => parseInt(o.iram.slice(0x28 * 2, 0x28 * 2 + 2), 16));
    expect(joy0).toEqual([0xff, 0xff, 0xfe, 0xfe, 0xff, 0xff]);
    const row4 = frames.map((o) => parseInt(o.iram.slice(0x24 * 2, 0x24 * 2 + 2), 16));
    expect(row4.slice(3)).toEqual([0xe4, 0xe4, 0xe4]);
    expect(row4[2]).toBe(0xf4);
  });

  it('--pal runs the 8245 timing', () => {
    const f = fakeIo(base());
    expect(runMain(['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', '2', '--pal'], f.io)).toBe(0);
    expect(f.out()).toMatch(/ran 2 frames \(PAL\)/);
  });
});

describe('o2 run default BIOS', () => {
  it('assembles rom-core/roms/bios/bios.a48 when --bios is not given', () => {
    const source = readFileSync(DEFAULT_BIOS_SOURCE);
    const image = assembleBios((p) => readFileSync(resolve(DEFAULT_BIOS_SOURCE, '../..', p), 'utf8')).image;
    const f = fakeIo({ ...base(), [DEFAULT_BIOS_SOURCE]: source });
    expect(runMain(['--cart', 'vbl.bin', '--frames', '2', '--state-jsonl', 's.jsonl'], f.io)).toBe(0);
    const g = fakeIo({ ...base(), 'open.rom': image });
    expect(
      runMain(['--cart', 'vbl.bin', '--bios', 'open.rom', '--frames', '2', '--state-jsonl', 's.jsonl'], g.io),
    ).toBe(0);
    expect(f.text('s.jsonl')).toBe(g.text('s.jsonl'));
    // The machine ran the open BIOS image (its CRC is in the report), not some other one.
    expect(f.out()).toContain(`BIOS: our open BIOS, built from rom-core/roms/bios/ (CRC32 ${crcHex(crc32(image))})`);
  });

  it('says --bios is needed while that source does not exist', () => {
    const f = fakeIo(base());
    expect(runMain(['--cart', 'vbl.bin'], f.io)).toBe(1);
    expect(f.err()).toMatch(/no --bios given and the open BIOS source .*bios\.a48 does not exist yet; pass --bios/);
  });

  it('reports a BIOS source that does not assemble, or lacks the documented entry points', () => {
    const f = fakeIo({ ...base(), [DEFAULT_BIOS_SOURCE]: '  org 0\n  frobnicate a\n' });
    expect(runMain(['--cart', 'vbl.bin'], f.io)).toBe(1);
    expect(f.err()).toMatch(/cannot be used: BIOS source does not assemble/);
    const g = fakeIo({ ...base(), [DEFAULT_BIOS_SOURCE]: readFileSync(resolve(MACHINE_PROGRAMS, 'bios.a48')) });
    expect(runMain(['--cart', 'vbl.bin'], g.io)).toBe(1);
    expect(g.err()).toMatch(/cannot be used: BIOS entry point \w+ .*not defined/);
  });
});

describe('o2 run default cartridge', () => {
  it('builds our battle cartridge from rom-core/roms/carts when --cart is not given', () => {
    const cartsDir = resolve(DEFAULT_BIOS_SOURCE, '../../carts');
    const sources: Record<string, Uint8Array> = {};
    for (const name of readdirSync(cartsDir))
      if (name.endsWith('.a48')) sources[resolve(cartsDir, name)] = readFileSync(resolve(cartsDir, name));
    const image = assembleBattleCart((p) => readFileSync(resolve(cartsDir, p), 'utf8')).image;
    const f = fakeIo({ ...base(), ...sources });
    expect(runMain(['--bios', 'bios.rom', '--frames', '3', '--state-jsonl', 's.jsonl'], f.io)).toBe(0);
    const g = fakeIo({ ...base(), 'battle.bin': image });
    expect(
      runMain(['--cart', 'battle.bin', '--bios', 'bios.rom', '--frames', '3', '--state-jsonl', 's.jsonl'], g.io),
    ).toBe(0);
    expect(f.text('s.jsonl')).toBe(g.text('s.jsonl'));
    expect(f.out()).toContain(
      `cartridge: our battle cartridge, built from rom-core/roms/carts/ (CRC32 ${crcHex(crc32(image))})`,
    );
  });
});

describe('o2 run errors', () => {
  const cases: [string[], RegExp][] = [
    [
      ['--bios', 'bios.rom'],
      /no --cart given and our battle cartridge .*carts\) cannot be built: .*bank\d\.a48: no such file/,
    ],
    [['--cart', 'nope.bin', '--bios', 'bios.rom'], /cannot read cartridge nope\.bin: no such file/],
    [['--cart', 'bios.rom', '--bios', 'bios.rom'], /cartridge is 1024 bytes; a cartridge must be 2048 \(2 KB\)/],
    [['--cart', 'vbl.bin', '--bios', 'vbl.bin'], /BIOS is 2048 bytes; a BIOS must be 1024 bytes/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', '0'], /--frames needs a whole number from 1/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames', 'ten'], /--frames needs a whole number/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--png-every', '2'], /--png-every and --png-dir go together/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--mapper', 'mbc1'], /--mapper must be one of standard, rally, ktaa/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--turbo'], /unknown option --turbo/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--input', 'bad.txt'], /bad\.txt line 2: unknown key 'SHIFT'/],
    [['--cart', 'vbl.bin', '--bios', 'bios.rom', '--frames'], /option --frames needs a value/],
  ];
  for (const [argv, message] of cases) {
    it(`${argv.join(' ') || '(no arguments)'}`, () => {
      const f = fakeIo({ ...base(), 'bad.txt': '1 A down\n2 SHIFT down\n' });
      expect(runMain(argv, f.io)).toBe(1);
      expect(f.err()).toMatch(message);
      expect(f.err()).toMatch(/usage: o2 run \[--cart C\.bin\]/);
    });
  }

  it('input script lines are checked one by one', () => {
    expect(() => parseInputScript('0 A down')).toThrow(/line 1: frame must be a whole number from 1/);
    expect(() => parseInputScript('\n1 A pressed')).toThrow(/line 2: expected down or up/);
    expect(() => parseInputScript('1 A')).toThrow(/line 1: expected 'FRAME KEY down\|up'/);
    expect(parseInputScript('2 b UP # comment\n1 J1_FIRE down')).toEqual([
      { frame: 1, key: 'J1_FIRE', down: true },
      { frame: 2, key: 'B', down: false },
    ]);
  });
});

describe('encodePng', () => {
  it('writes a valid chunk CRC for each chunk', async () => {
    const { crc32 } = await import('../../../rom-core/crc32.ts');
    const png = encodePng(new Uint8Array(4).fill(15), 2, 2);
    const chunks = pngChunks(png);
    for (const c of chunks) expect(c.crc).toBe(crc32(png.subarray(c.at + 4, c.at + 8 + c.data.length)));
    const types = chunks.map((c) => c.type);
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
});
