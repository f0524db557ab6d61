/**
 * Play by mail on #/table (issue 21): two players on two computers (two browser contexts). Ann's
 * browser sets the game up, makes it a game by mail and gives Bob the game's file; Ann attacks,
 * chooses her weapon and sends her turn with standing orders "bot" (hard). Bob opens the game from its
 * file and the turn from its link (the page loaded afresh with it): his board shows Ann's moves. An
 * edited turn, the same turn again and garbage are refused with their sentences and change neither the
 * board nor the game kept; a reload keeps the game by mail. Then Bob fights Ann's battle bot on the
 * console, her next weapon is chosen by her standing orders, and his turn 2 opens on Ann's computer.
 * A turn sent from the command line whose battle the battle bots fought alone is fought again in the
 * page (issue 37): its result edited is refused with the command line's sentence, the honest turn opens.
 * Waits are for states (texts, attributes), never time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  decodeTurnText,
  encodeTurnText,
  turnHash,
  sessionDocument,
  encodeEnvelope,
  openTurn,
  sendTurn,
  serializeMailGame,
} from '../../board/index.ts';
import { machineAbsentBattles } from '../../board/cli/mail-battles.ts';
import { warGame } from '../board/mail/kit.ts';
import type { Turn, TurnBody } from '../../board/index.ts';
import { appUrl, downloadBytes, launchBrowser } from './browser.ts';
import { waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';
import { playTiny, TINY_OPENING } from '../harness/tiny-game.ts';

const log = (page: Page) => page.locator('.bv-log-list li').allTextContents();
const message = (page: Page) => page.locator('#table-mail-message').textContent();
const turnAt = (page: Page) => page.locator('#table-mail-status').getAttribute('data-turn');

async function open(context: BrowserContext, errors: string[], path = '/?cart=battle#/table'): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(appUrl(path));
  await waitReady(page);
  await page.locator('.bv[data-ready="true"]').waitFor();
  return page;
}

/** Clicks `id` and returns the text of the file the page downloads. */
async function downloaded(page: Page, id: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(id).click()]);
  return { name: file.suggestedFilename(), text: (await downloadBytes(file)).toString('utf8') };
}

