/** Screen sizing, apart from the renderer so it can be tested in Node. */
/** 'crt' is the TV shape with the CRT look drawn over it (crt-filter.ts). */
export type DisplayMode = 'integer' | '4:3' | 'crt';

export interface Fit {
  width: number;
  height: number;
  /** Integer scale in 'integer' mode; the vertical scale in '4:3'. */
  scale: number;
}

/**
 * 'integer': the largest whole multiple of the picture that fits (at least 1), square dots.
 * '4:3' and 'crt': the largest 4:3 box that fits, as a TV showed it (dots are then not square).
 */
export function fitScreen(mode: DisplayMode, width: number, height: number, boxWidth: number, boxHeight: number): Fit {
  if (mode === 'integer') {
    const scale = Math.max(1, Math.floor(Math.min(boxWidth / width, boxHeight / height)));
    return { width: width * scale, height: height * scale, scale };
  }
  let h = Math.max(height, Math.min(boxHeight, (boxWidth * 3) / 4));
  // The CRT look's scanlines fall on whole device pixels only at a whole number of pixels a line.
  if (mode === 'crt') h = Math.max(height, Math.floor(h / height) * height);
  return { width: Math.round((h * 4) / 3), height: Math.round(h), scale: h / height };
}
