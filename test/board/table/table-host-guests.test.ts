/**
 * The remote table's host against guests who take what is not theirs (issue 34): malformed moves, names
 * that hide or reorder text, one connection saying hello as many guests, a full table, a guest the host
 * removes, seats the host keeps or that fight the battle under way, and an alliance one guest forms for
 * a player who never agreed. Each is refused with a sentence and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { HOST, MAX_GUESTS, checkSeating } from '../../../board/index.ts';
import { threeOpening } from '../helpers.ts';
import { TOKEN_A, TOKEN_B, table } from './table-kit.ts';

const token = (i: number): string => `guest-token-${String(i).padStart(8, '0')}`;
const notices = (t: ReturnType<typeof table>, c: string): string[] =>
  (t.sent.get(c) ?? []).flatMap((m) => (m.t === 'notice' ? [m.text] : []));

describe('TableHost against guests who take what is not theirs', () => {
  it('refuses malformed moves with a sentence, never throws, and makes none of them', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    const before = t.state;
    const bad: unknown[] = [
      { type: 'weapon', player: 123, weapon: 'tank' },
      null,
      { type: 'alliance.form', players: 5 },
      { type: 'alliance.form', players: [1, 2] },
      { type: 'first.call', player: 'Bob', digit: '3' },
      { type: 'attack', player: ['Bob'], country: 'A1' },
      { type: 'pass' },
      { type: 'first.call', player: 'Bob', digit: 3, extra: 1 },
    ];
    bad.forEach((event, i) => expect(() => t.say('c1', { t: 'move', id: i + 1, event })).not.toThrow());
    const refused = notices(t, 'c1');
    expect(refused).toHaveLength(bad.length);
    for (const text of refused) expect(text).toMatch(/^A message was refused: the move /);
    expect(refused[0]).toContain('needs "player" as a text');
    expect(t.acted).toEqual([]);
    expect(t.state).toBe(before);
  });

  it('shows a guest’s name without what hides or reorders text', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: '\u202Eenoh\u202C\u200B Bob\u2066’s  phone\u2069\u0007' });
    t.say('c2', { t: 'hello', token: TOKEN_B, name: '\u200B\u200D\u2060' });
    expect(t.host.guestList().map((g) => g.name)).toEqual(['enoh Bob’s phone', 'A guest']);
  });

  it('one connection is one guest: hellos with other tokens on it are refused, the table never fills from one page', () => {
    const t = table();
    for (let i = 0; i < 12; i++) t.say('c1', { t: 'hello', token: token(i), name: `Flood ${i}` });
    expect(t.host.guestList()).toHaveLength(1);
    expect(notices(t, 'c1')).toContain('This connection joined as Flood 0 already: one browser is one guest.');
    // The same token again (a page's own retry) is fine.
    t.say('c1', { t: 'hello', token: token(0), name: 'Flood 0' });
    expect(t.host.guestList()).toHaveLength(1);
  });

  it('a full table forgets a guest that left holding no seat to let a new one in; one holding a seat stays', () => {
    const t = table();
    for (let i = 0; i < MAX_GUESTS; i++) t.say(`c${i}`, { t: 'hello', token: token(i), name: `G${i}` });
    t.say('c0', { t: 'claim', player: 'Bob' });
    for (let i = 0; i < MAX_GUESTS; i++) t.host.closed(`c${i}`);
    t.say('new1', { t: 'hello', token: TOKEN_A, name: 'Late' });
    const names = t.host.guestList().map((g) => g.name);
    expect(names).toContain('Late');
    expect(names).toContain('G0');
    expect(names).not.toContain('G1');
    expect(t.host.holder('Bob')).toBe('g1');
  });

  it('the host removes a guest: its seats come back, its connection is dropped, and it cannot say hello again', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Stranger' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    t.host.remove('g1');
    expect(t.host.holder('Bob')).toBe(HOST);
    expect(t.dropped).toEqual(['c1']);
    expect(notices(t, 'c1')).toContain('The host removed you from this table.');
    t.say('c2', { t: 'hello', token: TOKEN_A, name: 'Stranger again' });
    expect(notices(t, 'c2')).toEqual(['The host removed this browser from this table.']);
    expect(t.host.guestList()).toEqual([]);
    // Kept across the host's reload.
    const kept = checkSeating(t.kept);
    expect(kept.ok && kept.seating.barred).toEqual([TOKEN_A]);
  });

  it('a seat the host keeps for its keyboard, or one fighting the battle, is not taken or given back', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'One' });
    t.host.keep('Ann', true);
    t.say('c1', { t: 'claim', player: 'Ann' });
    expect(notices(t, 'c1').at(-1)).toBe("Ann's seat is kept by the host: Ann plays at the host's keyboard.");
    expect(t.host.holder('Ann')).toBe(HOST);
    expect(t.host.seatList().find((s) => s.player === 'Ann')).toEqual({ player: 'Ann', holder: HOST, kept: true });
    const kept = checkSeating(t.kept);
    expect(kept.ok && kept.seating.kept).toEqual(['ann']);
    t.busy.add('Bob');
    t.say('c1', { t: 'claim', player: 'Bob' });
    expect(notices(t, 'c1').at(-1)).toBe("Bob's seat fights the battle now");
    t.busy.clear();
    t.say('c1', { t: 'claim', player: 'Bob' });
    expect(t.host.holder('Bob')).toBe('g1');
    t.busy.add('Bob');
    t.say('c1', { t: 'release', player: 'Bob' });
    expect(t.host.holder('Bob')).toBe('g1');
    t.host.keep('Ann', false);
    t.say('c1', { t: 'claim', player: 'Ann' });
    expect(t.host.holder('Ann')).toBe('g1');
  });

  it('an alliance across browsers is formed only once every holder of its seats forms it too (rule 18)', () => {
    const t = table(undefined, threeOpening());
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Bob’s laptop' });
    t.say('c2', { t: 'hello', token: TOKEN_B, name: 'Ann’s phone' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    t.say('c2', { t: 'claim', player: 'Ann' });
    const before = t.state;
    t.say('c1', { t: 'move', id: 1, event: { type: 'alliance.form', players: ['Bob', 'Ann'] } });
    expect(t.last('c1')).toEqual({
      t: 'answer',
      id: 1,
      ok: true,
      text: 'Proposed: the alliance of Bob, Ann is formed once Ann forms it too (rule 18).',
    });
    expect(t.acted).toEqual([]);
    expect(t.state).toBe(before);
    expect(notices(t, 'c2').at(-1)).toBe(
      'An alliance of Bob, Ann is proposed: form the same alliance to agree (rule 18).',
    );
    // Ann's browser agrees: the alliance is made, through the rules.
    t.say('c2', { t: 'move', id: 1, event: { type: 'alliance.form', players: ['Ann', 'Bob'] } });
    expect(t.last('c2')).toEqual({ t: 'answer', id: 1, ok: true, text: 'Done.' });
    expect(t.acted).toHaveLength(1);
    expect(t.state).not.toBe(before);
  });

  it("the host's page proposing an alliance with a guest's seat waits for the guest, and the other way round", () => {
    const t = table(undefined, threeOpening());
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Bob’s laptop' });
    t.say('c1', { t: 'claim', player: 'Bob' });
    const form = { type: 'alliance.form' as const, players: ['Ann', 'Bob'] };
    expect(t.host.hostRefusal(form)).toBe(
      'Proposed: the alliance of Ann, Bob is formed once Bob forms it too (rule 18).',
    );
    t.say('c1', { t: 'move', id: 1, event: form });
    expect(t.last('c1')).toEqual({ t: 'answer', id: 1, ok: true, text: 'Done.' });
    expect(t.acted).toEqual([form]);
    // Alone among the host's seats, nothing waits.
    expect(t.host.hostRefusal({ type: 'alliance.form', players: ['Ann', 'Cy'] })).toBeNull();
  });
});
