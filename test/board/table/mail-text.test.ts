import { describe, expect, it } from 'vitest';
import { linkedTurn, readPasted, turnLink } from '../../../board/index.ts';

describe("a turn's link", () => {
  it('puts the turn in the fragment and reads it back, from the hash or a pasted link', () => {
    const link = turnLink('https://example.org/o2/?cart=battle#/board', 'o2turn1.AbC-_');
    expect(link).toBe('https://example.org/o2/?cart=battle#/table?turn=o2turn1.AbC-_');
    expect(linkedTurn(new URL(link).hash)).toBe('o2turn1.AbC-_');
    expect(linkedTurn('#/table')).toBeNull();
    expect(readPasted(`  ${link}\n`)).toEqual({ kind: 'turn', text: 'o2turn1.AbC-_' });
  });

  it('tells a game by mail (JSON) from a turn, and leaves other text for the turn checks to refuse', () => {
    expect(readPasted(' {"format":"o2conquest.mail"} ')).toEqual({
      kind: 'game',
      text: '{"format":"o2conquest.mail"}',
    });
    expect(readPasted('o2turn1.xyz')).toEqual({ kind: 'turn', text: 'o2turn1.xyz' });
    expect(readPasted('hello #there')).toEqual({ kind: 'turn', text: 'hello #there' });
  });
});
