/**
 * The house has no import circles (issue 22). Every .ts file under rom-core/, board/ and src/ is read;
 * its relative imports and re-exports (type-only ones too, and `import('./x.ts')`) are resolved to files,
 * and two graphs are checked:
 * - files: no file reaches itself again through its imports;
 * - folders: inside each floor (rom-core/, board/, src/), the folders one level down (rom-core/machine,
 *   board/rules, src/table, ...) import each other in one direction only (a file at the floor's root,
 *   such as rom-core/version.ts, is a folder of its own).
 * A failure names the circle and, for each step, the importing file and the line.
 * The floors' order itself (src -> board -> rom-core) is the lint's (eslint.config.js).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const FLOORS = ['rom-core', 'board', 'src'];

/** An import of one file by another, with where it is written. */
export interface Edge {
  from: string;
  to: string;
  line: number;
  text: string;
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsFiles(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const rel = (file: string): string => relative(ROOT, file).split(sep).join('/');

/** Relative specifiers resolved to files of the tree (the project writes `./x.ts`; `./x` and `./x/index.ts` are tried too). */
function resolveSpecifier(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  for (const c of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (c.endsWith('.ts') && existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** Every relative import, re-export and dynamic import of the floors' .ts files. */
export function readGraph(root = ROOT, floors = FLOORS): Edge[] {
  const edges: Edge[] = [];
  for (const floor of floors) {
    for (const file of tsFiles(join(root, floor))) {
      const source = readFileSync(file, 'utf8');
      // The TypeScript scanner reads real imports only (not ones written inside strings or comments).
      const info = ts.preProcessFile(source, true, true);
      for (const ref of info.importedFiles) {
        const target = resolveSpecifier(file, ref.fileName);
        if (!target) continue;
        const line = source.slice(0, ref.pos).split('\n').length;
        edges.push({ from: rel(file), to: rel(target), line, text: source.split('\n')[line - 1].trim() });
      }
    }
  }
  return edges;
}

/** A circle: the nodes tied into one (a strongly connected part of the graph) and one way round through them. */
export interface Circle<N> {
  tied: N[];
  round: N[];
}

/** The circles of a graph: its strongly connected parts of more than one node (or a node importing itself). */
export function findCircles<N extends string>(edges: readonly { from: N; to: N }[]): Circle<N>[] {
  const next = new Map<N, N[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    if (!next.has(e.to)) next.set(e.to, []);
    if (!next.get(e.from)!.includes(e.to)) next.get(e.from)!.push(e.to);
  }
  for (const list of next.values()) list.sort();
  // Tarjan's strongly connected components (iterative would be safer for deep graphs; ours are shallow).
  let index = 0;
  const idx = new Map<N, number>();
  const low = new Map<N, number>();
  const stack: N[] = [];
  const onStack = new Set<N>();
  const parts: N[][] = [];
  const visit = (v: N): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const part: N[] = [];
      let w: N;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || next.get(v)!.includes(v)) parts.push(part);
    }
  };
  for (const v of [...next.keys()].sort()) if (!idx.has(v)) visit(v);
  // One concrete circle per part: the shortest way from its first node back to itself inside the part.
  return parts.map((part) => ({ tied: [...part].sort(), round: roundTrip(part, next) }));
}

/** The shortest way from a part's first node back to itself inside the part. */
function roundTrip<N extends string>(part: N[], next: Map<N, N[]>): N[] {
  {
    const inPart = new Set(part);
    const start = [...part].sort()[0];
    const prev = new Map<N, N>();
    const queue: N[] = [start];
    const seen = new Set<N>([start]);
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of next.get(v)!) {
        if (!inPart.has(w)) continue;
        if (w === start) {
          const path: N[] = [v];
          while (path[0] !== start) path.unshift(prev.get(path[0])!);
          return path;
        }
        if (!seen.has(w)) {
          seen.add(w);
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    return part;
  }
}

/** The folder one level inside its floor: rom-core/machine/roms.ts -> rom-core/machine; rom-core/version.ts stays itself. */
export function room(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

function describeCircle(
  { tied, round: circle }: Circle<string>,
  edges: readonly Edge[],
  key: (f: string) => string,
): string {
  const steps = circle.map((node, i) => {
    const to = circle[(i + 1) % circle.length];
    const why = edges
      .filter((e) => key(e.from) === node && key(e.to) === to)
      .map((e) => `      ${e.from}:${e.line}  ${e.text}`);
    return `  ${node} -> ${to}\n${why.join('\n')}`;
  });
  return `circle tying ${tied.length}: ${tied.join(', ')}\n one way round: ${[...circle, circle[0]].join(' -> ')}\n${steps.join('\n')}`;
}

/** What the test reports: one paragraph per circle, files first, then folders within a floor. */
export function circlesReport(edges: readonly Edge[]): string[] {
  const files = findCircles(edges).map((c) => describeCircle(c, edges, (f) => f));
  const inFloor = edges.filter((e) => e.from.split('/')[0] === e.to.split('/')[0] && room(e.from) !== room(e.to));
  const folders = findCircles(inFloor.map((e) => ({ from: room(e.from), to: room(e.to) }))).map(
    (c) => `folders: ${describeCircle(c, inFloor, room)}`,
  );
  return [...files, ...folders];
}

describe('the import graph of rom-core/, board/ and src/', () => {
  const edges = readGraph();

  it('is read: every floor has files that import each other', () => {
    for (const floor of FLOORS)
      expect(
        edges.some((e) => e.from.startsWith(`${floor}/`)),
        floor,
      ).toBe(true);
    expect(edges.length).toBeGreaterThan(300);
  });

  it('has no circle, of files or of folders within a floor', () => {
    const report = circlesReport(edges);
    expect(report, `\n${report.join('\n\n')}\n`).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const made: Edge[] = [
      { from: 'rom-core/a/x.ts', to: 'rom-core/a/y.ts', line: 1, text: "import { y } from './y.ts';" },
      { from: 'rom-core/a/y.ts', to: 'rom-core/b/z.ts', line: 1, text: "import type { Z } from '../b/z.ts';" },
      { from: 'rom-core/b/z.ts', to: 'rom-core/a/x.ts', line: 2, text: "export { x } from '../a/x.ts';" },
      { from: 'board/b/w.ts', to: 'board/c/v.ts', line: 1, text: "import { v } from '../c/v.ts';" },
      { from: 'board/c/v.ts', to: 'board/b/u.ts', line: 1, text: "import { u } from '../b/u.ts';" },
      { from: 'src/d/t.ts', to: 'board/b/u.ts', line: 1, text: "import { u } from '../../board/b/u.ts';" },
    ];
    const report = circlesReport(made);
    expect(report[0]).toContain('rom-core/a/x.ts -> rom-core/a/y.ts -> rom-core/b/z.ts -> rom-core/a/x.ts');
    expect(report[0]).toContain('rom-core/b/z.ts:2  export { x }');
    expect(report.some((r) => r.startsWith('folders:') && r.includes('board/b -> board/c -> board/b'))).toBe(true);
    expect(report).toHaveLength(3); // the files' circle, its folders a <-> b, and board/b <-> board/c; b/w -> c/v -> b/u is no circle of files
    expect(
      findCircles([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
      ]),
    ).toEqual([]);
  });
});
