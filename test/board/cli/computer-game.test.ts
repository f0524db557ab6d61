import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { parsePlayers, parseSeed } from '../../../board/cli/computer-game.ts';
import { LAUNCHER } from '../../harness/cli.ts';

const board = (...args: string[]) =>
  spawnSync(process.execPath, [LAUNCHER, 'board', 'play', ...args], { encoding: 'utf8' });

describe('npm run board -- play --players ... --seed N', () => {
  it('plays a whole computer-only game with its readout and battles on the machine and prints the final public state', () => {
    const args = [
      '--players',
      'Ann:hard,Bob:easy,Cy:medium',
      '--seed',
      '7',
      '--scenario',
      'board/examples/tiny-scenario.json',
    ];
    const r = board(...args, '--log');
    expect(r.stderr).toMatch(/^battle on the machine: .* -> \w.* \(\d+ frames\)$/m);
    const digit = /^first-player readout on the machine: (\d)$/m.exec(r.stderr)![1];
    expect(r.stderr).toMatch(new RegExp(`^Readout ends in ${digit}: `, 'm'));
    expect(r.stderr).toMatch(/^Ann \(hard\): \{"type":"homeland".* - /m);
    expect(r.status).toBe(0);
    const end = JSON.parse(r.stdout);
    expect(end.phase).toBe('over');
    expect(end.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(end.winner === null ? end.winners.length > 1 : end.winners).toEqual(
      end.winner === null ? true : [end.winner],
    );
    // The same seed plays the same game.
    expect(board(...args).stdout).toBe(r.stdout);
  }, 60_000);

  it('a bad --players or --seed, or --players with a script, is a usage error (exit 2) saying what is wrong', () => {
    const cases: [string[], RegExp][] = [
      [['--players', 'Ann:hard', '--seed', '1'], /--players needs 2 to 6 players as NAME:LEVEL/],
      [['--players', 'Ann:hard,Bob:expert', '--seed', '1'], /Bob's level must be easy, medium, hard \(got "expert"\)/],
      [['--players', 'Ann:hard,Ann:easy', '--seed', '1'], /two players are named "Ann"/],
      [['--players', 'Ann:hard,Bob:easy'], /--players needs --seed N/],
      [
        ['--players', 'Ann:hard,Bob:easy', '--seed', 'x7'],
        /--seed takes a whole number from 0 to 4294967295 \(got "x7"\)/,
      ],
      [['--seed', '3'], /--seed goes with --players/],
      [
        ['game.jsonl', '--players', 'Ann:hard,Bob:easy', '--seed', '1'],
        /--players plays a whole game without a script/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = board(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  }, 60_000);

  it('parses seats in seating order', () => {
    expect(parsePlayers('Ann:hard, Bob:easy,Cy:medium')).toEqual([
      { name: 'Ann', level: 'hard' },
      { name: 'Bob', level: 'easy' },
      { name: 'Cy', level: 'medium' },
    ]);
    expect(() => parsePlayers(':hard,Bob:easy')).toThrow(/has no name/);
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(() => parseSeed('4294967296')).toThrow(/--seed takes a whole number/);
  });
});
