import { describe, expect, it } from 'vitest';
import {
  checkSeating,
  serializeGame,
  FLOOD_BURST,
  MISSED_PINGS,
  HOST,
  inputDelay,
  TRIPS_KEPT,
} from '../../../board/index.ts';
import { TOKEN_A, TOKEN_B, table } from './table-kit.ts';

describe('TableHost: the host keeps the game, guests hold seats', () => {
  it('welcomes a guest, gives it a free seat, and sends everyone the game', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Bob’s laptop' });
    expect(t.sent.get('c1')?.[0]).toEqual({ t: 'welcome', you: 'g1' });
    t.say('c1', { t: 'claim', player: 'bob' });
    const game = t.last('c1');
    expect(game?.t).toBe('game');
    if (game?.t !== 'game') return;
    expect(game.seats).toEqual([
      { player: 'Ann', holder: HOST },
      { player: 'Bob', holder: 'g1' },
      { player: 'Cy', holder: HOST },
    ]);
    expect(game.guests).toEqual([{ id: 'g1', name: 'Bob’s laptop', online: true, rttMs: null }]);
    expect(game.game).toBe(serializeGame(t.state));
  });

  it('refuses a seat another guest holds, and a computer’s seat', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    t.say('c2', { t: 'hello', token: TOKEN_B, name: 'Two' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    t.say('c2', { t: 'claim', player: 'Bob' });
    expect(t.last('c2')).toEqual({ t: 'notice', text: "Bob's seat is already held by One." });
    t.say('c2', { t: 'claim', player: 'Cy' });
    expect(t.last('c2')).toMatchObject({ t: 'notice', text: expect.stringContaining('played by the computer') });
    expect(t.host.holder('Bob')).toBe('g1');
    expect(t.host.holder('Cy')).toBe(HOST);
  });

  it('takes a guest’s move for its own seat through the rules, and refuses one for another seat without acting', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    t.say('c1', { t: 'move', id: 1, event: { type: 'first.call', player: 'Ann', digit: 3 } });
    expect(t.last('c1')).toEqual({
      t: 'answer',
      id: 1,
      ok: false,
      text: "Refused: Ann's seat is not held by your browser.",
    });
    expect(t.acted).toEqual([]);
    t.say('c1', { t: 'move', id: 2, event: { type: 'first.readout', digit: 3 } });
    expect(t.last('c1')).toMatchObject({ ok: false, text: expect.stringContaining('only the host') });
    const before = t.state;
    t.say('c1', { t: 'move', id: 3, event: { type: 'first.call', player: 'Bob', digit: 12 } });
    expect(t.last('c1')).toMatchObject({ ok: false, text: expect.stringMatching(/^Refused: rule 2/) });
    expect(t.state).toBe(before);
    t.say('c1', { t: 'move', id: 4, event: { type: 'first.call', player: 'Bob', digit: 7 } });
    expect(t.last('c1')).toEqual({ t: 'answer', id: 4, ok: true, text: 'Done.' });
    expect(t.state).not.toBe(before);
  });

  it('refuses the host’s own move for a seat a guest holds, naming the guest', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Bob’s phone' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    expect(t.host.hostRefusal({ type: 'first.call', player: 'Bob', digit: 1 })).toBe(
      "Bob's seat is held by Bob’s phone's browser: Bob plays there",
    );
    expect(t.host.hostRefusal({ type: 'first.call', player: 'Ann', digit: 1 })).toBeNull();
    expect(t.host.hostRefusal({ type: 'first.readout', digit: 1 })).toBeNull();
  });

  it('gives a guest that comes back on a new connection its seats, and keeps them while it is away', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    t.host.closed('c1');
    expect(t.host.guestList()).toEqual([{ id: 'g1', name: 'One', online: false, rttMs: null }]);
    expect(t.host.holder('Bob')).toBe('g1');
    t.say('c9', { t: 'hello', token: TOKEN_A, name: 'One again' });
    expect(t.sent.get('c9')?.[0]).toEqual({ t: 'welcome', you: 'g1' });
    t.say('c9', { t: 'move', id: 1, event: { type: 'first.call', player: 'Bob', digit: 7 } });
    expect(t.last('c9')).toMatchObject({ ok: true });
  });

  it('refuses bad messages with a sentence and changes nothing', () => {
    const t = table();
    const before = t.state;
    for (const bad of [
      '{',
      '[]',
      '{"t":"hello","token":"short","name":"x"}',
      JSON.stringify({ t: 'move', id: 1, event: { type: 'nuke' } }),
      'x'.repeat(9000),
      JSON.stringify({ t: 'claim', player: 'Bob' }),
    ]) {
      t.host.receive('c1', bad);
    }
    const notices = (t.sent.get('c1') ?? []).map((m) => (m.t === 'notice' ? m.text : m.t));
    expect(notices).toEqual([
      "A message was refused: a guest's message that is not JSON.",
      "A message was refused: a guest's message is an object.",
      'A message was refused: a hello needs its token (16-64 letters, digits, - or _).',
      'A message was refused: the move has the type "nuke", which is no event of the game (known: setup, first.call, first.readout, homeland, ally.home, ally.buy, attack, weapon, battle, pass, alliance.form, alliance.break, endgame.start, clock.expired, banker).',
      "A message was refused: a guest's message of 9000 characters is over the 8192 allowed.",
      'A message was refused: say hello first (the page does this as it joins).',
    ]);
    expect(t.state).toBe(before);
    expect(t.acted).toEqual([]);
  });

  it('measures the round trip to a guest from its pongs (the least of the last ones), ignoring a pong for another ping', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    const ping = (t.sent.get('c1') ?? []).find((m) => m.t === 'ping');
    expect(ping).toEqual({ t: 'ping', n: 1 });
    // The guest's page is busy starting its machine: its first answers come late.
    t.tick(400);
    t.say('c1', { t: 'pong', n: 99 });
    expect(t.host.rttOf('g1')).toBeNull();
    t.say('c1', { t: 'pong', n: 1 });
    expect(t.host.rttOf('g1')).toBe(400);
    const answer = (ms: number): void => {
      t.host.pingAll();
      const n = t.last('c1');
      t.tick(ms);
      if (n?.t === 'ping') t.say('c1', { t: 'pong', n: n.n });
    };
    answer(250);
    expect(t.host.rttOf('g1')).toBe(250);
    // Once it answers at once, the line's own round trip is the figure: the battle's input delay is a clean line's.
    answer(12);
    answer(30);
    expect(t.host.rttOf('g1')).toBe(12);
    expect(inputDelay(t.host.rttOf('g1'))).toBe(1);
    // A line that became slower shows it once the quick answers are TRIPS_KEPT pings old.
    for (let i = 0; i < TRIPS_KEPT; i++) answer(160);
    expect(t.host.rttOf('g1')).toBe(160);
    expect(inputDelay(t.host.rttOf('g1'))).toBe(4);
  });

  it(`counts a guest that left ${MISSED_PINGS} pings in a row unanswered as gone: offline, its connection dropped, its seat kept`, () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    t.say('c2', { t: 'hello', token: TOKEN_B, name: 'Two' });
    t.say('c1', { t: 'claim', player: 'Ann' });
    const answer = (c: string) => {
      const ping = (t.sent.get(c) ?? []).filter((m) => m.t === 'ping').at(-1);
      if (ping?.t === 'ping') t.say(c, { t: 'pong', n: ping.n });
    };
    // Two answers its pings; One's browser closed without a word. A hello in between is no missed ping.
    for (let i = 0; i < MISSED_PINGS; i++) {
      answer('c2');
      t.host.pingAll();
      t.say(`w${i}`, { t: 'hello', token: String.fromCharCode(99 + i).repeat(20), name: `W${i}` });
      answer(`w${i}`);
    }
    expect(t.dropped).toEqual(['c1']);
    const list = t.host.guestList();
    expect(list.find((g) => g.id === 'g1')).toEqual({ id: 'g1', name: 'One', online: false, rttMs: null });
    expect(list.find((g) => g.id === 'g2')?.online).toBe(true);
    expect(t.host.holder('Ann')).toBe('g1');
    // One comes back: online again, pinged afresh.
    t.say('c9', { t: 'hello', token: TOKEN_A, name: 'One' });
    expect(t.host.guestList().find((g) => g.id === 'g1')?.online).toBe(true);
    t.host.pingAll();
    expect(t.dropped).toEqual(['c1']);
  });

  it('drops a flood beyond the burst, says so once, and lets the guest on again as time passes', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    for (let i = 0; i < 500; i++) t.say('c1', { t: 'release', player: 'Bob' });
    const notices = (t.sent.get('c1') ?? []).filter((m) => m.t === 'notice');
    // The hello, then FLOOD_BURST - 1 releases answered; the rest dropped, said once.
    expect(t.host.dropped('c1')).toBe(500 + 1 - FLOOD_BURST);
    expect(notices.filter((m) => m.t === 'notice' && m.text.startsWith('Messages are coming too fast'))).toHaveLength(
      1,
    );
    t.tick(1000);
    t.say('c1', { t: 'claim', player: 'Bob' });
    expect(t.host.holder('Bob')).toBe('g1');
  });
});

