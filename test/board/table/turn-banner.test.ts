/**
 * The turn banner's words (issue 35): during a battle on the console it names whose battle it is and each
 * person's control (their keys, or the on-screen stick on a touch screen), and at the entry who presses
 * ENTER; a computer's or another browser's control is said as such; outside a battle it is hidden.
 */
import { describe, expect, it } from 'vitest';
import { enterPresser, turnBannerWords, type BannerMoment } from '../../../board/index.ts';
import { BATTLE_STAGES } from '../../../board/machines/battle-chart.ts';

const people = (stage: BannerMoment['stage']): BannerMoment => ({
  stage,
  left: { player: 'Ann', how: '↑ ← ↓ →, Right Ctrl', by: 'person' },
  right: { player: 'Bob', how: 'W A S D, Left Shift', by: 'person' },
  enter: enterPresser('Ann', 'Bob', ['Ann', 'Bob'], () => false),
  enterHow: 'the Enter key',
});

describe('the turn banner', () => {
  it('names both people and their keys while the battle is fought', () => {
    const w = turnBannerWords(people('fighting'));
    expect(w?.headline).toBe('Ann against Bob: the battle is on');
    expect(w?.sides).toEqual([
      'Ann: your battle — ↑ ← ↓ →, Right Ctrl (left, red)',
      'Bob: your battle — W A S D, Left Shift (right, blue)',
    ]);
  });

  it('names who presses ENTER, and how, while the console waits for it', () => {
    expect(turnBannerWords(people('enter'))?.headline).toBe('Ann (the attacker) presses ENTER: the Enter key');
    // Three at the table: the player not in the war presses it (rule 11D).
    const third = {
      ...people('enter'),
      enter: enterPresser('Ann', 'Bob', ['Ann', 'Bob', 'Cy'], () => false),
      enterHow: 'the on-screen ENTER',
    };
    expect(turnBannerWords(third)?.headline).toBe('Cy (not in this war, rule 11D) presses ENTER: the on-screen ENTER');
  });

  it('says the on-screen stick on a touch screen, and who steers a control nobody here holds', () => {
    const m: BannerMoment = {
      ...people('fighting'),
      left: { player: 'Ann', how: 'the on-screen left stick', by: 'person' },
      right: { player: 'Cy', how: 'the on-screen right stick', by: 'computer' },
      enter: enterPresser('Cy', 'Ann', ['Ann', 'Cy'], (n) => n === 'Cy'),
    };
    expect(turnBannerWords(m)?.sides).toEqual([
      'Ann: your battle — the on-screen left stick (left, red)',
      'Cy (right, blue): the computer steers',
    ]);
    expect(turnBannerWords({ ...m, stage: 'enter' })?.headline).toBe(
      'The computer (for Cy, the attacker) presses ENTER in a moment',
    );
    const far = { ...m, right: { ...m.right, by: 'elsewhere' as const } };
    expect(turnBannerWords(far)?.sides[1]).toBe('Cy (right, blue): steers at their own browser');
  });

  it("says the battle waits while a fighter's browser is away (a remote table), whatever the console waited for", () => {
    const away = {
      ...people('enter'),
      right: { player: 'Bob', how: '', by: 'elsewhere' as const, away: 'Bob at home' },
    };
    const w = turnBannerWords(away);
    expect(w?.headline).toBe(
      "Ann against Bob: the battle waits for Bob (Bob at home's browser is away): it goes on once Bob is back",
    );
    expect(w?.sides[1]).toBe('Bob (right, blue): steers at their own browser, away now');
    expect(turnBannerWords({ ...away, stage: 'fighting' })?.headline).toBe(w?.headline);
    // Back: the banner says the battle again.
    const back = { ...away, stage: 'fighting' as const, right: { ...away.right, away: null } };
    expect(turnBannerWords(back)?.headline).toBe('Ann against Bob: the battle is on');
  });

  it('is hidden unless a battle is on the console', () => {
    const shown = BATTLE_STAGES.filter((s) => turnBannerWords(people(s)) !== null);
    expect(shown).toEqual(['programming', 'enter', 'fighting']);
  });
});
