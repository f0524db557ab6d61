/**
 * The resolver's session log: every battle resolved on this page, kept in this browser across a
 * reload and exported for a play-by-mail umpire as CSV (one row a battle) or JSON (the entries).
 */
import type { Resolution } from '../../board/index.ts';
import type { Weapon } from '../../board/index.ts';
import { setAsideStored } from '../platform/stored.ts';

export interface LogEntry extends Resolution {
  /** When it was resolved (ISO 8601). */
  at: string;
  area: string;
  weapons: { attacker: Weapon; defender: Weapon };
}

const KEY = 'o2conquest.resolver.log';

function isEntry(x: unknown): x is LogEntry {
  const o = x as Partial<LogEntry> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.at === 'string' &&
    typeof o.game === 'string' &&
    typeof o.text === 'string' &&
    typeof o.energy?.attacker === 'number' &&
    typeof o.left?.attacker === 'number' &&
    // The CSV reads these: an entry without them would throw at export.
    typeof o.forces === 'object' &&
    o.forces !== null &&
    typeof o.weapons === 'object' &&
    o.weapons !== null
  );
}

export class SessionLog {
  private items: LogEntry[];
  /** Why the log could not be kept in this browser, or null. */
  problem: string | null = null;

  constructor(private readonly storage: Storage | null = safeStorage()) {
    this.items = [];
    const text = this.read();
    if (text === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    // An unreadable log is set aside (stored.ts), never written over by the next battle's save.
    if (Array.isArray(parsed)) this.items = parsed.filter(isEntry);
    else if (this.storage)
      this.problem = `${setAsideStored(KEY, text, 'is not a session log', this.storage)} The session log starts afresh.`;
  }

  get entries(): readonly LogEntry[] {
    return this.items;
  }

  add(entry: LogEntry): void {
    this.items = [...this.items, entry];
    this.save();
  }

  clear(): void {
    this.items = [];
    this.save();
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(KEY) ?? null;
    } catch {
      return null;
    }
  }

  private save(): void {
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.items));
      this.problem = null;
    } catch (e) {
      this.problem = `The session log could not be kept in this browser (${e instanceof Error ? e.message : String(e)}); export it before you leave.`;
    }
  }

  toJson(): string {
    return JSON.stringify(this.items, null, 2) + '\n';
  }

  toCsv(): string {
    const rows = [CSV_COLUMNS.map(([name]) => name), ...this.items.map((e) => CSV_COLUMNS.map(([, cell]) => cell(e)))];
    return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
  }
}

const CSV_COLUMNS: [string, (e: LogEntry) => string | number | undefined][] = [
  ['at', (e) => e.at],
  ['game', (e) => e.game],
  ['area', (e) => e.area],
  ['attacker force', (e) => e.forces.attacker],
  ['defender force', (e) => e.forces.defender],
  ['attacker weapon', (e) => e.weapons.attacker],
  ['defender weapon', (e) => e.weapons.defender],
  ['attacker energy', (e) => e.energy.attacker],
  ['defender energy', (e) => e.energy.defender],
  ['attacker left', (e) => e.left.attacker],
  ['defender left', (e) => e.left.defender],
  ['winner', (e) => e.winner],
  ['column', (e) => e.column],
  ['die', (e) => e.die],
  ['result', (e) => e.result],
  ['attacker losses', (e) => e.losses?.attacker],
  ['defender losses', (e) => e.losses?.defender],
  ['text', (e) => e.text],
];

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
export function csvCell(v: string | number | undefined): string {
  const s = v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function safeStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
