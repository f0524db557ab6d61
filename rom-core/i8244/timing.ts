/**
 * Video timing of the 8244 (NTSC) and 8245 (PAL), in one integer unit: the "dot", a half cycle of the
 * VDC clock (MAME's pixel clock). One 8048 machine cycle is exactly 20 dots on NTSC and 18 on PAL, so
 * the CPU and the VDC share one integer time base (docs/hardware.md §0).
 *
 * Line and blanking positions are MAME's `set_default_params()` (i8244.cpp); the visible window is the
 * one the Odyssey² driver configures (`set_screen_size(360, 243)`, no crop): dots 0-359 of lines 0-242.
 */
export interface VdcTiming {
  readonly name: 'NTSC' | 'PAL';
  /** Chip name, for messages and save-state checks. */
  readonly chip: '8244' | '8245';
  /** The 8244 hides characters/quads with Y < 0Eh; the 8245 shows them (MAME `is_ntsc()`). */
  readonly ntsc: boolean;
  readonly dotsPerCycle: number;
  readonly dotsPerLine: number;
  readonly linesPerFrame: number;
  readonly dotsPerFrame: number;
  /** VBLANK starts on this line at dot `hblankStart - 1` (MAME `vblank()`). */
  readonly vblankStartLine: number;
  /** ... and ends on this line after dot `hblankStart - 1`. */
  readonly vblankEndLine: number;
  /** HBLANK is dots hblankStart <= h < hblankEnd of every line; the sound clock ticks at hblankStart. */
  readonly hblankStart: number;
  readonly hblankEnd: number;
  /** Burst gate: the Y counter increments here and A1 bit 0 falls. */
  readonly bgateStart: number;
  readonly visibleWidth: number;
  readonly visibleHeight: number;
  /** Dot rate in Hz as an exact fraction (the PAL rate is not an integer): num / den. */
  readonly dotRateNum: number;
  readonly dotRateDen: number;
}

function make(t: Omit<VdcTiming, 'dotsPerFrame'>): VdcTiming {
  return Object.freeze({ ...t, dotsPerFrame: t.dotsPerLine * t.linesPerFrame });
}

/** Odyssey² (7.15909 MHz crystal; VDC clock = XTAL/2, dot = XTAL). */
export const NTSC: VdcTiming = make({
  name: 'NTSC',
  chip: '8244',
  ntsc: true,
  dotsPerCycle: 20,
  dotsPerLine: 455,
  linesPerFrame: 263,
  vblankStartLine: 242,
  vblankEndLine: 0,
  hblankStart: 366,
  hblankEnd: 453,
  bgateStart: 413,
  visibleWidth: 360,
  visibleHeight: 243,
  dotRateNum: 7_159_090,
  dotRateDen: 1,
});

/** Videopac G7000 (17.734476 MHz crystal; VDC clock = XTAL/5, dot = 2·XTAL/5). MAME itself calls this
 * timing "not 100% accurate" (the console slaves the 8245 during VBLANK). */
export const PAL: VdcTiming = make({
  name: 'PAL',
  chip: '8245',
  ntsc: false,
  dotsPerCycle: 18,
  dotsPerLine: 456,
  linesPerFrame: 313,
  vblankStartLine: 242,
  vblankEndLine: 312,
  hblankStart: 366,
  hblankEnd: 454,
  bgateStart: 414,
  visibleWidth: 360,
  visibleHeight: 243,
  dotRateNum: 35_468_952,
  dotRateDen: 5,
});

/** Frame dot where the VBLANK interrupt fires: line vblankStartLine, dot hblankStart - 1 (MAME's timer). */
export function vblankIrqDot(t: VdcTiming): number {
  return t.vblankStartLine * t.dotsPerLine + t.hblankStart - 1;
}

/**
 * Frame dot of MAME's emulated time 0 and of its frame callback: the first line after the visible
 * area (MAME's screen VBLANK begins there). A machine that wants to line up with MAME starts here.
 */
export function mameFrameStartDot(t: VdcTiming): number {
  return t.visibleHeight * t.dotsPerLine;
}
