/**
 * The VDC view's text (kept DOM-free for tests): one line per object of rom-core's vdcObjects, with its
 * registers, where its box is in picture pixels (the unit named: UNIT_TEXT), its glyphs and colours,
 * and the control (A0h) and colour (A3h) registers in words.
 */
import { GLYPH_NAMES } from '../../rom-core/i8244/index.ts';
import type { Glyph, VdcObject, VdcPicture } from '../../rom-core/i8244/index.ts';
import { hex2, hex3 } from './format.ts';

/** The 16 colour indices by name, as palette.ts's RF table shows them (I·8 + B·4 + G·2 + R). */
export const COLOR_NAMES: readonly string[] = [
  'black',
  'dark red',
  'dark green',
  'olive',
  'dark blue',
  'dark violet',
  'dark cyan',
  'light grey',
  'grey',
  'red',
  'green',
  'yellow',
  'blue',
  'violet',
  'cyan',
  'white',
];

const colorText = (c: number): string => `${c} ${COLOR_NAMES[c & 15]}`;

/** "2F ▮ (row 0)": a glyph's code, its name, and the row it starts on when not its first. */
function glyphText(g: Glyph): string {
  const name = GLYPH_NAMES[g.code] ?? '?';
  return `${hex2(g.code)} '${name}'${g.row ? ` from row ${g.row}` : ''}`;
}

/**
 * What a size in the VDC view counts: a pixel of the picture the screen shows (360×243, before it is
 * scaled to the window). The 8244 draws a sprite's or character's own pixel as 2×2 of them (a big
 * sprite's as 4×4: attribute bit 2), so an 8×8 sprite is 16×16 px.
 */
export const UNIT_TEXT =
  'Places and sizes are in picture pixels (px) of the 360×243 picture: a sprite or character pixel is 2×2 px, a big sprite’s 4×4 px.';

/** "at 74,64 16×14 px (8×7 pixels of 2×2)": the box, and the object's own pixels in it. */
function boxText(o: VdcObject): string {
  const b = o.box;
  const at = `at ${b.left},${b.top} ${b.width}×${b.height} px`;
  if (o.kind === 'quad') return at;
  const scale = o.kind === 'sprite' && o.big ? 4 : 2;
  return `${at} (8×${b.height / scale} pixels of ${scale}×${scale})`;
}

const SHIFTS = ['', ' X9 shift', ' even rows shifted', ' odd rows shifted'];

/** One object, on one line: "C3 (1Ch) Y 40 X 20 ptr 0B8 attr 0C  glyph 05 '5'  colour 14 cyan  at 74,64 16×14 px (8×7 pixels of 2×2)". */
export function objectText(o: VdcObject): string {
  const regs = `${o.label} (${hex2(o.address)}h) Y ${hex2(o.y)} X ${hex2(o.x)}`;
  let what: string;
  if (o.kind === 'sprite') {
    what = `attr ${hex2(o.attr)}  colour ${colorText(o.color)}${o.big ? ' big' : ''}${SHIFTS[o.shift ?? 0]}`;
  } else if (o.kind === 'char') {
    const g = o.glyphs![0];
    what = `ptr ${hex3(g.pointer)} attr ${hex2(o.attr)}  glyph ${glyphText(g)}  colour ${colorText(o.color)}`;
  } else {
    what = `glyphs ${o.glyphs!.map(glyphText).join(' ')}  colours ${o.glyphs!.map((g) => g.color).join(' ')}`;
  }
  return `${regs} ${what}  ${boxText(o)}${o.hidden ? `  (not drawn: ${o.hidden})` : ''}`;
}

/** The control and colour registers, in words, on two lines. */
export function controlText(p: VdcPicture): string {
  const on = (b: boolean): string => (b ? 'on' : 'off');
  const g = p.grid;
  return [
    `A0h ${hex2(p.control)}: foreground ${on(p.foreground)}, grid ${on(g.on)}, dots ${on(g.dots)}, fill ${on(g.fill)}`,
    `A3h ${hex2(p.colorReg)}: background ${colorText(p.background)}, grid colour ${colorText(g.color)}; segment registers set: ${g.segments}`,
  ].join('\n');
}

/** The objects the list shows: the drawn ones, or all of them. */
export function listed(p: VdcPicture, all: boolean): VdcObject[] {
  return all ? p.objects : p.objects.filter((o) => o.visible);
}
