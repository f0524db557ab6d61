/**
 * scripts/cli.cjs, the launcher of the built command lines: it bundles an entry once, runs the
 * bundle as the entry would run under tsx, and rebuilds before running whenever any source read
 * into the bundle changed, whatever the file's timestamps say. A fixture entry in a temporary
 * folder, with its own build folder (O2_CLI_BUILD_DIR), stands for a command.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAUNCHER } from '../harness/cli.ts';

function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'o2-cli-launcher-'));
  const build = join(dir, 'build');
  const at = (name: string) => join(dir, name);
  writeFileSync(
    at('main.ts'),
    [
      "import { value } from './dep.ts';",
      "import { here } from './where.ts';",
      'const n: number = value;',
      "process.stdout.write(`${n} ${here} ${process.argv.slice(1).join(' ')}\\n`);",
      'process.exitCode = 3;',
      '',
    ].join('\n'),
  );
  writeFileSync(at('dep.ts'), 'export const value: number = 1;\n');
  writeFileSync(at('where.ts'), 'export const here: string = import.meta.url;\n');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [LAUNCHER, at('main.ts'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, O2_CLI_BUILD_DIR: build },
    });
  const bundles = () => readdirSync(build).filter((f) => /\.[cm]js$/.test(f));
  return { dir, build, at, run, bundles };
}

describe('scripts/cli.cjs', () => {
  it('runs the bundle as the entry itself: argv, exit code, each file its own import.meta.url', () => {
    const f = fixture();
    const r = f.run('a', '--b');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(3);
    expect(r.stdout).toBe(`1 ${pathToFileURL(f.at('where.ts')).href} ${f.at('main.ts')} a --b\n`);
    expect(f.bundles()).toHaveLength(1);
    // A second run builds nothing: the same bundle runs.
    const again = f.run('a', '--b');
    expect(again.stdout).toBe(r.stdout);
    expect(f.bundles()).toHaveLength(1);
  });

  it('rebuilds when a source changes, even with the same size and timestamps, and never runs the stale bundle', () => {
    const f = fixture();
    expect(f.run().stdout).toMatch(/^1 /);
    const dep = f.at('dep.ts');
    const before = statSync(dep);
    writeFileSync(dep, 'export const value: number = 2;\n'); // same length
    utimesSync(dep, before.atime, before.mtime); // and the same modification time
    expect(statSync(dep).size).toBe(before.size);
    expect(f.run().stdout).toMatch(/^2 /);
    expect(f.bundles()).toHaveLength(2);
  });

  it('does not rebuild for a source only touched (its times moved, its bytes the same)', () => {
    const f = fixture();
    expect(f.run().stdout).toMatch(/^1 /);
    const later = new Date(Date.now() + 60_000);
    utimesSync(f.at('dep.ts'), later, later);
    writeFileSync(f.at('where.ts'), readFileSync(f.at('where.ts'))); // rewritten with the same bytes
    expect(f.run().stdout).toMatch(/^1 /);
    expect(f.bundles()).toHaveLength(1);
  });

  it('refuses to run at all when the changed source does not build, and runs again once it does', () => {
    const f = fixture();
    expect(f.run().status).toBe(3);
    writeFileSync(f.at('dep.ts'), 'export const value: number = ;\n');
    const broken = f.run();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toContain('cannot build');
    expect(broken.stderr).toContain('dep.ts:1:');
    writeFileSync(f.at('dep.ts'), 'export const value: number = 5;\n');
    const fixed = f.run();
    expect(fixed.status).toBe(3);
    expect(fixed.stdout).toMatch(/^5 /);
  });

  it('never runs a bundle whose source is gone, nor one whose kept inputs were damaged', () => {
    const f = fixture();
    expect(f.run().status).toBe(3);
    // The kept copy of the inputs cut short: the launcher cannot vouch for the bundle, so it rebuilds.
    const manifest = readdirSync(f.build).find((n) => n.endsWith('.json'))!;
    const { bundle } = JSON.parse(readFileSync(join(f.build, manifest), 'utf8')) as { bundle: string };
    const inputs = join(f.build, `${bundle}.inputs`);
    writeFileSync(inputs, readFileSync(inputs).subarray(1));
    expect(f.run().stdout).toMatch(/^1 /);
    expect(f.bundles()).toHaveLength(2);
    // A source deleted: no build, no run.
    rmSync(f.at('dep.ts'));
    const gone = f.run();
    expect(gone.status).toBe(1);
    expect(gone.stdout).toBe('');
    expect(gone.stderr).toContain('cannot build');
  });

  it("keeps V8's code cache beside the bundle after the first run; a damaged cache only costs a compile", () => {
    const f = fixture();
    const first = f.run('x');
    expect(first.status).toBe(3);
    const cache = readdirSync(f.build).find((n) => n.endsWith('.v8cache'));
    expect(cache).toBeDefined();
    const path = join(f.build, cache!);
    expect(statSync(path).size).toBeGreaterThan(0);
    writeFileSync(path, 'not a code cache');
    const damaged = f.run('x');
    expect(damaged.stderr).toBe('');
    expect(damaged.stdout).toBe(first.stdout);
    // Written afresh by the run that found it rejected.
    expect(readFileSync(path, 'utf8')).not.toBe('not a code cache');
  });

  it('runs an entry with top-level await as an ES module', () => {
    const f = fixture();
    writeFileSync(f.at('main.ts'), 'const v = await Promise.resolve(7);\nprocess.stdout.write(`${v}\\n`);\n');
    const r = f.run();
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('7\n');
    expect(f.bundles().every((n) => n.endsWith('.mjs'))).toBe(true);
  });
});
