/**
 * A signed game by mail through the command line (issue 37): `mail key` for each player, `mail new
 * --keys`, `mail send --key`; a turn edited and hashed again, or made in another player's name, is
 * refused on opening with its sentence, the game file untouched, and the game goes on.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../board/index.ts';
import { decodeTurnText, encodeTurnText, turnHash } from '../../../board/index.ts';
import { mailMain } from '../../../board/cli/mail.ts';

const SCENARIO = 'board/examples/tiny-scenario.json';

async function mail(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await mailMain(argv, io, 'USAGE');
  return { code, stdout, stderr };
}

/** Ann's and Bob's keys, a signed game for them, and Bob's copy of it. */
async function signedTable(): Promise<(n: string) => string> {
  const dir = mkdtempSync(join(tmpdir(), 'board-mail-signed-'));
  const at = (n: string) => join(dir, n);
  for (const p of ['Ann', 'Bob']) {
    const k = await mail('key', '--player', p, '--out', at(`${p}.key`), '--public', at(`${p}.pub`));
    expect(k).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(at(`${p}.pub`), 'utf8')).toMatch(/^o2pub1\.[A-Za-z0-9_-]{87}\n$/);
  }
  const keys = `Ann=${at('Ann.pub')},Bob=${at('Bob.pub')}`;
  const made = await mail(
    'new',
    '--players',
    'Ann:red,Bob:blue',
    '--scenario',
    SCENARIO,
    '--keys',
    keys,
    '--out',
    at('ann.json'),
  );
  expect(made.code).toBe(0);
  expect(made.stdout).toMatch(/^game .* by mail, signed: Ann, Bob/);
  writeFileSync(at('bob.json'), readFileSync(at('ann.json')));
  return at;
}

const call = (at: (n: string) => string, player: string, digit: number) => {
  writeFileSync(at(`${player}.moves`), `{"type":"first.call","player":"${player}","digit":${digit}}\n`);
  return at(`${player}.moves`);
};

