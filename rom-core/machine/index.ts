/** The Odyssey² machine: see odyssey2.ts for the time model and the run loop. */
export { Odyssey2 } from './odyssey2.ts';
export type { FrameDebugResult, FrameRecord, Odyssey2Options } from './odyssey2.ts';
export { Cartridge, MAPPER_KINDS, defaultMapper } from './cartridge.ts';
export type { MapperKind } from './cartridge.ts';
export { InputScriptError, parseInputScript } from './input-script.ts';
export type { InputEvent } from './input-script.ts';
export { KeyQueue } from './key-queue.ts';
export { KNOWN_CARTS, cartProfile, knownCart, mapperFor } from './known-carts.ts';
export type { CartProfile, KnownCart } from './known-carts.ts';
export type { KeyQueueOptions, KeySink } from './key-queue.ts';
export {
  JOY_BITS,
  KEY_MATRIX,
  KEY_NAMES,
  KEY_TARGETS,
  RESET_KEY,
  encodeRow,
  isKeyCode,
  keyCode,
  keyCodeOf,
  keyTarget,
  setKeyBit,
} from './input.ts';
export type { KeyCode, KeyTarget } from './input.ts';
export {
  BIOS_SIZE,
  CART_SIZES,
  CHARSET_SIZE,
  KTAA_SIZES,
  acceptedSizes,
  checkRomSize,
  identifyRom,
  largestRom,
} from './roms.ts';
export type { RomIdentity, RomKind } from './roms.ts';
export { crc32, crcHex } from '../crc32.ts';
export { encodeWav } from './wav.ts';
export { REWIND_BYTES_PER_FRAME, RewindRing, RunAhead, snapshotBound } from './rewind.ts';
export type { RewindOptions, Rewindable } from './rewind.ts';
