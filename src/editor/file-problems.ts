/**
 * A build's diagnostics by source file (issue 36): with includes, the user needs to know which file holds
 * the errors before reading them, and which of the editor's tabs to open. Pure: the list and the tabs are
 * problem-list.ts's and program-panel.ts's.
 */
import type { Diagnostic } from '../../rom-core/asm/index.ts';

/** One file's share of a build's diagnostics, in the build's order. */
export interface FileProblems {
  file: string;
  errors: number;
  warnings: number;
  diagnostics: Diagnostic[];
}

/**
 * The diagnostics grouped by file: the files in `order` first (the sources as the tabs show them), then
 * any other file named (one not among the sources) in the order it came. Files with none are left out.
 */
export function problemsByFile(diagnostics: readonly Diagnostic[], order: readonly string[]): FileProblems[] {
  const groups = new Map<string, FileProblems>();
  for (const d of diagnostics) {
    let g = groups.get(d.file);
    if (!g) groups.set(d.file, (g = { file: d.file, errors: 0, warnings: 0, diagnostics: [] }));
    if (d.severity === 'error') g.errors++;
    else if (d.severity === 'warning') g.warnings++;
    g.diagnostics.push(d);
  }
  const rank = (file: string): number => {
    const i = order.indexOf(file);
    return i < 0 ? order.length : i;
  };
  // Array.prototype.sort is stable: files outside `order` keep the order they came in.
  return [...groups.values()].sort((a, b) => rank(a.file) - rank(b.file));
}

/** "2 errors, 1 warning", "1 error", "3 messages" (a source's own MESSAGE lines only). */
export function countText(g: Pick<FileProblems, 'errors' | 'warnings' | 'diagnostics'>): string {
  const parts: string[] = [];
  if (g.errors) parts.push(`${g.errors} error${g.errors === 1 ? '' : 's'}`);
  if (g.warnings) parts.push(`${g.warnings} warning${g.warnings === 1 ? '' : 's'}`);
  const others = g.diagnostics.length - g.errors - g.warnings;
  if (!parts.length && others) parts.push(`${others} message${others === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/**
 * Where a failed build's errors are, to follow "3 errors": " in g7000.h", or ", 2 in g7000.h and 1 in
 * hello.a48"; '' when no error names a file.
 */
export function errorPlaces(groups: readonly FileProblems[]): string {
  const withErrors = groups.filter((g) => g.errors > 0 && g.file);
  if (withErrors.length === 0) return '';
  if (withErrors.length === 1) return ` in ${withErrors[0].file}`;
  const each = withErrors.map((g) => `${g.errors} in ${g.file}`);
  return `, ${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
}
