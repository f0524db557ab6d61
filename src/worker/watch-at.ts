/**
 * Watchpoints typed as the user thinks of them (the debugger's watch field): a label or an expression
 * for the byte (`score`, `score+1`, `21h`, or `[eram 12h]` naming its own memory), with an optional
 * condition (`score if A == 3`), in the language of "Break at" (rom-core/debugger/condition.ts).
 * The labels are the running build's (break-at.ts holds them); a mistake throws one sentence and
 * changes nothing.
 */
import { parseCondition, parsePlace } from '../../rom-core/debugger/index.ts';
import type { MachineDebugger, PlaceSpace, Symbols, Watchpoint } from '../../rom-core/debugger/index.ts';
import type { WatchpointSpec } from './protocol.ts';
import { nameOf } from './ram-names.ts';
import type { RamNames } from './ram-names.ts';

/** What the running build names: every symbol (to type) and the bytes' names (to show). */
export interface WatchNames {
  symbols(): Symbols;
  ramNames(): RamNames;
}

export class WatchAt {
  constructor(
    private readonly debug: MachineDebugger,
    private readonly names: WatchNames,
  ) {}

  /**
   * Adds a watch on the byte `text` says (in `space` unless it names its own), stopping on `kind`
   * (`value`: when the byte becomes it); returns a sentence of what was set.
   */
  add(text: string, space: PlaceSpace, kind: WatchpointSpec['kind'], value?: number): string {
    const [where, ...rest] = text.split(/\s+if\s+/i);
    if (rest.length > 1) throw new Error('A watchpoint takes one “if” and one condition after it.');
    if (where.trim() === '') throw new Error('Say what to watch: a label, an address (21h) or [eram 12h].');
    const place = parsePlace(where, this.names.symbols(), space);
    const condition = rest.length === 1 ? rest[0].trim() : '';
    // A bare label is the name the user gave; otherwise the program's name for the byte, if any.
    const name = labelIn(where, this.names.symbols()) ?? nameOf(this.names.ramNames(), place.space, place.address);
    const watch: WatchpointSpec = { ...place, kind, ...(kind === 'value' ? { value } : {}) };
    if (name) watch.name = name;
    if (condition) watch.condition = condition;
    this.set([...this.list(), watch]);
    return `Watching ${describe(watch)}.`;
  }

  /** Replaces the watches (conditions compiled again); a bad one throws its sentence, changing nothing. */
  set(list: readonly WatchpointSpec[]): void {
    const symbols = this.names.symbols();
    const compiled: Watchpoint[] = list.map((w) => {
      const { condition, ...rest } = w;
      return condition ? { ...rest, condition, test: parseCondition(condition, symbols) } : rest;
    });
    this.debug.setWatchpoints(compiled);
  }

  list(): WatchpointSpec[] {
    return this.debug.watchpoints();
  }
}

/** The label `where` is, as the program spells it (names are read with case ignored), if it is one bare label. */
function labelIn(where: string, symbols: Symbols): string | undefined {
  const t = where.trim().toUpperCase();
  for (const name of symbols.keys()) if (name.toUpperCase() === t) return name;
  return undefined;
}

const SPACE_TEXT: Record<PlaceSpace, string> = { iram: 'internal RAM', eram: 'external RAM', vdc: 'VDC register' };

/** "writes of internal RAM 21h (score) if A == 3". */
function describe(w: WatchpointSpec): string {
  const at = `${SPACE_TEXT[w.space]} ${w.address.toString(16).toUpperCase().padStart(2, '0')}h${w.name ? ` (${w.name})` : ''}`;
  const what =
    w.kind === 'value'
      ? `${at} becoming ${(w.value ?? 0).toString(16).toUpperCase().padStart(2, '0')}h`
      : `${w.kind === 'read' ? 'reads' : 'writes'} of ${at}`;
  return w.condition ? `${what} if ${w.condition}` : what;
}
