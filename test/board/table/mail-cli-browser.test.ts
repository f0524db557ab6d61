/**
 * One signed game by mail between the command line and a browser (issue 37): Ann plays with `board
 * mail` (its own `mailMain`, files on disk), Bob with the table's `MailSession` (the browser's code, Web
 * Crypto as Node has it), turns passed between them as files and texts. A turn edited and hashed again,
 * and one made in the other player's name, are refused with their sentence on either side, nothing
 * changes, and the game goes on to turn 4 with both copies the same.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../board/index.ts';
import {
  decodeTurnText,
  deserializeMailGame,
  encodeTurnText,
  readKeyFileText,
  signHash,
  turnHash,
  GameSession,
  memoryStore,
  MailSession,
} from '../../../board/index.ts';
import { mailMain } from '../../../board/cli/mail.ts';

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await mailMain(argv, io, 'USAGE');
  return { code, stdout, stderr };
}

/** Bob's browser at the table: its board, its storage, its game by mail. */
function bobsBrowser() {
  const m = new Map<string, string>();
  const storage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
  const board = new GameSession(memoryStore());
  return { board, mail: new MailSession(board, storage) };
}

async function turnOf(text: string): Promise<Turn> {
  const d = await decodeTurnText(text);
  if (!d.ok) throw new Error(d.error);
  return d.value as Turn;
}

/** The turn edited (`change`), hashed again, and signed again with `key` (else its sender's signature kept). */
async function tampered(text: string, change: (t: Turn) => Turn, key?: string): Promise<string> {
  const { hash: _h, signature, ...body } = change(await turnOf(text));
  const hash = await turnHash(body as Turn);
  return encodeTurnText(JSON.stringify({ ...body, hash, signature: key ? await signHash(key, hash) : signature }));
}

/** Ann's key and game from the command line (Bob's public key from his browser); Bob's browser opens the game. */
async function mailTable() {
  const dir = mkdtempSync(join(tmpdir(), 'mail-cli-browser-'));
  const at = (n: string) => join(dir, n);
  const bob = bobsBrowser();

  // Keys: Ann's from "mail key", Bob's from his browser's panel (its public key, pasted into a file).
  expect(await cli('key', '--player', 'Ann', '--out', at('ann.key'), '--public', at('ann.pub'))).toMatchObject({
    code: 0,
  });
  writeFileSync(at('bob.pub'), `${await bob.mail.myKey()}\n`);
  const made = await cli(
    ...['new', '--players', 'Ann:red,Bob:blue', '--scenario', 'board/examples/tiny-scenario.json'],
    ...['--keys', `Ann=${at('ann.pub')},Bob=${at('bob.pub')}`, '--out', at('ann.json')],
  );
  expect(made.code, made.stderr).toBe(0);
  expect((await bob.mail.open(readFileSync(at('ann.json'), 'utf8'))).text).toMatch(
    /opened at turn 0; you are Bob .*It is signed/,
  );

  const annSends = async (n: number, event: object) => {
    writeFileSync(at(`moves${n}`), JSON.stringify(event));
    const r = await cli(
      ...['send', '--game', at('ann.json'), '--events', at(`moves${n}`), '--player', 'Ann'],
      ...['--key', at('ann.key'), '--out', at(`t${n}.o2turn`)],
    );
    expect(r.code, r.stderr).toBe(0);
    return readFileSync(at(`t${n}.o2turn`), 'utf8');
  };
  const annOpens = (name: string) => cli('open', '--game', at('ann.json'), '--turn', at(name), '--out', at('ann.json'));
  const annGame = () => {
    const g = deserializeMailGame(readFileSync(at('ann.json'), 'utf8'));
    if (!g.ok) throw new Error(g.error);
    return g.game;
  };
  const bobSends = async (event: Parameters<GameSession['act']>[0]) => {
    bob.board.act(event);
    expect((await bob.mail.send()).text).toMatch(/^Turn \d+ is made/);
    return bob.mail.record!.sent!.text;
  };

  return { at, bob, annSends, annOpens, annGame, bobSends };
}

