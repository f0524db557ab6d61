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
}

export const GOLDENS: readonly MachineGolden[] = [
  { name: 'vblank', cart: 'vblank', frames: 60, input: '' },
  { name: 'raster', cart: 'raster', frames: 4, input: '' },
  { name: 'mirror', cart: 'mirror', frames: 2, input: '' },
  { name: 'input', cart: 'input', frames: 12, input: '3 J0_UP down\n5 J0_UP up\n4 A down\n6 J1_FIRE down\n7 ENTER down\n8 A up\n' },
];
