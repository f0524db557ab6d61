/**
 * The combat resolver with result codes that are names of Object.prototype's members, and
 * `npm run resolve` with endless files and repeated options.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTable, resolveBattle, TableError } from '../../../board/resolver/index.ts';
import { LAUNCHER } from '../../harness/cli.ts';

const table = (results: Record<string, string>, cell: string) =>
  JSON.stringify({
    name: 'Odd codes',
    kind: 'odds',
    columns: ['1-1'],
    rows: [[cell], [cell]],
    results,
  });

describe('a table whose codes are Object.prototype member names', () => {
  it('refuses a cell naming an inherited member (toString, constructor, __proto__) it does not define', () => {
    for (const code of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(() => parseTable(table({ A: 'the attacker wins' }, code)), code).toThrow(TableError);
      expect(() => parseTable(table({ A: 'the attacker wins' }, code)), code).toThrow(
        `${JSON.stringify(code)} is not one of the result codes`,
      );
    }
  });

  it('resolves with such codes when the table defines them', () => {
    for (const code of ['toString', 'constructor', '__proto__']) {
      const t = parseTable(
        `{"name":"Odd","kind":"odds","columns":["1-1"],"rows":[["${code}"],["${code}"]],"results":{"${code}":"{attacker} against {defender} in {area}"}}`,
      );
      const r = resolveBattle(
        { game: t, attacker: 3, defender: 2, area: 'Elba' },
        { winner: 'attacker', left: { attacker: 100, defender: 0 } },
      );
      expect(r.result, code).toBe(code);
      expect(r.text, code).toBe(`${code}: 3 against 2 in Elba`);
    }
  });
});

const resolve = (...args: string[]) =>
  spawnSync(process.execPath, [LAUNCHER, 'resolve', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
const outcome = ['--attacker', '2', '--defender', '1', '--winner', 'attacker', '--energy', '1,0'];

describe('npm run resolve: files and options', { timeout: 240_000 }, () => {
  it('refuses a table file that is a link to /dev/zero, or a FIFO, at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'resolve-rel-'));
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    expect(spawnSync('mkfifo', [join(dir, 'pipe.json')]).status).toBe(0);
    for (const name of ['zero.json', 'pipe.json']) {
      const r = resolve('--game', join(dir, name), ...outcome);
      expect(r.stderr).toContain(`Cannot read the table "${join(dir, name)}": it is not a regular file`);
      expect(r.status).toBe(1);
    }
  });

  it('refuses a FIFO as the --inputs script of a battle on the machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'resolve-rel-'));
    expect(spawnSync('mkfifo', [join(dir, 'keys.txt')]).status).toBe(0);
    const r = resolve(
      '--game',
      'origins',
      '--attacker',
      '2',
      '--defender',
      '1',
      '--battles',
      'machine',
      '--inputs',
      join(dir, 'keys.txt'),
    );
    expect(r.stderr).toContain(`Cannot read the inputs "${join(dir, 'keys.txt')}": it is not a regular file`);
    expect(r.status).toBe(1);
  });

  it('refuses an option given twice instead of taking the last', () => {
    const r = resolve('--game', 'origins', ...outcome, '--attacker', '5');
    expect(r.stderr).toContain('--attacker is given twice ("2" and "5"); give it once.');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  });
});
