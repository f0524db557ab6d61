/**
 * `npm run board -- play` with hostile files: endless inputs (devices, FIFOs, links to them), a line
 * nested 100,000 deep, an option given twice. Each case runs the real command; each must end with
 * one sentence and a non-zero exit, never a hang or a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCHER } from '../../harness/cli.ts';

const board = (...args: string[]) =>
  spawnSync(process.execPath, [LAUNCHER, 'board', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });

function folder(): { at: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'board-rel-'));
  return { at: (name) => join(dir, name) };
}

function expectRefused(r: ReturnType<typeof board>, words: string): void {
  expect(r.stderr).toContain(words);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
}

describe('board play: inputs that are not regular files', { timeout: 240_000 }, () => {
  it('refuses /dev/zero, a link to /dev/urandom and a FIFO as the script, at once', () => {
    const f = folder();
    symlinkSync('/dev/urandom', f.at('random.jsonl'));
    expect(spawnSync('mkfifo', [f.at('pipe.jsonl')]).status).toBe(0);
    for (const path of ['/dev/zero', f.at('random.jsonl'), f.at('pipe.jsonl')]) {
      expectRefused(
        board('play', path),
        `cannot read the script "${path}": it is not a regular file (a device, a pipe or a socket)`,
      );
    }
  });

  it('refuses a FIFO or a device as --scenario', () => {
    const f = folder();
    writeFileSync(f.at('s.jsonl'), '');
    expect(spawnSync('mkfifo', [f.at('pipe.json')]).status).toBe(0);
    for (const path of [f.at('pipe.json'), '/dev/zero']) {
      expectRefused(
        board('play', f.at('s.jsonl'), '--scenario', path),
        `cannot read the scenario "${path}": it is not a regular file`,
      );
    }
  });
});

describe('board play: a line nested 100,000 deep', { timeout: 120_000 }, () => {
  it('is refused naming the line, without a stack trace', () => {
    const f = folder();
    writeFileSync(f.at('deep.jsonl'), '# a comment\n' + '['.repeat(100_000) + ']'.repeat(100_000) + '\n');
    expectRefused(
      board('play', f.at('deep.jsonl')),
      `${f.at('deep.jsonl')}:2: not an event: the line nests arrays and objects 100000 deep; at most 32 levels are accepted`,
    );
  });

  it('refuses a scenario nested 100,000 deep with a sentence', () => {
    const f = folder();
    writeFileSync(f.at('s.jsonl'), '');
    writeFileSync(f.at('deep.json'), '{"name":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}');
    expectRefused(
      board('play', f.at('s.jsonl'), '--scenario', f.at('deep.json')),
      'invalid scenario: the scenario nests arrays and objects 100001 deep',
    );
  });
});

describe('board play: each option once', { timeout: 120_000 }, () => {
  it('refuses --scenario (or --seed) given twice instead of taking the last', () => {
    const f = folder();
    writeFileSync(f.at('s.jsonl'), '');
    const r = board('play', f.at('s.jsonl'), '--scenario', 'board/examples/tiny-scenario.json', '--scenario', 'x.json');
    expect(r.stderr).toContain('--scenario is given twice; give it once');
    expect(r.status).toBe(2);
    const s = board('play', '--players', 'Ann:easy,Bob:easy', '--seed', '1', '--seed', '2');
    expect(s.stderr).toContain('--seed is given twice; give it once');
    expect(s.status).toBe(2);
  });
});
