import { assemble } from '../../../rom-core/asm/index.ts';
import type { AssembleOptions, AssembleResult } from '../../../rom-core/asm/index.ts';

/** Assembles and fails the test with the diagnostics if there were errors. */
export function ok(source: string, options?: AssembleOptions): AssembleResult {
  const r = assemble(source, options);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
  return r;
}

export function bytesOf(source: string, options?: AssembleOptions): number[] {
  return Array.from(ok(source, options).bytes);
}

export function errorsOf(
  source: string,
  options?: AssembleOptions,
): { code: string; message: string; line: number; column: number; length: number; severity: string }[] {
  return assemble(source, options).diagnostics.map(({ code, message, line, column, length, severity }) => ({
    code,
    message,
    line,
    column,
    length,
    severity,
  }));
}
