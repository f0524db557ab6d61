/**
 * The remote table's chat line (issue 34, board/table/table-chat.ts): a line is cleaned of what hides or
 * reorders text, refused when empty, too long or too fast (with a sentence to its speaker only), numbered
 * by the host and sent to every guest; a guest joining or coming back reads what was said before.
 */
import { describe, expect, it } from 'vitest';
import {
  CHAT_BURST,
  CHAT_EVERY_MS,
  CHAT_KEPT,
  MAX_CHAT_TEXT,
  TableChat,
  chatText,
} from '../../../board/table/table-chat.ts';
import { parseGuestMessage } from '../../../board/index.ts';
import { checkBattleMessage } from '../../../rom-core/netplay/index.ts';
import { TOKEN_A, TOKEN_B, table } from './table-kit.ts';

const chats = (t: ReturnType<typeof table>, c: string): string[] =>
  (t.sent.get(c) ?? []).flatMap((m) => (m.t === 'chat' ? [`${m.n} ${m.from}: ${m.text}`] : []));
const notices = (t: ReturnType<typeof table>, c: string): string[] =>
  (t.sent.get(c) ?? []).flatMap((m) => (m.t === 'notice' ? [m.text] : []));

describe('a chat line', () => {
  it('is cleaned of bidi overrides, zero-width characters and runs of spaces, and refused when it says nothing or too much', () => {
    expect(chatText('  my \u202Eturn\u202C?\u200B  ')).toEqual({ ok: true, text: 'my turn?' });
    expect(chatText('\u200B \u200D')).toEqual({ ok: false, error: 'a chat line says something' });
    expect(chatText('x'.repeat(MAX_CHAT_TEXT))).toMatchObject({ ok: true });
    expect(chatText('x'.repeat(MAX_CHAT_TEXT + 1))).toMatchObject({ ok: false });
    expect(chatText(5)).toEqual({ ok: false, error: 'a chat line is text' });
  });

  it('from a guest is checked field by field before the host reads it', () => {
    expect(parseGuestMessage(JSON.stringify({ t: 'chat', text: 'hi' }), checkBattleMessage)).toEqual({
      ok: true,
      message: { t: 'chat', text: 'hi' },
    });
    expect(parseGuestMessage(JSON.stringify({ t: 'chat', text: ['hi'] }), checkBattleMessage)).toMatchObject({
      ok: false,
    });
  });

  it('is allowed a burst, then one every couple of seconds, per speaker', () => {
    const chat = new TableChat();
    for (let i = 0; i < CHAT_BURST; i++) expect(chat.say('g1', 'Ann', `line ${i}`, 0)).toMatchObject({ n: i + 1 });
    expect(chat.say('g1', 'Ann', 'one too many', 0)).toMatch(/^Not said: at most 5 lines at once/);
    expect(chat.say('g2', 'Bob', 'another speaker', 0)).toMatchObject({ n: CHAT_BURST + 1 });
    expect(chat.say('g1', 'Ann', 'later', CHAT_EVERY_MS)).toMatchObject({ text: 'later' });
    expect(chat.lines().map((l) => l.text)).not.toContain('one too many');
  });

  it('keeps the last lines only', () => {
    const chat = new TableChat();
    for (let i = 0; i < CHAT_KEPT + 5; i++) chat.say(`g${i}`, 'Ann', `line ${i}`, 0);
    expect(chat.lines()).toHaveLength(CHAT_KEPT);
    expect(chat.lines()[0].text).toBe('line 5');
  });
});

describe('the chat at the host', () => {
  it("goes to every guest with the speaker's table name; a refusal goes to the speaker alone", () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Ann \u202Eeno' });
    t.say('c2', { t: 'hello', token: TOKEN_B, name: 'Bob' });
    t.say('c1', { t: 'chat', text: 'hello all' });
    expect(t.host.say('welcome, both')).toBeNull();
    expect(chats(t, 'c1')).toEqual(['1 Ann eno: hello all', '2 The host: welcome, both']);
    expect(chats(t, 'c2')).toEqual(chats(t, 'c1'));
    t.say('c2', { t: 'chat', text: '   ' });
    expect(notices(t, 'c2').at(-1)).toMatch(/^A message was refused: a chat line says something/);
    expect(notices(t, 'c1')).toEqual([]);
    expect(t.host.chatLines()).toHaveLength(2);
  });

  it('a guest who joins late or comes back reads what was said, each line once', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Ann' });
    t.say('c1', { t: 'chat', text: 'first' });
    t.host.say('second');
    t.say('c2', { t: 'hello', token: TOKEN_B, name: 'Bob' });
    expect(chats(t, 'c2')).toEqual(['1 Ann: first', '2 The host: second']);
    // Ann's page reloads: a new connection, the same token.
    t.host.closed('c1');
    t.say('c3', { t: 'hello', token: TOKEN_A, name: 'Ann' });
    expect(chats(t, 'c3')).toEqual(['1 Ann: first', '2 The host: second']);
    const welcome = (t.sent.get('c3') ?? []).findIndex((m) => m.t === 'welcome');
    const firstChat = (t.sent.get('c3') ?? []).findIndex((m) => m.t === 'chat');
    expect(welcome).toBeLessThan(firstChat);
  });

  it('a guest saying too much too fast is told, and the others hear nothing of it', () => {
    const t = table();
    t.say('c1', { t: 'hello', token: TOKEN_A, name: 'Ann' });
    t.say('c2', { t: 'hello', token: TOKEN_B, name: 'Bob' });
    for (let i = 0; i < CHAT_BURST + 3; i++) t.say('c1', { t: 'chat', text: `spam ${i}` });
    expect(chats(t, 'c2')).toHaveLength(CHAT_BURST);
    expect(notices(t, 'c1').filter((n) => n.startsWith('Not said: at most'))).toHaveLength(3);
    t.tick(CHAT_EVERY_MS);
    t.say('c1', { t: 'chat', text: 'calm now' });
    expect(chats(t, 'c2').at(-1)).toBe(`${CHAT_BURST + 1} Ann: calm now`);
  });
});
