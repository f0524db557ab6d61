/**
 * The cycle profile by source line (issue 23): the cycles rom-core's CycleProfile counted at each
 * program address, summed over the instructions of each source line ("file:line  text"), most first.
 * Addresses with no source line of ours are summed as the BIOS, or by address in the cartridge.
 */
import type { ProfileLine } from './protocol.ts';

const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0') + 'h';

/** The `count` places with most cycles; `sourceAt` names an address's source line, if it has one. */
export function profileLines(
  byAddress: Float64Array,
  sourceAt: (address: number) => string | undefined,
  count = 12,
): ProfileLine[] {
  const sums = new Map<string, number>();
  for (let a = 0; a < byAddress.length; a++) {
    const cycles = byAddress[a];
    if (cycles === 0) continue;
    const where = sourceAt(a) ?? (a < 0x400 ? 'BIOS (no source line)' : `${hex3(a)} (no source line)`);
    sums.set(where, (sums.get(where) ?? 0) + cycles);
  }
  return [...sums]
    .map(([where, cycles]) => ({ where, cycles }))
    .sort((x, y) => y.cycles - x.cycles || x.where.localeCompare(y.where))
    .slice(0, count);
}
