/**
 * The debugger's views the session builds from the machine (issue 23): a bank of the cartridge for
 * the ROM view, and the cycle profile by source line (the cycles rom-core's CycleProfile counted at
 * each program address, summed over the instructions of each source line, most first; addresses with
 * no source line of ours are summed as the BIOS, or by address in the cartridge).
 */
import { disassembleOne } from '../../rom-core/asm/index.ts';
import type { CycleProfile } from '../../rom-core/debugger/index.ts';
import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import type { ProfileInfo, ProfileLine, RomView } from './protocol.ts';

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
    .map(([where, cycles]): ProfileLine => {
      // Source lines are "file:line  text" (source-index.ts indexSources).
      const m = /^(.+?):(\d+) {2}/.exec(where);
      return m ? { where, cycles, file: m[1], line: Number(m[2]) } : { where, cycles };
    })
    .sort((x, y) => y.cycles - x.cycles || x.where.localeCompare(y.where))
    .slice(0, count);
}

/** One bank of the cartridge as program space (BIOS included); the selected bank by default. */
export function romView(m: Odyssey2, bank?: number): RomView {
  const cart = m.cart;
  const current = cart.bankIndex();
  const b = bank ?? current;
  if (!Number.isInteger(b) || b < 0 || b >= cart.images.length)
    throw new Error(`This cartridge has banks 0 to ${cart.images.length - 1}.`);
  return {
    banks: cart.images.length,
    bank: b,
    current,
    mapper: cart.kind,
    size: cart.rom.length,
    image: cart.images[b].slice(),
    pc: m.cpu.pc,
  };
}

/**
 * The cycle profile as the panel shows it; `sourceAt` names the source line of the instruction at an
 * address (and its length in bytes), if it has one.
 */
export function profileInfo(
  m: Odyssey2,
  p: CycleProfile,
  sourceAt: (address: number, length: number) => string | undefined,
): ProfileInfo {
  const program = m.cpu.program;
  const t = m.timing;
  return {
    frameCycles: t.dotsPerFrame / t.dotsPerCycle,
    frames: p.frames(),
    lines: profileLines(p.byAddress, (a) => sourceAt(a, disassembleOne(program, a, a).length)),
    total: p.byAddress.reduce((n, c) => n + c, 0),
  };
}
