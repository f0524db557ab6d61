/**
 * The 8244 register file: 256 bytes addressed by the MOVX address (docs/hardware.md §3.1). Offsets and
 * the store/lock-out rules follow MAME's `vdc_t` layout and `i8244_device::read`/`write`.
 */

/** Sprite n (0-3): Y, X, attributes at SPRITE + 4n + 0/1/2; +3 is not stored. */
export const SPRITE = 0x00;
/** Character n (0-11): Y, X, pointer low byte, attributes at CHAR + 4n + 0..3. */
export const CHAR = 0x10;
/** Quad q (0-3): sub-character j at QUAD + 16q + 4j (Y, X, pointer, attributes); only j = 0 holds Y/X. */
export const QUAD = 0x40;
/** Sprite n shape rows at SHAPE + 8n, bit 0 = leftmost pixel. */
export const SHAPE = 0x80;
export const CONTROL = 0xa0;
export const STATUS = 0xa1;
export const COLLISION = 0xa2;
export const COLOR = 0xa3;
export const Y_BEAM = 0xa4;
export const X_BEAM = 0xa5;
/** Sound shift register bits 23-16, 15-8, 7-0. */
export const SHIFT_HI = 0xa7;
export const SHIFT_MID = 0xa8;
export const SHIFT_LO = 0xa9;
export const SOUND = 0xaa;
/** Horizontal grid rows 0-7, columns 0-8. */
export const HGRID = 0xc0;
/** Horizontal grid row 8 (bit 0 only), columns 0-8. */
export const HGRID8 = 0xd0;
/** Vertical grid, columns 0-9. */
export const VGRID = 0xe0;

/** A0h bits. */
export const CTRL_STROBE = 0x02;
export const CTRL_SOUND_IRQ = 0x04;
export const CTRL_GRID = 0x08;
export const CTRL_FOREGROUND = 0x20;
export const CTRL_DOTS = 0x40;
export const CTRL_FILL = 0x80;

/** A1h bits held by the chip (bit 0 and bit 1 are computed on read). */
export const STAT_SOUND_IRQ = 0x04;
export const STAT_VBLANK = 0x08;
export const STAT_MAJOR_OVERLAP = 0x80;
/** Bits a read of A1h clears (MAME `m_control_status &= ~0xcc`). */
export const STAT_CLEARED_ON_READ = 0xcc;

/**
 * Folds the address mirrors onto the stored register: quad sub-characters 1-3 share sub-character 0's
 * Y/X, and B0h-BFh mirror A0h-AFh.
 */
export function fixMirrors(address: number): number {
  let a = address & 0xff;
  if ((a & 0xc2) === 0x40) a &= ~0x0c;
  if ((a & 0xe0) === 0xa0) a &= ~0x10;
  return a;
}

/** Write-only registers that read back as 0 in MAME (the real chip returns open-bus patterns, §3.1). */
export function readsAsZero(a: number): boolean {
  return (
    a === 0x02 ||
    a === 0x06 ||
    a === 0x0a ||
    a === 0x0e ||
    a === COLOR ||
    a === SHIFT_HI ||
    a === SHIFT_MID ||
    a === SHIFT_LO
  );
}

/** Addresses whose writes are dropped: read-only status/beam registers and unconnected cells. */
export function writeDropped(a: number): boolean {
  if (a < 0x10) return (a & 3) === 3;
  if (a === STATUS || a === Y_BEAM || a === X_BEAM || a === 0xa6) return true;
  if (a >= 0xab && a <= 0xaf) return true;
  if (a >= 0xc9 && a <= 0xcf) return true;
  if (a >= 0xd9 && a <= 0xdf) return true;
  return a >= 0xea;
}

/** The bits a write keeps (unconnected data lines), for a mirror-folded address. */
export function storedBits(a: number, data: number): number {
  let d = data & 0xff;
  if ((a & 0x83) === 0x03) d &= 0x0f; // char/quad attributes: d4-d7 not connected
  if (a >= 0x10 && (a & 0x83) === 0x00) d &= 0xfe; // char/quad Y: d0 not connected
  if ((a & 0xf0) === 0xd0) d &= 0x01; // horizontal grid row 8: only d0
  if (a === SOUND) d &= ~0x40; // MAME drops the undocumented "loop" bit
  return d;
}
