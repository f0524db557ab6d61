import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORIGINS, serializeTable } from '../../../board/resolver/index.ts';
import { LAUNCHER } from '../../harness/cli.ts';

const resolve = (...args: string[]) =>
  spawnSync(process.execPath, [LAUNCHER, 'resolve', ...args], { encoding: 'utf8' });

describe('npm run resolve', { timeout: 60_000 }, () => {
  it('prints one JSON object: game, energy, column, result, text', () => {
    const r = resolve(
      '--game',
      'origins',
      '--attacker',
      '6',
      '--defender',
      '3',
      '--winner',
      'attacker',
      '--energy',
      '1000,0',
      '--area',
      'Austria',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      game: 'origins',
      energy: { attacker: 5000, defender: 2500 },
      column: '2-1',
      die: 3,
      result: 'Xd',
      text: 'Xd: the defender removes all his PFs in Austria; the attacker removes 3',
    });
  });
  it('gives Battle Plan losses, and reads a table file', () => {
    const bp = JSON.parse(
      resolve(
        '--game',
        'battleplan',
        '--attacker',
        '10',
        '--defender',
        '4',
        '--winner',
        'attacker',
        '--energy',
        '3000,0',
      ).stdout,
    );
    expect(bp.losses).toEqual({ attacker: 2, defender: 4 });
    const f = join(mkdtempSync(join(tmpdir(), 'resolve-')), 'mine.json');
    writeFileSync(f, serializeTable({ ...ORIGINS, name: 'Mine' }));
    const own = JSON.parse(
      resolve('--game', f, '--attacker', '1', '--defender', '3', '--winner', 'attacker', '--energy', '1,0').stdout,
    );
    expect(own).toMatchObject({ game: 'Mine', result: 'A' });
  });
  it('refuses bad input with a sentence and a non-zero exit', () => {
    const cases: [string[], string][] = [
      [
        ['--game', 'chess', '--attacker', '1', '--defender', '1', '--winner', 'attacker', '--energy', '1,0'],
        'The game must be origins, battleplan, umpire',
      ],
      [
        ['--game', 'origins', '--attacker', '1', '--defender', '1', '--winner', 'nobody', '--energy', '1,0'],
        '--winner must be attacker, defender or both-destroyed',
      ],
      [
        ['--game', 'origins', '--attacker', '1', '--defender', '1', '--winner', 'attacker', '--energy', '9000,0'],
        'cannot have 9000 energy units left',
      ],
      [
        ['--game', 'origins', '--attacker', '1', '--defender', '1', '--winner', 'attacker', '--energy', '5'],
        '--energy needs two values',
      ],
      [
        ['--game', 'origins', '--attacker', '1', '--defender', '1', '--battles', 'machine'],
        '--battles machine needs --inputs',
      ],
      [
        [
          '--game',
          '/nonexistent.json',
          '--attacker',
          '1',
          '--defender',
          '1',
          '--winner',
          'attacker',
          '--energy',
          '1,0',
        ],
        'Cannot read the table',
      ],
    ];
    for (const [args, msg] of cases) {
      const r = resolve(...args);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr).toContain(msg);
      expect(r.stdout).toBe('');
    }
  });
});
