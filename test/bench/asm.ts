/**
 * Assembler section of `npm run bench -- asm`: how long large sources take (issue 25 asked it said),
 * through the same assemble() the CLI and the browser use. One file of BENCH_ASM_LINES lines (default
 * 1,200,000: NOPs and labels in 16 KB banks' worth of ORGs, as a generator would write them), 3,000
 * includes of 1,000 lines each, and one 10 MB line with an error (its echo is capped at 200 characters,
 * rom-core/asm/diagnostic.ts). Only when named: it takes a minute.
 */
import { performance } from 'node:perf_hooks';
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';

/** `lines` lines of code: labels and one-byte instructions, the address wrapped inside 400h-FFFh. */
function bigSource(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i % 3000 === 0) out.push(` org 400h`);
    else if (i % 100 === 0) out.push(`l${i}: nop`);
    else out.push(i % 2 ? ' nop' : ' dec a');
  }
  return out.join('\n');
}

function timed(what: string, source: string, files: Record<string, string> = {}): void {
  const t0 = performance.now();
  const r = assemble(source, { fileName: 'big.a48', readFile: (path) => files[path] ?? '' });
  const ms = performance.now() - t0;
  const echo = r.diagnostics.map(formatDiagnostic).join('\n').length;
  console.log(
    `  ${what.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${r.errorCount} errors, ${echo} characters of messages`,
  );
}

export function benchAsm(): void {
  const lines = Number(process.env.BENCH_ASM_LINES ?? 1_200_000);
  console.log('assembler, large sources (through assemble(), as o2 asm and the browser):');
  timed(`one file of ${lines.toLocaleString('en')} lines`, bigSource(lines));
  const part = bigSource(1000).replace(/ org 400h/, '');
  const files: Record<string, string> = {};
  const includes: string[] = [' org 400h'];
  for (let i = 0; i < 3000; i++) {
    files[`p${i}.inc`] = part.replace(/\bl(\d+):/g, `p${i}_$1:`);
    includes.push(` include "p${i}.inc"`);
  }
  timed('3,000 includes of 1,000 lines', includes.join('\n'), files);
  timed('one 10 MB line holding an error', ` org 400h\n nop ${'x'.repeat(10 * 1024 * 1024)}\n`);
}
