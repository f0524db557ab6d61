/**
 * A remote table's battle waiting for a fighter whose browser is away (issue 34), in words: who it waits
 * for and whose browser, whether it goes on or is programmed once they are back, and the host's offer
 * saying the battle waits meanwhile. The fighters away are read from the host's guest list (the one every
 * guest is sent too).
 */
import { describe, expect, it } from 'vitest';
import { awayFighters, awayOfferWords, battleWaitsWords, type GuestInfo } from '../../../board/index.ts';

const guests: GuestInfo[] = [
  { id: 'g1', name: 'Ann at home', online: false, rttMs: null },
  { id: 'g2', name: 'Bob', online: true, rttMs: 40 },
  { id: 'g3', name: 'Cy on a train', online: false, rttMs: null },
];
const holders: Record<string, string> = { Ann: 'g1', Bob: 'g2', Cy: 'g3', Dee: 'host' };

describe('a battle waiting for an away fighter', () => {
  it("finds the fighters whose guest's browser is away, never the host's seats nor a present guest's", () => {
    const holder = (p: string): string | undefined => holders[p];
    expect(awayFighters(['Ann', 'Bob'], holder, guests)).toEqual([{ player: 'Ann', name: 'Ann at home' }]);
    expect(awayFighters(['Bob', 'Dee'], holder, guests)).toEqual([]);
    expect(awayFighters(['Ann', 'Cy'], holder, guests).map((a) => a.player)).toEqual(['Ann', 'Cy']);
    expect(awayFighters(['Eve'], holder, guests)).toEqual([]);
  });

  it('says who the battle waits for, and what happens once they are back', () => {
    const ann = [{ player: 'Ann', name: 'Ann at home' }];
    expect(battleWaitsWords([], true)).toBeNull();
    expect(battleWaitsWords(ann, true)).toBe(
      "The battle waits for Ann (Ann at home's browser is away): it goes on once Ann is back.",
    );
    expect(battleWaitsWords(ann, false)).toBe(
      "The battle waits for Ann (Ann at home's browser is away): it is programmed once Ann is back.",
    );
    expect(battleWaitsWords([...ann, { player: 'Cy', name: 'Cy on a train' }], true)).toBe(
      "The battle waits for Ann (Ann at home's browser is away) and Cy (Cy on a train's browser is away): it goes on once Ann and Cy are back.",
    );
  });

  it("says in the host's offer that the battle waits meanwhile, only for a seat that fights it", () => {
    expect(awayOfferWords(31_400, true)).toBe('(away 31 s; the battle waits meanwhile, or:)');
    expect(awayOfferWords(31_400, false)).toBe('(away 31 s)');
  });
});
