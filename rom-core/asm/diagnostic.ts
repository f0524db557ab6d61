/** A message about the user's source, with the span of the offending text. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  length: number;
  sourceLine: string;
}

/**
 * A user's mistake found while reading a line; the driver turns it into a Diagnostic.
 * `column` is 0-based into the line text, as the lexer counts.
 */
export class AsmError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly column: number,
    readonly length: number,
  ) {
    super(message);
  }
}

/** `file:line:col: severity: message`, the source line, and a ~~~ underline under the span. */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
  if (!d.sourceLine) return head;
  // Tabs keep their width in the underline so it lines up in a terminal.
  const pad = d.sourceLine.slice(0, Math.max(0, d.column - 1)).replace(/[^\t]/g, ' ');
  const under = '~'.repeat(Math.max(1, d.length));
  return `${head}\n${d.sourceLine}\n${pad}${under}`;
}
