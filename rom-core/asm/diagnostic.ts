/** A message about the user's source, with the span of the offending text. */
export interface Diagnostic {
  /** `info` is a source's own MESSAGE. */
  severity: 'error' | 'warning' | 'info';
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

/** Control and text-direction characters, which a terminal would obey instead of showing. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSEEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every control or text-direction character shown as an escape (\x1B, \u202E). */
export function visible(text: string): string {
  return text.replace(UNSEEN, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${n.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/**
 * `file:line:col: severity: message`, the source line, and a ~~~ underline under the span. Control
 * characters in the source (an escape sequence, say) are shown escaped, never sent to the terminal.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const head = visible(`${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
  if (!d.sourceLine) return head;
  // Tabs keep their width in the underline so it lines up in a terminal; escapes widen the line.
  const before = visible(d.sourceLine.slice(0, Math.max(0, d.column - 1)));
  const span = visible(d.sourceLine.slice(Math.max(0, d.column - 1), Math.max(0, d.column - 1) + Math.max(1, d.length)));
  const pad = before.replace(/[^\t]/g, ' ');
  const under = '~'.repeat(Math.max(1, span.length));
  return `${head}\n${visible(d.sourceLine)}\n${pad}${under}`;
}
