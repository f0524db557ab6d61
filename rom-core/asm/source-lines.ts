import { commentStart } from './lexer.ts';
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

/** ASL's boundary for a parameter name: a letter or digit next to it makes it part of a longer word; `_` and `.` do not. */
const ALNUM = /[A-Za-z0-9]/;

/**
 * ASL's parameter replacement (its `CompressLine` / `ExpandLine`): a parameter name is replaced
 * wherever it stands between characters that are not letters or digits, case-insensitively, in
 * the line's code: inside longer names (`name_bank`, `.loop`) and inside strings (`'char'`) too, as
 * KTAA's macros need. Each name is first turned into a marker, one after another in the order
 * declared, so an argument's text is never searched again for a later parameter.
 */
export function substitute(text: string, params: string[], args: string[]): string {
  // The comment stays as written (ASL replaces there too, but no byte depends on it and a listing reads better).
  const cut = commentStart(text);
  let out = text.slice(0, cut);
  params.forEach((param, k) => {
    out = replaceWord(out, param, marker(k));
  });
  params.forEach((_, k) => {
    out = out.split(marker(k)).join(args[k] ?? '');
  });
  return out + text.slice(cut);
}

/** A character no source holds in practice (Unicode private use), one per parameter; not a letter or digit, so it bounds words as the ASL's control-character markers do. */
const marker = (k: number): string => String.fromCharCode(0xe000 + k);

/** Replaces `word` (case-insensitive) where no letter or digit touches it on either side. */
export function replaceWord(text: string, word: string, by: string): string {
  if (!word) return text;
  const lower = text.toLowerCase();
  const w = word.toLowerCase();
  let out = '';
  let from = 0;
  for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
    const end = at + w.length;
    if (at < from || (at > 0 && ALNUM.test(text[at - 1])) || (end < text.length && ALNUM.test(text[end]))) continue;
    out += text.slice(from, at) + by;
    from = end;
  }
  return out + text.slice(from);
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