describe('play by mail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a turn goes from one computer to another by file and link; edited and replayed turns are refused', async () => {
    const errors: string[] = [];
    const t0 = Date.now();
    // Bob's computers pause 10 s before a board move (below); his page's address differs from the link's, so
    // following the link loads the page afresh with the turn in it. His browser makes his key; he gives Ann its public half.
    const BOB_PAGE = '/?cart=battle&computerPause=10000#/table';
    const bob = await open(await browser.newContext(), errors, BOB_PAGE);
    await bob.locator('#table-mail summary').click();
    await expect.poll(() => bob.locator('#table-mail-my-key').inputValue()).toMatch(/^o2pub1\./);
    const bobKey = await bob.locator('#table-mail-my-key').inputValue();
    const ann = await open(await browser.newContext(), errors);
    await ann.locator('#bv-import-file').setInputFiles({
      name: 'opening.json',
      mimeType: 'application/json',
      buffer: Buffer.from(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) })),
    });
    await expect.poll(() => ann.locator('.bv').getAttribute('data-phase')).toBe('final-round');
    await ann.locator('#table-mail summary').click();
    await ann.locator('#table-mail-me').selectOption('Ann');
    await expect.poll(() => ann.locator('.tb-mail-player-key[data-player="Ann"]').inputValue()).toMatch(/^o2pub1\./);
    // Without Bob's public key the game is not started: nobody could tell a turn forged in his name.
    await ann.locator('#table-mail-start').click();
    await expect.poll(() => message(ann)).toMatch(/every player's public key is needed \(Bob has none yet\)/);
    await ann.locator('.tb-mail-player-key[data-player="Bob"]').fill(bobKey);
    await ann.locator('#table-mail-start').click();
    await expect.poll(() => turnAt(ann)).toBe('0');
    expect(await ann.locator('#table-mail-status').getAttribute('data-signed')).toBe('true');
    const game = await downloaded(ann, '#table-mail-game');
    expect(game.name).toMatch(/\.o2mail\.json$/);

    // Ann's moves on the board: an attack and her weapon.
    await ann.locator('[data-key="mode-attack"]').click();
    await ann.locator('[data-country="B1"]').click();
    await ann.locator('[data-key="weapon-attacker-tank"]').click();
    await expect.poll(() => ann.locator('#table-mail-moves').textContent()).toBe('2 moves since the last turn');
    await ann.locator('#table-mail-orders').selectOption('bot:hard');
    await ann.locator('#table-mail-send').click();
    await ann.locator('#table-mail-sent[data-turn="1"]').waitFor();
    expect(await turnAt(ann)).toBe('1');
    const turn = await downloaded(ann, '#table-mail-download');
    expect(turn.name).toMatch(/-turn-1\.o2turn$/);
    const link = await ann.locator('#table-mail-link').inputValue();
    expect(link).toContain(`#/table?turn=${turn.text.trim()}`);
    const annLog = await log(ann);
    await shot(ann, 'table-mail-sent.png');

    // Bob's computer: the game from its file, then the turn from its link.
    await shot(bob, 'table-mail-idle.png');
    await bob.locator('#table-mail-file').setInputFiles({
      name: game.name,
      mimeType: 'application/json',
      buffer: Buffer.from(game.text),
    });
    await expect.poll(() => turnAt(bob)).toBe('0');
    expect(await message(bob)).toMatch(/opened at turn 0; you are Bob .* It is signed/);
    // Before the genuine turn: an edited turn (a weapon changed after it was sent), the same edit hashed again
    // (unsigned, then with Ann's signature kept): each refused with what failed, nothing changed.
    const decoded = (await decodeTurnText(turn.text)) as { ok: true; value: Turn } | { ok: false; error: string };
    if (!decoded.ok) throw new Error(decoded.error);
    const edited = structuredClone(decoded.value) as { events: { weapon?: string }[] };
    edited.events[1].weapon = 'sub';
    await bob.locator('#table-mail-paste').fill(await encodeTurnText(JSON.stringify(edited)));
    await bob.locator('#table-mail-open').click();
    await expect
      .poll(() => message(bob))
      .toBe(
        'The turn was not opened: this turn (turn 1) was edited after it was sent: its content does not match its hash; it was refused. Nothing was changed.',
      );
    // The same edit hashed again: the hash fits, Ann's signature does not.
    const { hash: _, signature: __, ...body } = edited as unknown as Record<string, unknown>;
    const rehashed = { ...body, hash: await turnHash(body as unknown as TurnBody) };
    await bob.locator('#table-mail-paste').fill(await encodeTurnText(JSON.stringify(rehashed)));
    await bob.locator('#table-mail-open').click();
    await expect
      .poll(() => message(bob))
      .toBe(
        'The turn was not opened: turn 1 is not signed, but every turn of this game is signed by its sender: it cannot be told from a turn made by someone else; it was refused. Nothing was changed.',
      );
    const resigned = { ...rehashed, signature: decoded.value.signature };
    await bob.locator('#table-mail-paste').fill(await encodeTurnText(JSON.stringify(resigned)));
    await bob.locator('#table-mail-open').click();
    await expect
      .poll(() => message(bob))
      .toMatch(/^The turn was not opened: turn 1 is not signed by Ann: its signature does not match/);
    expect(await turnAt(bob)).toBe('0');
    await bob.goto(link);
    await waitReady(bob);
    await expect.poll(() => turnAt(bob)).toBe('1');
    expect(await message(bob)).toBe('Turn 1 from Ann opened, signed by Ann: 2 moves; the game is at turn 1.');
    expect(await log(bob)).toEqual(annLog);
    expect(await bob.evaluate(() => location.hash)).toBe('#/table');

    // The same turn again and garbage: refused, nothing changed.
    await bob.locator('#table-mail-file').setInputFiles({
      name: turn.name,
      mimeType: 'text/plain',
      buffer: Buffer.from(turn.text),
    });
    await expect
      .poll(() => message(bob))
      .toBe(
        'The turn was not opened: this turn (turn 1) was already applied (this game is at turn 1); it was refused. Nothing was changed.',
      );
    await bob.locator('#table-mail-paste').fill('Dear Bob, my move is attached.');
    await bob.locator('#table-mail-open').click();
    await expect
      .poll(() => message(bob))
      .toMatch(/^The turn was not opened: this is not a turn of Conquest of the World by mail/);
    expect(await log(bob)).toEqual(annLog);
    expect(await turnAt(bob)).toBe('1');
    await shot(bob, 'table-mail-refused.png');

    // A reload keeps the game by mail, at turn 1.
    await bob.goto(appUrl(BOB_PAGE));
    await waitReady(bob);
    await expect.poll(() => turnAt(bob)).toBe('1');
    expect(await log(bob)).toEqual(annLog);

    // Ann is away with standing orders "bot" (hard): Bob chooses his weapon and fights her battle bot on the
    // console (the computer holds Bob's control too, for speed); her next weapon is the one her standing orders
    // choose. Bob (a person again before the computer's next move) sends turn 2; Ann opens it.
    await bob.locator('[data-key="weapon-defender-sub"]').click();
    await bob.locator('#table-computers summary').click();
    await bob.locator('[data-key="computer-Bob"]').selectOption('easy');
    await bob.locator('#table-bot-speed').selectOption('8');
    await bob.locator('[data-key="program-battle"]').click();
    await bob.locator('[data-key="press-enter"]').click();
    await expect
      .poll(() => message(bob), { timeout: 60_000 })
      .toMatch(
        /^Ann is away: their battle bot \(hard\) chose (tank|sub|plane), and holds their control in the battle\.$/,
      );
    await bob.locator('[data-key="computer-Bob"]').selectOption('');
    await bob.locator('#table-mail-send').click();
    await bob.locator('#table-mail-sent[data-turn="2"]').waitFor();
    const turn2 = await downloaded(bob, '#table-mail-download');
    const bobLog = await log(bob);
    expect(bobLog.length).toBeGreaterThan(annLog.length + 1);
    await ann
      .locator('#table-mail-file')
      .setInputFiles({ name: turn2.name, mimeType: 'text/plain', buffer: Buffer.from(turn2.text) });
    await expect.poll(() => turnAt(ann)).toBe('2');
    expect(await log(ann)).toEqual(bobLog);
    await shot(ann, 'table-mail-bot.png');
    expect(errors).toEqual([]);
    console.log(`play by mail: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 150_000);

  it('a turn whose battle the battle bots fought alone (sent from the command line) is fought again here: an edited result is refused as the command line refuses it, the honest turn opens', async () => {
    const errors: string[] = [];
    // Ann's turn as `board mail send --stick medium` makes it, Bob away with orders "bot" (hard); and the same
    // turn with the battle's result edited (one unit of energy less) and hashed again (an unsigned game).
    const g = await warGame({ Bob: { absent: 'bot', level: 'hard' } });
    const sent = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'tank' }], {
      battles: machineAbsentBattles('medium'),
      stick: 'medium',
    });
    if (!sent.ok) throw new Error(sent.error);
    const edited = structuredClone(sent.turn) as Turn;
    const e = edited.events[edited.botBattles![0].event] as Extract<Turn['events'][number], { type: 'battle' }>;
    e.energy[e.winner === 'defender' ? 'defender' : 'attacker'] -= 1;
    const { hash: _h, ...body } = edited;
    const forged = await encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) }));
    const cli = await openTurn(forged, g, { refight: machineAbsentBattles(null) });
    if (cli.ok) throw new Error('the command line opened the edited turn');

    const bob = await open(await browser.newContext(), errors);
    await bob.locator('#table-mail summary').click();
    await bob.locator('#table-mail-file').setInputFiles({
      name: 'war.o2mail.json',
      mimeType: 'application/json',
      buffer: Buffer.from(serializeMailGame(g)),
    });
    await expect.poll(() => turnAt(bob)).toBe('0');
    const before = await log(bob);
    await bob.locator('#table-mail-paste').fill(forged);
    await bob.locator('#table-mail-open').click();
    await expect
      .poll(() => message(bob), { timeout: 60_000 })
      .toBe(`The turn was not opened: ${cli.error}. Nothing was changed.`);
    expect(await turnAt(bob)).toBe('0');
    expect(await log(bob)).toEqual(before);
    await bob.locator('#table-mail-paste').fill(sent.text);
    await bob.locator('#table-mail-open').click();
    await expect.poll(() => turnAt(bob), { timeout: 60_000 }).toBe('1');
    expect(await message(bob)).toBe(
      `Turn 1 from Ann opened (an unsigned game: nothing shows who made it): ${sent.turn.events.length} moves; the game is at turn 1. Its 1 battle fought by the battle bots alone ended the same when fought again here.`,
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
