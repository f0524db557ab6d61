/** The Intel 8244/8245 VDC: see vdc.ts for the API and its time convention. */
export { I8244 } from './vdc.ts';
export { NTSC, PAL, mameFrameStartDot, vblankIrqDot } from './timing.ts';
export type { VdcTiming } from './timing.ts';
export { CHARSET_SIZE, GLYPH_COUNT, GLYPH_NAMES, checkCharset, defaultCharset } from './charset.ts';
export { PALETTE_RF, PALETTE_RGB, indexToRgba, rgbaLut } from './palette.ts';
export { I8244Sound } from './sound.ts';
export { Resampler, SAMPLE_RATES } from './resampler.ts';
export { clipToPicture, vdcObjects } from './objects.ts';
export type { DotBox, Glyph, VdcGrid, VdcObject, VdcPicture } from './objects.ts';
