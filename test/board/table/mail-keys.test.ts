/**
 * This browser's keys for signed games by mail are read as the table opens: whatever is stored, the
 * read never throws; a damaged value is set aside under a key of its own with a sentence (a key
 * thrown away would be a player's identity lost), and a new key is made only when none is kept.
 */
import { describe, expect, it } from 'vitest';
import { keyPair, ensureKey, loadKeys, memoryText } from '../../../board/index.ts';

const KEY = 'o2conquest.mail.keys';
const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);

describe("this browser's keys for games by mail", () => {
  it('sets a damaged value aside with a sentence, and reads it never again', async () => {
    const good = await keyPair();
    const cases: [string, RegExp][] = [
      ['{not json', /is not JSON/],
      [DEEP, /has a damaged key \(number 1\)/],
      ['{"toString":5}', /is not a list of at most 64 keys/],
      ['[{"__proto__":{"publicKey":"x"}}]', /has a damaged key \(number 1\)/],
      [JSON.stringify([{ publicKey: 5, privateKey: good.privateKey }]), /damaged key \(number 1\)/],
      [
        JSON.stringify([
          { ...good, label: 'ok' },
          { ...good, label: { toString: 5 } },
        ]),
        /damaged key \(number 2\)/,
      ],
      [JSON.stringify(new Array(65).fill({ ...good, label: '' })), /at most 64 keys/],
    ];
    for (const [text, why] of cases) {
      const s = memoryText({ [KEY]: text });
      const ring = loadKeys(s);
      expect(ring.keys).toEqual([]);
      expect(ring.problem).toMatch(why);
      expect(ring.problem).toMatch(/set aside in this browser's storage as "o2conquest\.mail\.keys\.unreadable-1"/);
      expect(s.m.get(`${KEY}.unreadable-1`)).toBe(text);
      expect(s.m.has(KEY)).toBe(false);
      expect(loadKeys(s)).toEqual({ keys: [], problem: null });
    }
  });

  it('keeps a key made here, and a storage that refuses gives no key and no throw', async () => {
    const s = memoryText();
    const keys = await ensureKey(loadKeys(s), s);
    expect(keys).toHaveLength(1);
    expect(loadKeys(s).keys).toEqual(keys);
    expect(await ensureKey(loadKeys(s), s)).toEqual(keys);
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(loadKeys(refusing).problem).toMatch(/refused to give the keys/);
  });
});
