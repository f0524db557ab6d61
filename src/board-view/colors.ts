// Marker colours for the six C/A marker sets. The manual's pictures show red, blue and yellow markers;
// the other three are our choice, picked to stay apart from each other and readable on the dark board.

export interface MarkerColour {
  id: string;
  label: string;
  css: string;
}

export const MARKER_COLOURS: readonly MarkerColour[] = [
  { id: 'red', label: 'Red', css: '#e04848' },
  { id: 'blue', label: 'Blue', css: '#3d7bf0' },
  { id: 'yellow', label: 'Yellow', css: '#f2c230' },
  { id: 'green', label: 'Green', css: '#33b35a' },
  { id: 'white', label: 'White', css: '#f4f4f4' },
  { id: 'purple', label: 'Purple', css: '#a667e8' },
];

/** CSS colour for a marker; unknown names (from an imported game) pass through as CSS. */
export function markerCss(color: string): string {
  return MARKER_COLOURS.find((c) => c.id === color.toLowerCase())?.css ?? color;
}

/** Black or white text, whichever reads better on the marker (WCAG relative luminance). */
export function inkOn(hex: string): '#000' | '#fff' {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#000';
  const lin = (v: string): number => {
    const c = parseInt(v, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  // Contrast with black is (l+0.05)/0.05, with white 1.05/(l+0.05); pick the larger.
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}
