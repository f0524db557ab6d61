/**
 * Ad hoc check of our BIOS on MAME 0.251 (not part of the test suite; needs /usr/games/mame):
 *   npx tsx test/rom-core/roms/mame-check.ts
 * Writes our BIOS and charset into a temporary rompath, boots the 2 KB test cartridge of
 * bios-machine.test.ts, presses '3' at frame 60 and prints what MAME's machine state shows.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from '../../../rom-core/asm/index.ts';
import { defaultCharset } from '../../../rom-core/i8244/charset.ts';
import { TEST_CART } from './test-cart.ts';
import { bios } from './harness.ts';
import { runMame } from '../../mame/mame-io.ts';

const LUA = fileURLToPath(new URL('../../mame/bios-check.lua', import.meta.url));

const work = mkdtempSync(join(tmpdir(), 'o2-bios-mame-'));
mkdirSync(join(work, 'rom', 'odyssey2'), { recursive: true });
writeFileSync(join(work, 'rom', 'odyssey2', 'o2bios.rom'), bios().image);
writeFileSync(join(work, 'rom', 'odyssey2', 'charset_i8244.bin'), defaultCharset());
const cart = assemble(TEST_CART, { fileName: 'cart.a48' });
if (!cart.ok || cart.bytes.length !== 0x800) throw new Error('test cartridge does not assemble to 2 KB');
writeFileSync(join(work, 'cart.bin'), cart.bytes);
const out = join(work, 'out.jsonl');
const marker = join(work, 'done');
const frames = Number(process.env.O2_FRAMES ?? 240);
const failed = runMame({
  system: 'odyssey2',
  rompath: join(work, 'rom'),
  cart: join(work, 'cart.bin'),
  script: LUA,
  marker,
  env: { O2_OUT: out, O2_MARKER: marker, O2_FRAMES: String(frames) },
  seconds: Math.ceil(frames / 59.8) + 5,
  work,
});
if (failed) {
  console.error(failed);
  process.exit(1);
}
const lines = readFileSync(out, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, number | string>);
console.log(`key fields: ${String(lines[0].fields)}`);
for (const f of lines.slice(1)) {
  if ((f.frame as number) % 20 === 0 || ((f.frame as number) >= 58 && (f.frame as number) <= 68)) {
    const chars = String(f.chars);
    const glyphs: string[] = [];
    for (let i = 0; i < 12; i++) {
      const y = parseInt(chars.slice(8 * i, 8 * i + 2), 16);
      const p =
        parseInt(chars.slice(8 * i + 4, 8 * i + 6), 16) | ((parseInt(chars.slice(8 * i + 6, 8 * i + 8), 16) & 1) << 8);
      glyphs.push(y === 0xf8 ? '..' : (((p + (y >> 1)) >> 3) & 0x3f).toString(16).padStart(2, '0'));
    }
    console.log(
      `frame ${f.frame}: pc ${(f.pc as number).toString(16)} key ${f.key} clock ${(f.clock as number).toString(16)} flags ${(f.flags as number).toString(16)} time ${(f.min as number).toString(16)}:${(f.sec as number).toString(16)} A0 ${(f.a0 as number).toString(16)} A3 ${(f.a3 as number).toString(16)} glyphs ${glyphs.join(' ')}`,
    );
  }
}
rmSync(work, { recursive: true, force: true });
