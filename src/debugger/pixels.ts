/** The debugger's pictures: the four sprites from the VDC's registers and the character ROM. */

export function drawCharset(canvas: HTMLCanvasElement, charset: number[]): void {
  // 64 glyphs × 8 rows, 8 glyphs a line; bit 7 = leftmost pixel.
  canvas.width = 8 * 9;
  canvas.height = 8 * 9;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#111';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#9f9';
  for (let g = 0; g < 64; g++) {
    const ox = (g % 8) * 9,
      oy = Math.floor(g / 8) * 9;
    for (let r = 0; r < 8; r++) {
      const bits = charset[g * 8 + r] ?? 0;
      for (let b = 0; b < 8; b++) if (bits & (0x80 >> b)) ctx.fillRect(ox + b, oy + r, 1, 1);
    }
  }
}

export function drawSprites(canvas: HTMLCanvasElement, vdc: number[]): void {
  // Shapes at 80h + 8n, bit 0 = leftmost pixel; colour from the attribute byte (bits 3-5 = R, G, B).
  canvas.width = 4 * 10;
  canvas.height = 8;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#111';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (let n = 0; n < 4; n++) {
    const attr = vdc[n * 4 + 2];
    ctx.fillStyle = `rgb(${attr & 0x08 ? 255 : 90},${attr & 0x10 ? 255 : 90},${attr & 0x20 ? 255 : 90})`;
    for (let r = 0; r < 8; r++) {
      const bits = vdc[0x80 + n * 8 + r];
      for (let b = 0; b < 8; b++) if (bits & (1 << b)) ctx.fillRect(n * 10 + b, r, 1, 1);
    }
  }
}
