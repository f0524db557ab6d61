import { commentStart, tokenize } from './lexer.ts';
import type { Token } from './lexer.ts';

/** One line of source as the assembler walks it: from a file, or from a macro expansion. */
export interface SourceLine {
  text: string;
  file: string;
  line: number;
  /** Set on lines produced by a macro expansion: where the macro was invoked. */
  invokedAt?: { name: string; file: string; line: number };
}

/** A run of adjacent `-` or `+` operators from `start` (`--` is two tokens to the lexer). */
export function namelessRun(tokens: readonly Token[], start: number): { sign: '-' | '+'; count: number } | undefined {
  const first = tokens[start];
  if (!first || first.kind !== 'op' || (first.text !== '-' && first.text !== '+')) return undefined;
  let count = 1;
  while (
    tokens[start + count]?.kind === 'op' &&
    tokens[start + count].text === first.text &&
    tokens[start + count].col === tokens[start + count - 1].end
  )
    count++;
  return { sign: first.text, count };
}

/** Replaces whole identifier tokens that name a parameter; strings and comments stay as written. */
export function substitute(text: string, params: string[], args: string[]): string {
  if (params.length === 0) return text;
  let tokens: Token[];
  try {
    tokens = tokenize(text.slice(0, commentStart(text)));
  } catch {
    return text;
  }
  let out = text;
  for (let k = tokens.length - 1; k >= 0; k--) {
    const t = tokens[k];
    if (t.kind !== 'ident') continue;
    const index = params.indexOf(t.text.toUpperCase());
    if (index >= 0) out = out.slice(0, t.col) + (args[index] ?? '') + out.slice(t.end);
  }
  return out;
}

/** The name diagnostics use for an included file: relative to the including file's folder. */
export function includedName(path: string, from: string): string {
  if (/^([A-Za-z]:)?[\\/]/.test(path)) return path;
  const slash = Math.max(from.lastIndexOf('/'), from.lastIndexOf('\\'));
  return slash >= 0 ? from.slice(0, slash + 1) + path : path;
}

export function splitLines(text: string, file: string): SourceLine[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((t, i) => ({ text: t, file, line: i + 1 }));
}
