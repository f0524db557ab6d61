/**
 * Breakpoints on source lines: kept by file and line (they follow the text, not an address), and
 * turned into addresses by a build's line map when they are sent to the worker. The debugger's own
 * breakpoints (set by address) are kept beside them.
 */
import type { LineMapEntry } from '../../rom-core/asm/index.ts';
import type { ConsoleRuntime } from '../machine/runtime.ts';

/** The address of the first instruction or data a source line made, by a build's line map. */
export function addressOf(lineMap: readonly LineMapEntry[], file: string, line: number): number | undefined {
  return lineMap.find((e) => e.file === file && e.line === line)?.address;
}

export class SourceBreakpoints {
  /** 1-based lines by file. */
  private readonly lines = new Map<string, Set<number>>();
  /** The addresses these set in the worker last time (the others there are the debugger's). */
  private placed: number[] = [];

  in(file: string): number[] {
    return [...(this.lines.get(file) ?? [])];
  }

  toggle(file: string, line: number): void {
    const set = this.lines.get(file) ?? new Set<number>();
    if (set.has(line)) set.delete(line);
    else set.add(line);
    this.lines.set(file, set);
  }

  /** Forgets every line (other files were opened). */
  clear(): void {
    this.lines.clear();
  }

  /** A new machine holds none of them any more. */
  booted(): void {
    this.placed = [];
  }

  /**
   * Sends the lines' addresses to the worker, keeping the debugger's; returns them and the lines
   * that hold no code.
   */
  async place(
    api: ConsoleRuntime['api'],
    lineMap: readonly LineMapEntry[],
  ): Promise<{ addresses: number[]; empty: string[] }> {
    const addresses: number[] = [];
    const empty: string[] = [];
    for (const [file, lines] of this.lines) {
      for (const line of lines) {
        const a = addressOf(lineMap, file, line);
        if (a === undefined) empty.push(`${file}:${line}`);
        else addresses.push(a);
      }
    }
    const others = (await api.debugInfo()).breakpoints.filter((a) => !this.placed.includes(a));
    this.placed = addresses;
    await api.setBreakpoints([...new Set([...others, ...addresses])]);
    return { addresses, empty };
  }
}
