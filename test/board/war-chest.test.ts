import { describe, expect, it } from 'vitest';
import { payFromChest } from '../../board/rules/ledger.ts';
import { chipValue } from '../../board/rules/chips.ts';
import { threeOpening } from './helpers.ts';

describe('the war chest pays as a banker at a table does', () => {
  it('makes change with the player\'s own chips when it has no small chips (issue: "the chest was 400 short" with 61,000 in it)', () => {
    const s = structuredClone(threeOpening());
    s.warChest = { 1000: 61, 500: 0, 100: 0 };
    const ann = s.players.find((p) => p.name === 'Ann')!;
    ann.chips = { 1000: 0, 500: 1, 100: 3 };
    const total = chipValue(s.warChest) + chipValue(ann.chips);
    s.lastTransfers = [];
    payFromChest(s, ['Ann'], 400, 'a test');
    expect(chipValue(ann.chips)).toBe(800 + 400); // paid in full
    expect(chipValue(s.warChest) + chipValue(ann.chips)).toBe(total); // nothing vanished
    expect(s.lastTransfers).toEqual([
      {
        from: '#warchest',
        to: 'Ann',
        amount: 400,
        give: { 1000: 1, 500: 0, 100: 0 },
        change: { 1000: 0, 500: 1, 100: 1 },
      },
    ]);
    expect(s.log[s.log.length - 1]).toMatch(/pays Ann 400 .*1 blue; Ann gives back 1 red, 1 white as change/);
    expect(s.log[s.log.length - 1]).not.toMatch(/short/);
  });

  it('pays short only when no swap can make the amount, and says by how much', () => {
    const s = structuredClone(threeOpening());
    s.warChest = { 1000: 0, 500: 0, 100: 3 };
    const bob = s.players.find((p) => p.name === 'Bob')!;
    bob.chips = { 1000: 0, 500: 0, 100: 0 };
    payFromChest(s, ['Bob'], 1000, 'a test');
    expect(chipValue(bob.chips)).toBe(300);
    expect(s.log[s.log.length - 1]).toMatch(/pays Bob 300 .* - the chest was 700 short/);
  });
});