describe("TableHost across the host's reload", () => {
  it('gives each guest its seats back when it says hello again with its token, and no one else', () => {
    const before = table();
    before.say('c1', { t: 'hello', token: TOKEN_A, name: 'Bob’s laptop' });
    before.say('c1', { t: 'claim', player: 'Bob' });
    before.say('c2', { t: 'hello', token: TOKEN_B, name: 'Watcher' });
    const kept = checkSeating(before.kept);
    if (!kept.ok) throw new Error(kept.error);
    // The page reloads: a new host from what was kept; the guests are known, none connected yet.
    const after = table(kept.seating);
    expect(after.host.holder('Bob')).toBe('g1');
    expect(after.host.guestList()).toEqual([
      { id: 'g1', name: 'Bob’s laptop', online: false, rttMs: null },
      { id: 'g2', name: 'Watcher', online: false, rttMs: null },
    ]);
    // A stranger takes the next id and cannot claim Bob.
    after.say('c9', { t: 'hello', token: 'cccccccccccccccccccc', name: 'Stranger' });
    expect(after.sent.get('c9')?.[0]).toEqual({ t: 'welcome', you: 'g3' });
    after.say('c9', { t: 'claim', player: 'Bob' });
    expect(after.last('c9')).toEqual({ t: 'notice', text: "Bob's seat is already held by Bob’s laptop." });
    // Bob's laptop comes back on a new connection: it is g1 again, holding Bob.
    after.say('c5', { t: 'hello', token: TOKEN_A, name: 'Bob’s laptop' });
    expect(after.sent.get('c5')?.[0]).toEqual({ t: 'welcome', you: 'g1' });
    const game = after.sent.get('c5')?.find((m) => m.t === 'game');
    expect(game?.t === 'game' && game.seats.find((s) => s.player === 'Bob')?.holder).toBe('g1');
  });

  it('refuses a kept table that is malformed, with a sentence', () => {
    const good = { v: 1, nextId: 3, guests: [{ id: 'g1', token: TOKEN_A, name: 'A' }], seats: [['bob', 'g1']] };
    expect(checkSeating(good).ok).toBe(true);
    const bad: [unknown, RegExp][] = [
      [null, /not a kept table/],
      [{ ...good, v: 2 }, /not a kept table/],
      [{ ...good, nextId: 0 }, /next guest number/],
      [{ ...good, guests: [{ id: 'g1', token: 'short', name: 'A' }] }, /not \{ id, token, name \}/],
      [{ ...good, guests: [{ id: 'g7', token: TOKEN_A, name: 'A' }] }, /numbered past/],
      [{ ...good, guests: [good.guests[0], { id: 'g2', token: TOKEN_A, name: 'B' }] }, /listed twice/],
      [{ ...good, seats: [['bob', 'g2']] }, /not a guest/],
      [
        {
          ...good,
          seats: [
            ['bob', 'g1'],
            ['bob', 'g1'],
          ],
        },
        /seat is listed twice/,
      ],
      [
        { ...good, guests: Array.from({ length: 13 }, (_, i) => ({ id: `g${i + 1}`, token: TOKEN_A, name: 'A' })) },
        /more than 12/,
      ],
    ];
    for (const [value, why] of bad) {
      const r = checkSeating(value);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    }
  });
});
