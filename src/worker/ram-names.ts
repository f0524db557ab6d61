/**
 * The program's names for bytes of internal RAM, external RAM and the VDC's registers, for the
 * debugger's views and watchpoints (issue 36). ASL has no data segments here, so a constant (an
 * `equ`, not a code label) is only a number; which byte it names is guessed the way homebrew sources
 * write them:
 * - the program points R0 or R1 at it somewhere (`mov r0,#score`: the 8048 reaches RAM and the VDC
 *   through @R0/@R1), which leaves out the many bit masks and colours a header defines, and
 * - its name says the memory (`iram_`, `eram_`/`xram_`, `vdc_`, as g7000.h and KTAA's sources do);
 *   or, second, a name the main file defines (not a header's colours and bit masks) that says none
 *   is taken for internal RAM at 20h-3Fh (the RAM a program keeps its variables in, above the second
 *   register bank).
 * Otherwise the first name defined for a byte wins (KTAA gives some bytes a second name).
 */
import type { PlaceSpace } from '../../rom-core/debugger/index.ts';

/** Names by address, for each memory. */
export type RamNames = Record<PlaceSpace, Record<number, string>>;

const SIZE: Record<PlaceSpace, number> = { iram: 0x40, eram: 0x80, vdc: 0x100 };

/** MOV R0,#data and MOV R1,#data (MCS-48 manual: B8h + r). */
const MOV_R0_IMM = 0xb8;
const MOV_R1_IMM = 0xb9;

/** The memory a name says it is in, if it says one. */
function spaceOfName(name: string): PlaceSpace | undefined {
  const n = name.toLowerCase();
  if (n.startsWith('iram')) return 'iram';
  if (n.startsWith('eram') || n.startsWith('xram')) return 'eram';
  if (n.startsWith('vdc')) return 'vdc';
  return undefined;
}

/** Every byte the cartridge loads into R0 or R1 as a pointer (a stray match in data only adds a candidate). */
function pointedAt(image: Uint8Array): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 1 < image.length; i++)
    if (image[i] === MOV_R0_IMM || image[i] === MOV_R1_IMM) out.add(image[i + 1]);
  return out;
}

/**
 * `symbols`: every name of the build with its value (labels too, in the order defined); `labels`:
 * the code labels, which name program addresses, not bytes; `image`: the cartridge; `own`: the names
 * the main file defines (undefined: any name may name internal RAM).
 */
export function ramNames(
  symbols: ReadonlyMap<string, number>,
  labels: ReadonlyMap<string, number>,
  image: Uint8Array,
  own?: ReadonlySet<string>,
): RamNames {
  const names: RamNames = { iram: {}, eram: {}, vdc: {} };
  const pointers = pointedAt(image);
  const unsaid: [string, number][] = [];
  for (const [name, value] of symbols) {
    if (labels.has(name) || !pointers.has(value)) continue;
    const space = spaceOfName(name);
    if (space === undefined) unsaid.push([name, value]);
    else if (value < SIZE[space]) names[space][value] ??= name;
  }
  for (const [name, value] of unsaid)
    if ((own === undefined || own.has(name)) && value >= 0x20 && value < 0x40) names.iram[value] ??= name;
  return names;
}

/** The program's name for a byte, if it has one. */
export function nameOf(names: RamNames, space: PlaceSpace, address: number): string | undefined {
  return names[space][address];
}
