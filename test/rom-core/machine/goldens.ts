/** The MAME golden runs of the machine test cartridges (made by test/mame/make-machine-goldens.ts). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MACHINE_GOLDEN_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../golden/machine');

export interface MachineGolden {
  name: string;
  /** test/programs/machine/<cart>.a48 */
  cart: string;
  frames: number;
  /** An `o2 run --input` script. */
  input: string;
  /** Run MAME's `videopac` (8245) instead of `odyssey2`. */
  pal?: boolean;
  /** Cartridge size for a bank probe (helpers.ts bankedCart); default the 2 KB test cartridge. */
  size?: number;
}

export const GOLDENS: readonly MachineGolden[] = [
  { name: 'vblank', cart: 'vblank', frames: 60, input: '' },
  { name: 'raster', cart: 'raster', frames: 4, input: '' },
  { name: 'mirror', cart: 'mirror', frames: 2, input: '' },
  { name: 'vblank-pal', cart: 'vblank', frames: 30, input: '', pal: true },
  // Short: MAME's CPU clock drift (mame-golden.test.ts) moves the X beam reading by one unit on
  // PAL at frame 4 (0.2 dot per frame there).
  { name: 'raster-pal', cart: 'raster', frames: 3, input: '', pal: true },
  // Bank probes: MAME's -cart gives 4 and 12 KB the standard mapper (P1 & 3, offsets masked to
  // 4 KB / 8 KB) and 16 KB the rally mapper (P1.0 = 1: last bank, else the latch).
  { name: 'banks-4k', cart: 'bankprobe', frames: 3, input: '', size: 0x1000 },
  { name: 'banks-12k', cart: 'bankprobe', frames: 3, input: '', size: 0x3000 },
  { name: 'banks-16k', cart: 'bankprobe', frames: 3, input: '', size: 0x4000 },
  {
    name: 'input',
    cart: 'input',
    frames: 12,
    input: '3 J0_UP down\n5 J0_UP up\n4 A down\n6 J1_FIRE down\n7 ENTER down\n8 A up\n',
  },
];
