/**
 * The remote table's chat across pages (issue 34) over the simulated network with delay and loss on the
 * battle lane (the chat rides the table's reliable lane): two guests and the host each read every line
 * once, in the host's order; a guest who reloads reads what was said; after the host's reload the chat
 * starts again (the host keeps its game, not its talk) and nobody shows an old line twice.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../board/index.ts';
import { TINY_SCENARIO } from '../../harness/tiny-game.ts';
import { RemoteTable, type GuestPage } from '../../harness/remote-table.ts';

const lines = (g: GuestPage): string[] => g.remote.chat.map((l) => `${l.from}: ${l.text}`);

describe('the chat at a remote table', { timeout: 60_000 }, () => {
  it('every page reads each line once, through a guest reload and a host reload', async () => {
    const table = new RemoteTable(newGame(TINY_SCENARIO), {
      delayMs: 40,
      jitterMs: 10,
      loss: 0.05,
      resendMs: 200,
      seed: 9,
    });
    const ann = await table.join('Ann', 'ann-token-0123456789');
    const bob = await table.join('Bob', 'bob-token-0123456789');
    await table.until(() => ann.remote.you !== null && bob.remote.you !== null, 'both guests to be welcomed', 600);
    expect(ann.remote.say('hello from Ann')).toBeNull();
    expect(table.host.remote.table.say('the host here')).toBeNull();
    expect(bob.remote.say('\u200B  ')).toBe('Not said: a chat line says something.');
    // The host's line leaves at once; Ann's reaches the host a moment later: the host's order is everyone's.
    const said = ['The host: the host here', 'Ann: hello from Ann'];
    await table.until(() => lines(bob).length === 2, 'Bob to read both lines', 600);
    expect(table.host.remote.table.chatLines().map((l) => `${l.from}: ${l.text}`)).toEqual(said);
    expect(lines(bob)).toEqual(said);
    await table.until(() => lines(ann).length === 2, 'Ann to read both lines', 600);
    expect(lines(ann)).toEqual(lines(bob));

    // Bob's page reloads: a new page with his token reads what was said, once.
    table.vanish(bob);
    const bob2 = await table.join('Bob', 'bob-token-0123456789');
    await table.until(() => lines(bob2).length === 2, "the reloaded page to read the table's lines", 900);
    expect(lines(bob2)).toEqual(said);

    // The host's page reloads: the guests join again, the chat starts afresh, no line shown twice.
    const host = await table.reloadHost();
    await table.until(
      () => ann.remote.line === 'joined' && ann.remote.chat.length === 0,
      'Ann back at the table',
      1200,
    );
    expect(host.remote.table.say('back again')).toBeNull();
    await table.until(
      () => lines(ann).length === 1 && lines(bob2).length === 1,
      'both guests to read the new line',
      900,
    );
    expect(lines(ann)).toEqual(['The host: back again']);
    expect(lines(bob2)).toEqual(['The host: back again']);
  });
});
