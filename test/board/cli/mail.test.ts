/**
 * `npm run board -- mail new|send|open`: the command (mailMain) on files in a temporary folder, and
 * once through the real command line. A refused turn writes nothing and exits 1 with its sentence.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailMain } from '../../../board/cli/mail.ts';
import { LAUNCHER } from '../../harness/cli.ts';

const SCENARIO = 'board/examples/tiny-scenario.json';

async function mail(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await mailMain(
    argv,
    {
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
    },
    'USAGE',
  );
  return { code, stdout, stderr };
}

function folder(): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'board-mail-'));
  return (name) => join(dir, name);
}

/** A new game by mail for Ann and Bob on the tiny board; Ann's and Bob's copies. */
async function twoCopies(at: (n: string) => string): Promise<void> {
  const r = await mail(
    'new',
    '--players',
    'Ann:red,Bob:blue',
    '--scenario',
    SCENARIO,
    '--id',
    'cli-game',
    '--out',
    at('ann.json'),
  );
  expect(r).toMatchObject({ code: 0, stderr: '' });
  writeFileSync(at('bob.json'), readFileSync(at('ann.json')));
}

describe('board mail', () => {
  it("new, send, open: Bob's copy ends where Ann's is", async () => {
    const at = folder();
    await twoCopies(at);
    writeFileSync(at('moves.jsonl'), '# Ann calls\n{"type":"first.call","player":"Ann","digit":3}\n');
    const sent = await mail(
      'send',
      '--game',
      at('ann.json'),
      '--events',
      at('moves.jsonl'),
      '--player',
      'Ann',
      '--out',
      at('t1.o2turn'),
      '--orders',
      'bot:hard',
    );
    expect(sent.stdout).toMatch(/^turn 1 from Ann: 1 event\(s\); written to .*t1\.o2turn/);
    expect(sent.code).toBe(0);
    const opened = await mail('open', '--game', at('bob.json'), '--turn', at('t1.o2turn'), '--out', at('bob.json'));
    expect(opened.code).toBe(0);
    expect(opened.stdout).toContain('Ann calls 3');
    expect(readFileSync(at('bob.json'), 'utf8')).toBe(readFileSync(at('ann.json'), 'utf8'));
    expect(JSON.parse(readFileSync(at('bob.json'), 'utf8')).orders.Ann).toEqual({ absent: 'bot', level: 'hard' });
    // A list of events is taken as well as one a line.
    writeFileSync(at('moves.json'), '[{"type":"first.call","player":"Bob","digit":5}]');
    expect(
      (
        await mail(
          'send',
          '--game',
          at('bob.json'),
          '--events',
          at('moves.json'),
          '--player',
          'Bob',
          '--out',
          at('t2.o2turn'),
        )
      ).code,
    ).toBe(0);
    expect(
      (await mail('open', '--game', at('ann.json'), '--turn', at('t2.o2turn'), '--out', at('ann.json'))).code,
    ).toBe(0);
  });

  it('a refused turn leaves the game file untouched, exit 1, the sentence on stderr', async () => {
    const at = folder();
    await twoCopies(at);
    writeFileSync(at('moves.jsonl'), '{"type":"first.call","player":"Ann","digit":3}\n');
    await mail(
      'send',
      '--game',
      at('ann.json'),
      '--events',
      at('moves.jsonl'),
      '--player',
      'Ann',
      '--out',
      at('t1.o2turn'),
    );
    const before = readFileSync(at('ann.json'));
    const replay = await mail('open', '--game', at('ann.json'), '--turn', at('t1.o2turn'), '--out', at('ann.json'));
    expect(replay).toEqual({
      code: 1,
      stdout: '',
      stderr: `${at('t1.o2turn')}: this turn (turn 1) was already applied (this game is at turn 1); it was refused\n`,
    });
    expect(readFileSync(at('ann.json'))).toEqual(before);
    const text = readFileSync(at('t1.o2turn'), 'utf8');
    writeFileSync(at('cut.o2turn'), text.slice(0, text.length - 20));
    const cut = await mail('open', '--game', at('bob.json'), '--turn', at('cut.o2turn'), '--out', at('bob2.json'));
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/this turn is damaged/);
    expect(existsSync(at('bob2.json'))).toBe(false);
  });

  it('a move the rules refuse is not sent: no turn file, the game unchanged', async () => {
    const at = folder();
    await twoCopies(at);
    const before = readFileSync(at('ann.json'));
    writeFileSync(at('moves.jsonl'), '{"type":"first.call","player":"Ann","digit":12}\n');
    const r = await mail(
      'send',
      '--game',
      at('ann.json'),
      '--events',
      at('moves.jsonl'),
      '--player',
      'Ann',
      '--out',
      at('t1.o2turn'),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^event 1 \(first\.call by Ann\) is refused by rule 2\w*: .*; nothing was sent\n$/);
    expect(existsSync(at('t1.o2turn'))).toBe(false);
    expect(readFileSync(at('ann.json'))).toEqual(before);
  });

  it('says what is wrong with the command line (exit 2)', async () => {
    const at = folder();
    expect(await mail('post')).toMatchObject({
      code: 2,
      stderr: 'unknown mail command "post" (new, send, open or key)\nUSAGE\n',
    });
    expect((await mail('open', '--game', 'g', '--turn', 't')).stderr).toMatch(/^mail open needs --out/);
    expect((await mail('open', '--game', 'g', '--game', 'h')).stderr).toMatch(/^--game is given twice/);
    expect(
      (await mail('send', '--game', 'g', '--events', 'e', '--player', 'Ann', '--out', 'o', '--orders', 'bot:expert'))
        .stderr,
    ).toMatch(/^--orders takes "wait" or bot:LEVEL/);
    expect((await mail('new', '--players', 'Ann:red', '--out', at('x.json'))).stderr).toMatch(
      /^the game cannot be set up: refused by rule 1: the game is for 2 to 6 players/,
    );
    expect(existsSync(at('x.json'))).toBe(false);
  });

  it('runs from the real command line, and --help tells of it', () => {
    const at = folder();
    const board = (...args: string[]) =>
      spawnSync(process.execPath, [LAUNCHER, 'board', ...args], {
        encoding: 'utf8',
        timeout: 60_000,
      });
    expect(board('--help').stderr).toContain(
      'npm run board -- mail open --game GAME.json --turn TURN.o2turn --out GAME.json',
    );
    writeFileSync(at('game.json'), 'not json');
    const r = board('mail', 'open', '--game', at('game.json'), '--turn', at('none'), '--out', at('out.json'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/game\.json: the game by mail is not valid JSON/);
    expect(existsSync(at('out.json'))).toBe(false);
  });
});