describe('a signed game by mail: Ann on the command line, Bob in a browser', () => {
  it('plays five turns; forged and impersonated turns are refused on both sides and the game goes on', async () => {
    const { at, bob, annSends, annOpens, annGame, bobSends } = await mailTable();
    // Turn 1, Ann's on the command line. Edited on the way (her call 3 -> 9) and hashed again: refused in Bob's browser.
    const t1 = await annSends(1, { type: 'first.call', player: 'Ann', digit: 3 });
    const forged = await tampered(t1, (t) => ({ ...t, events: [{ type: 'first.call', player: 'Ann', digit: 9 }] }));
    expect((await bob.mail.open(forged)).text).toBe(
      "The turn was not opened: turn 1 is not signed by Ann: its signature does not match Ann's key in this game (it was changed after Ann signed it, or made by someone else in Ann's name); it was refused. Nothing was changed.",
    );
    expect(bob.mail.record!.game.chain.number).toBe(0);
    expect((await bob.mail.open(t1)).text).toBe(
      'Turn 1 from Ann opened, signed by Ann: 1 move; the game is at turn 1.',
    );

    // Turn 2, Bob's in the browser, as a file. Bob first makes one "from Ann", signed with his own key
    // (exported from his browser): the command line refuses it and Ann's game file is untouched.
    const t2 = await bobSends({ type: 'first.call', player: 'Bob', digit: 7 });
    const bobKey = await readKeyFileText((await bob.mail.exportKey()).text);
    if (!bobKey.ok) throw new Error(bobKey.error);
    writeFileSync(at('fake.o2turn'), await tampered(t2, (t) => ({ ...t, player: 'Ann' }), bobKey.privateKey));
    const before = readFileSync(at('ann.json'), 'utf8');
    const refused = await cli('open', '--game', at('ann.json'), '--turn', at('fake.o2turn'), '--out', at('ann.json'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/turn 2 is not signed by Ann: its signature does not match Ann's key/);
    expect(readFileSync(at('ann.json'), 'utf8')).toBe(before);
    writeFileSync(at('t2.o2turn'), t2);
    const opened = await annOpens('t2.o2turn');
    expect(opened.code, opened.stderr).toBe(0);
    expect(annGame().state).toEqual(bob.mail.record!.game.state);

    // Turn 3, Ann's with no move: her secret for the readout, which is drawn from both players' secrets.
    expect(annGame().state.phase).toBe('first-player');
    expect((await bob.mail.open(await annSends(3, []))).text).toBe(
      'Turn 3 from Ann opened, signed by Ann: 1 move; the game is at turn 3.',
    );
    expect(annGame().state).toEqual(bob.mail.record!.game.state);

    // Turns 4 and 5: whoever the drawn readout names goes first, each on their own side.
    const first = annGame().state.turn === 'Bob' ? 'Bob' : 'Ann';
    expect(annGame().state.turn).toBe(first);
    const home = { Ann: 'A2', Bob: 'B2' } as const;
    for (const [n, who] of [
      [4, first],
      [5, first === 'Ann' ? 'Bob' : 'Ann'],
    ] as const) {
      const event = { type: 'homeland' as const, player: who, country: home[who] };
      if (who === 'Ann') {
        expect((await bob.mail.open(await annSends(n, event))).text).toMatch(new RegExp(`^Turn ${n} from Ann opened`));
      } else {
        writeFileSync(at(`t${n}.o2turn`), await bobSends(event));
        expect((await annOpens(`t${n}.o2turn`)).code).toBe(0);
      }
      expect(annGame().chain.number).toBe(n);
      expect(annGame().state).toEqual(bob.mail.record!.game.state);
    }
    // Both homelands are taken on both copies, and Bob's board shows the game as his game by mail holds it.
    expect(annGame().state.countries.A2?.owners).toEqual(['Ann']);
    expect(annGame().state.countries.B2?.owners).toEqual(['Bob']);
    expect(bob.board.gameState()).toEqual(bob.mail.record!.game.state);
  });
});