describe('a signed game by mail on the command line', () => {
  it("plays signed turns; an edited and re-hashed turn and one made in Bob's name are refused, and it goes on", async () => {
    const at = await signedTable();
    const send = (game: string, player: string, key: string, out: string) =>
      mail(
        'send',
        '--game',
        at(game),
        '--events',
        call(at, player, player === 'Ann' ? 3 : 7),
        '--player',
        player,
        '--key',
        at(key),
        '--out',
        at(out),
      );
    const open = (game: string, turn: string) =>
      mail('open', '--game', at(game), '--turn', at(turn), '--out', at(game));

    expect((await send('ann.json', 'Ann', 'Ann.key', 't1')).code).toBe(0);
    // Ann edits her turn (call 3 -> 9) and hashes it again: the hash holds, her signature does not.
    const decoded = await decodeTurnText(readFileSync(at('t1'), 'utf8'));
    const turn = (decoded.ok ? decoded.value : null) as Turn;
    const body = { ...turn, events: [{ type: 'first.call' as const, player: 'Ann', digit: 9 }] };
    writeFileSync(at('t1-edited'), await encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) })));
    const bobBefore = readFileSync(at('bob.json'), 'utf8');
    const edited = await open('bob.json', 't1-edited');
    expect(edited.code).toBe(1);
    expect(edited.stderr).toBe(
      `${at('t1-edited')}: turn 1 is not signed by Ann: its signature does not match Ann's key in this game (it was changed after Ann signed it, or made by someone else in Ann's name); it was refused\n`,
    );
    expect(readFileSync(at('bob.json'), 'utf8')).toBe(bobBefore);
    const genuine = await open('bob.json', 't1');
    expect(genuine.code).toBe(0);
    expect(genuine.stdout).toMatch(/^turn 1 from Ann opened \(signed by Ann\)/);

    // Ann makes Bob's turn with her own key: not sent.
    const forged = await send('ann.json', 'Bob', 'Ann.key', 't2-forged');
    expect(forged).toMatchObject({
      code: 1,
      stderr: "this key is not Bob's in this game (it is Ann's); nothing was sent\n",
    });
    // Without a key: not sent, and the sentence says which option is missing.
    const bare = await mail(
      'send',
      '--game',
      at('bob.json'),
      '--events',
      call(at, 'Bob', 7),
      '--player',
      'Bob',
      '--out',
      at('t2'),
    );
    expect(bare.stderr).toBe(
      "this game is signed: Bob's turn must be signed with Bob's private key; nothing was sent (give --key with your key file, made by mail key)\n",
    );
    // Bob's own turn goes through: his call, and his secret for the readout (every player has called).
    expect((await send('bob.json', 'Bob', 'Bob.key', 't2')).code).toBe(0);
    const opened = await open('ann.json', 't2');
    expect(opened.code).toBe(0);
    expect(opened.stdout).toMatch(/\(signed by Bob\).*\n.*Bob calls 7\n$/);
    // Ann's next turn, with no move of hers, reveals her secret: the readout is drawn from both.
    writeFileSync(at('none.moves'), '');
    const t3 = await mail(
      'send',
      ...['--game', at('ann.json'), '--events', at('none.moves'), '--player', 'Ann'],
      ...['--key', at('Ann.key'), '--out', at('t3')],
    );
    expect(t3.stdout).toMatch(/^turn 3 from Ann: 1 event\(s\), the first-player readout drawn;/);
    expect((await open('bob.json', 't3')).stdout).toMatch(/\(signed by Ann\).*\n.*Readout ends in \d/);
    expect(readFileSync(at('ann.json'), 'utf8')).toBe(readFileSync(at('bob.json'), 'utf8'));
  });

  it('refuses a key file written over, a damaged key file, and a public key that is none', async () => {
    const at = await signedTable();
    const again = await mail('key', '--player', 'Ann', '--out', at('Ann.key'), '--public', at('x.pub'));
    expect(again.stderr).toMatch(/^--out .*Ann\.key exists already; a key file is never written over/);
    const doc = JSON.parse(readFileSync(at('Ann.key'), 'utf8')) as Record<string, string>;
    writeFileSync(
      at('bad.key'),
      JSON.stringify({ ...doc, public: JSON.parse(readFileSync(at('Bob.key'), 'utf8')).public }),
    );
    const moves = call(at, 'Ann', 3);
    const mismatched = await mail(
      'send',
      '--game',
      at('ann.json'),
      '--events',
      moves,
      '--player',
      'Ann',
      '--key',
      at('bad.key'),
      '--out',
      at('t1'),
    );
    expect(mismatched.stderr).toMatch(/bad\.key: the public key in this key file is not its private key's\n$/);
    writeFileSync(
      at('junk.key'),
      '{"format":"o2conquest.mailkey","version":1,"player":"Ann","public":"x","private":"!!"}',
    );
    const junk = await mail(
      'send',
      '--game',
      at('ann.json'),
      '--events',
      moves,
      '--player',
      'Ann',
      '--key',
      at('junk.key'),
      '--out',
      at('t1'),
    );
    expect(junk.stderr).toMatch(/junk\.key: the private key in this key file cannot be read\n$/);
    writeFileSync(at('none.pub'), 'hello\n');
    const badPub = await mail(
      'new',
      '--players',
      'Ann:red,Bob:blue',
      '--keys',
      `Ann=${at('Ann.pub')},Bob=${at('none.pub')}`,
      '--out',
      at('g.json'),
    );
    expect(badPub.stderr).toMatch(/none\.pub: this is not a public key made by "mail key"/);
    const missing = await mail(
      'new',
      '--players',
      'Ann:red,Bob:blue',
      '--keys',
      `Ann=${at('Ann.pub')}`,
      '--out',
      at('g.json'),
    );
    expect(missing.stderr).toBe('Bob has no public key: in a signed game every player gives theirs\n');
    const twice = await mail(
      'new',
      '--players',
      'Ann:red,Bob:blue',
      '--keys',
      `Ann=${at('Ann.pub')},Bob=${at('Ann.pub')}`,
      '--out',
      at('g.json'),
    );
    expect(twice).toMatchObject({ code: 1, stdout: '' });
    expect(twice.stderr).toBe(
      'Ann and Bob give the same public key: each player gives their own (made by "mail key" or their table\'s panel), or one of them could sign the other\'s turns\n',
    );
    expect(() => readFileSync(at('g.json'))).toThrow();
  });
});
