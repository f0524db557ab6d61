/**
 * The docs name files that exist (issue 33): every file a README (or KNOWN_ISSUES.md) names in backticks,
 * as a path from the repository's root, from the README's folder, or as a name or path found under some
 * folder of the repository, is there. A file renamed or removed without its docs fails here, naming the
 * README and the file. Placeholders (`NAME.a48`) and patterns are not files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.git', '.cli-build']);
const TOP = /^(board|src|rom-core|test|scripts|public|docs)\//;
const FILE = /^[\w./-]+\.(ts|js|cjs|mjs|json|jsonl|md|a48|css|html|h|txt)$/;

function walk(dir: string, files: string[], docs: string[]): void {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, files, docs);
    else {
      files.push(relative(ROOT, path));
      if (name === 'README.md' || name === 'KNOWN_ISSUES.md') docs.push(path);
    }
  }
}

/** The files `doc` names that are not in the repository, as "README: name" lines. */
export function missingNames(doc: string, text: string, files: readonly string[]): string[] {
  const missing: string[] = [];
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const name = m[1].replace(/[:#].*$/, '');
    if (!FILE.test(name) || /NAME|\*/.test(name)) continue;
    const paths = TOP.test(name) ? [join(ROOT, name)] : [join(dirname(doc), name), join(ROOT, name)];
    if (paths.some((p) => existsSync(p))) continue;
    if (!TOP.test(name) && files.some((f) => f === name || f.endsWith(`/${name}`))) continue;
    missing.push(`${relative(ROOT, doc)}: ${name}`);
  }
  return missing;
}

describe('the docs', () => {
  const files: string[] = [];
  const docs: string[] = [];
  walk(ROOT, files, docs);

  it('name only files that exist', () => {
    expect(docs.length).toBeGreaterThan(10);
    const missing = docs.flatMap((d) => missingNames(d, readFileSync(d, 'utf8'), files));
    expect(missing).toEqual([]);
  });

  it('the check finds a file that is gone (the check itself)', () => {
    const doc = join(ROOT, 'board', 'README.md');
    expect(missingNames(doc, 'see `machines/battle-chart.ts` and `ports/step-gate.ts`', files)).toEqual([
      'board/README.md: ports/step-gate.ts',
    ]);
  });
});
