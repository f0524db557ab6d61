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
    return n < 0x100
      ? `\\x${n.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${n.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/**
 * `file:line:col: severity: message`, the source line, and a ~~~ underline under the span. Control
 * characters in the source (an escape sequence, say) are shown escaped, never sent to the terminal.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const head = visible(`${d.file}:${d.line}:${d.column}: ${d.severity}: ${clip(d.message, MAX_MESSAGE)}`);
  if (!d.sourceLine) return head;
  const { text, column } = echoWindow(d.sourceLine, Math.max(0, d.column - 1), Math.max(1, d.length));
  // Tabs keep their width in the underline so it lines up in a terminal; escapes widen the line.
  const before = visible(text.slice(0, column));
  const span = visible(text.slice(column, column + Math.max(1, d.length)));
  const pad = before.replace(/[^\t]/g, ' ');
  const under = '~'.repeat(Math.max(1, span.length));
  return `${head}\n${visible(text)}\n${pad}${under}`;
}

/** The most of a source line an error echoes: a 10 MB line would otherwise be printed whole. */
export const MAX_ECHO = 200;
/** The most of a message printed (a message may quote a huge token of the line). */
const MAX_MESSAGE = 400;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * At most MAX_ECHO characters of the line around the error's span, with an ellipsis where the line
 * was cut, and the span's column within that window. Lines that fit are returned unchanged.
 */
function echoWindow(line: string, column: number, length: number): { text: string; column: number } {
  if (line.length <= MAX_ECHO) return { text: line, column };
  // Keep the start of the line when the span is in it; otherwise start a little before the span.
  const start =
    column + Math.min(length, MAX_ECHO) <= MAX_ECHO ? 0 : Math.max(0, Math.min(column - 20, line.length - MAX_ECHO));
  const end = start + MAX_ECHO;
  const lead = start > 0 ? '…' : '';
  const text = lead + line.slice(start, end) + (end < line.length ? '…' : '');
  return { text, column: column - start + lead.length };
}
