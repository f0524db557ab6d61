/**
 * What the MAME golden generators share: our input scripts as MAME port events for
 * machine-oracle.lua, and MAME's raw screen turned back into our palette indices.
 */
import { parseInputScript } from '../../rom-core/cli/run.ts';
import { PALETTE_RF } from '../../rom-core/i8244/palette.ts';
import { keyTarget } from '../../rom-core/machine/index.ts';

/** Our input script (runner format, key names) as MAME port/mask events: `FRAME PORT BIT 0|1`. */
export function mameInput(script: string): string {
  return parseInputScript(script)
    .map((e) => {
      const t = keyTarget(e.key);
      if (t === undefined || t.kind === 'reset') throw new Error(`cannot send ${e.key} to MAME`);
      const port = t.kind === 'key' ? `KEY.${t.row}` : `JOY.${t.stick}`;
      return `${e.frame} ${port} ${t.bit} ${e.down ? 1 : 0}\n`;
    })
    .join('');
}

const LUT = new Map<number, number>(PALETTE_RF.map((c, i) => [c, i]));

/** MAME's raw ARGB32 screen (360 x 243) as palette indices; throws on a colour outside the RF palette. */
export function indicesOf(name: string, raw: Buffer): Uint8Array {
  const w = 360;
  const h = 243;
  if (raw.length !== w * h * 4) throw new Error(`${name}: MAME's screen is ${raw.length} bytes, expected ${w}x${h}x4`);
  const indices = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const rgb = raw.readUInt32LE(4 * i) & 0xffffff;
    const index = LUT.get(rgb);
    if (index === undefined) throw new Error(`${name}: pixel ${i} colour ${rgb.toString(16)} is not in the palette`);
    indices[i] = index;
  }
  return indices;
}
