/**
 * The MAME golden runs of the VDC test cartridges (test/programs/vdc/*.a48), made by
 * test/mame/make-machine-goldens.ts into test/golden/vdc/: per-frame state JSONL, the pictures of the
 * frames in `shots` (NAME.fN.png) and, for `wav` entries, MAME's -wavwrite output reduced to a
 * per-frame sound summary (NAME.sound.json, see sound-summary.ts). MAME and our machine both use this
 * project's character set (rom-core/i8244/charset.ts) and the machine-test BIOS.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, formatDiagnostic } from '../../../rom-core/asm/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const VDC_PROGRAMS = resolve(here, '../../programs/vdc');
export const VDC_GOLDEN_DIR = resolve(here, '../../golden/vdc');

export interface VdcGolden {
  name: string;
  /** test/programs/vdc/<cart>.a48 */
  cart: string;
  frames: number;
  /** Frames whose picture is recorded. */
  shots: readonly number[];
  /** Run MAME's `videopac` (8245) instead of `odyssey2`. */
  pal?: boolean;
  /** Record the sound too. */
  wav?: boolean;
}

export const VDC_GOLDENS: readonly VdcGolden[] = [
  // chars, quads, sprites and grid rewrite their registers in one frame (left blank) and show them
  // in the next: their shown frames are the odd ones. Pictures of mid-line changes (colours) are
  // taken before MAME's CPU clock drift reaches half a dot (KNOWN_ISSUES.md).
  { name: 'chars', cart: 'chars', frames: 14, shots: [3, 5, 7, 9, 11, 13] },
  { name: 'chars-pal', cart: 'chars', frames: 6, shots: [3, 5], pal: true },
  { name: 'quads', cart: 'quads', frames: 8, shots: [3, 5, 7] },
  { name: 'quads-pal', cart: 'quads', frames: 4, shots: [3], pal: true },
  { name: 'sprites', cart: 'sprites', frames: 9, shots: [3, 5, 7, 9] },
  { name: 'grid', cart: 'grid', frames: 17, shots: [3, 5, 7, 9, 11, 13, 15, 17] },
  { name: 'colours', cart: 'colours', frames: 3, shots: [2, 3] },
  { name: 'colours-pal', cart: 'colours', frames: 3, shots: [2], pal: true },
  { name: 'collide', cart: 'collide', frames: 24, shots: [4, 20] },
  { name: 'sound', cart: 'sound', frames: 36, shots: [], wav: true },
  { name: 'sound-pal', cart: 'sound', frames: 36, shots: [], wav: true, pal: true },
  { name: 'edges', cart: 'edges', frames: 26, shots: [3, 6, 9] },
  // Short: from frame 4 on MAME's CPU clock drift moves the X readings by a unit (KNOWN_ISSUES.md).
  { name: 'poll', cart: 'poll', frames: 3, shots: [] },
  { name: 'poll-pal', cart: 'poll', frames: 3, shots: [], pal: true },
  { name: 'status', cart: 'status', frames: 4, shots: [] },
  { name: 'status-pal', cart: 'status', frames: 4, shots: [], pal: true },
  { name: 'midframe', cart: 'midframe', frames: 3, shots: [2, 3] },
  { name: 'midframe-pal', cart: 'midframe', frames: 3, shots: [2], pal: true },
  { name: 'hstat', cart: 'hstat', frames: 3, shots: [] },
  { name: 'hstat-pal', cart: 'hstat', frames: 3, shots: [], pal: true },
  { name: 'bench-visual', cart: 'bench-visual', frames: 12, shots: [6, 12] },
];

/** A 2 KB cartridge (CPU 400h-BFFh) from test/programs/vdc/NAME.a48. */
export function vdcCart(name: string): Uint8Array {
  const path = resolve(VDC_PROGRAMS, `${name}.a48`);
  const result = assemble(readFileSync(path, 'utf8'), {
    fileName: path,
    readFile: (p, from) => readFileSync(resolve(dirname(from), p), 'utf8'),
  });
  if (!result.ok)
    throw new Error(`${name}.a48 does not assemble:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  if (result.base < 0x400 || result.base + result.bytes.length > 0xc00)
    throw new Error(`${name}.a48 lies outside 400h-BFFh`);
  const image = new Uint8Array(0x800).fill(0xff);
  image.set(result.bytes, result.base - 0x400);
  return image;
}
