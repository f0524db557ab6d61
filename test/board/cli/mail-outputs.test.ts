/**
 * `board mail` keeps the README's output rules (issue 37): no output is an input or another output
 * (links count), every output is written or none, so the game file never moves on without its turn;
 * `mail new` does not replace a game by mail unless told to; `mail --help` is the mail usage, exit 0.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailMain } from '../../../board/cli/mail.ts';

const SCENARIO = 'board/examples/tiny-scenario.json';

async function mail(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await mailMain(argv, io, 'USAGE');
  return { code, stdout, stderr };
}

/** A folder with Ann's new game (ann.json) and Ann's first call (moves.jsonl). */
async function table(): Promise<{ at: (n: string) => string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'board-mail-out-'));
  const at = (n: string) => join(dir, n);
  const made = await mail(
    'new',
    '--players',
    'Ann:red,Bob:blue',
    '--scenario',
    SCENARIO,
    '--id',
    'g1',
    '--out',
    at('ann.json'),
  );
  expect(made.code).toBe(0);
  writeFileSync(at('moves.jsonl'), '{"type":"first.call","player":"Ann","digit":3}\n');
  return { at, dir };
}

const send = (at: (n: string) => string, out: string, events = at('moves.jsonl')) =>
  mail('send', '--game', at('ann.json'), '--events', events, '--player', 'Ann', '--out', out);

describe('board mail outputs', () => {
  it('send --out equal to --game, or a link to it: refused before anything is written', async () => {
    const { at, dir } = await table();
    const before = readFileSync(at('ann.json'), 'utf8');
    symlinkSync(at('ann.json'), at('link.o2turn'));
    for (const out of [at('ann.json'), at('link.o2turn'), join(dir, '.', 'x', '..', 'ann.json')]) {
      const r = await send(at, out);
      expect(r).toEqual({
        code: 1,
        stdout: '',
        stderr: `--out ${out} is the same file as --game ${at('ann.json')} (another output); writing it would destroy that file, so nothing was written\n`,
      });
      expect(readFileSync(at('ann.json'), 'utf8')).toBe(before);
    }
    expect(readdirSync(dir).sort()).toEqual(['ann.json', 'link.o2turn', 'moves.jsonl']);
  });

  it('send --out equal to --events, and open --out equal to --turn: refused, the input kept', async () => {
    const { at } = await table();
    const r = await send(at, at('moves.jsonl'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^--out .*moves\.jsonl is the same file as the input --events/);
    expect(readFileSync(at('moves.jsonl'), 'utf8')).toContain('first.call');
    writeFileSync(at('bob.json'), readFileSync(at('ann.json')));
    expect((await send(at, at('t1.o2turn'))).code).toBe(0);
    const turn = readFileSync(at('t1.o2turn'), 'utf8');
    const o = await mail('open', '--game', at('bob.json'), '--turn', at('t1.o2turn'), '--out', at('t1.o2turn'));
    expect(o.code).toBe(1);
    expect(o.stderr).toMatch(/^--out .*t1\.o2turn is the same file as the input --turn/);
    expect(readFileSync(at('t1.o2turn'), 'utf8')).toBe(turn);
    // The game itself is the usual --out of open: it moves on in place.
    expect(
      (await mail('open', '--game', at('bob.json'), '--turn', at('t1.o2turn'), '--out', at('bob.json'))).code,
    ).toBe(0);
    expect(readFileSync(at('bob.json'), 'utf8')).toBe(readFileSync(at('ann.json'), 'utf8'));
  });

  it('a turn that cannot be written leaves the game where it was', async () => {
    const { at } = await table();
    const before = readFileSync(at('ann.json'), 'utf8');
    const r = await send(at, at('no-such-folder/t1.o2turn'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^cannot write ".*no-such-folder\/t1\.o2turn": ENOENT/);
    expect(readFileSync(at('ann.json'), 'utf8')).toBe(before);
    expect(existsSync(at('ann.json.o2-partial'))).toBe(false);
    // And the game goes on: the same turn is sent once the turn can be written.
    expect((await send(at, at('t1.o2turn'))).code).toBe(0);
  });

  it('mail new does not replace a game by mail unless given --force', async () => {
    const { at } = await table();
    expect((await send(at, at('t1.o2turn'))).code).toBe(0);
    const before = readFileSync(at('ann.json'), 'utf8');
    const again = ['new', '--players', 'Cy:red,Di:blue', '--scenario', SCENARIO, '--out', at('ann.json')];
    const r = await mail(...again);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `--out ${at('ann.json')} holds the game by mail "g1" (at turn 1); mail new would replace it and lose it: give --force to start a new game there anyway, or choose another --out\n`,
    });
    expect(readFileSync(at('ann.json'), 'utf8')).toBe(before);
    expect((await mail(...again, '--force')).code).toBe(0);
    expect(JSON.parse(readFileSync(at('ann.json'), 'utf8')).chain.number).toBe(0);
    // A file that is no game by mail is written over as any output is.
    writeFileSync(at('notes.json'), '{"format":"other"}');
    expect((await mail('new', '--players', 'Cy:red,Di:blue', '--out', at('notes.json'))).code).toBe(0);
    expect((await mail('new', '--players', 'Cy:red,Di:blue', '--out', at('x.json'), '--force', '--force')).code).toBe(
      2,
    );
  });

  it('mail --help prints the mail usage and exits 0; a prototype name is no command', async () => {
    for (const args of [['--help'], ['-h'], ['help'], ['send', '--help']]) {
      const r = await mail(...args);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^usage: npm run board -- mail new .*--force/);
      expect(r.stdout).toContain('mail open --game GAME.json --turn TURN.o2turn --out GAME.json');
    }
    for (const sub of ['constructor', 'toString', '__proto__']) {
      expect(await mail(sub)).toMatchObject({
        code: 2,
        stderr: `unknown mail command "${sub}" (new, send, open or key)\nUSAGE\n`,
      });
    }
  });
});
