/**
 * What a table says about the moment (issue 35): "Legal now" from the battle's stage on the console and the
 * computer's seats, the person who presses ENTER, and a person's move refused for a seat the computer plays.
 * The legal lists are the engine's own, for a war of the tiny game waiting for its weapons and for its battle.
 */
import { describe, expect, it } from 'vitest';
import { applyEvent, legalActions, type GameEvent } from '../../../board/index.ts';
import {
  WEAPONS_FIXED,
  computerSeatRefusal,
  tableMoveRefusal,
  enterPresser,
  legalWords,
  tableLegalNow,
  type TableMoment,
} from '../../../board/table/table-moment.ts';
import { TINY_WAR_ON_B1, playTiny } from '../../harness/tiny-game.ts';

const atWar = playTiny(TINY_WAR_ON_B1);
const armed = (() => {
  let s = atWar;
  for (const e of [
    { type: 'weapon', player: 'Ann', weapon: 'tank' },
    { type: 'weapon', player: 'Bob', weapon: 'tank' },
  ] as GameEvent[]) {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(r.refusal.reason);
    s = r.state;
  }
  return s;
})();
const nobody = (): boolean => false;
const moment = (m: Partial<TableMoment>): TableMoment => ({
  stage: 'ready',
  computer: nobody,
  attacker: null,
  enterBy: null,
  ...m,
});

describe('Legal now at a table', () => {
  it('says the engine lists a battle to record all through a battle (what the board page shows)', () => {
    expect(legalWords(legalActions(armed))).toContain('record a battle');
  });

  it('during a battle on the console: nothing to record by hand, with who presses ENTER', () => {
    const legal = legalActions(armed);
    for (const stage of ['programming', 'enter', 'fighting'] as const) {
      const text = tableLegalNow(legal, moment({ stage, enterBy: 'Ann (the attacker)', attacker: 'Ann' }));
      expect(text).toMatch(/^nothing (to record )?by hand/);
      expect(text).not.toContain('record a battle');
      expect(text).not.toContain('choose a weapon');
    }
    expect(tableLegalNow(legal, moment({ stage: 'enter', enterBy: 'Ann (the attacker)' }))).toContain(
      'Ann (the attacker) presses ENTER',
    );
  });

  it('on the result screen of a war going on: go on from it first, not "choose a weapon"', () => {
    const text = tableLegalNow(legalActions(atWar), moment({ stage: 'result' }));
    expect(text).toContain('SPACE');
    expect(text).not.toContain('choose a weapon');
  });

  it('ready: the people named, a battle to program instead of one to record, the computer said apart', () => {
    expect(tableLegalNow(legalActions(atWar), moment({}))).toBe('choose a weapon (Ann, Bob)');
    expect(tableLegalNow(legalActions(atWar), moment({ computer: (n) => n === 'Bob' }))).toBe(
      'choose a weapon (Ann); the computer plays Bob by itself',
    );
    const ready = tableLegalNow(legalActions(armed), moment({ attacker: 'Ann' }));
    expect(ready).toContain('program the battle on the console');
    expect(ready).not.toContain('record a battle');
    expect(tableLegalNow(legalActions(armed), moment({ attacker: 'Ann', computer: (n) => n === 'Ann' }))).toContain(
      'the computer plays Ann',
    );
  });
});

describe('who presses ENTER', () => {
  it('the attacker when a person; the computer for a computer attacker', () => {
    expect(enterPresser('Ann', 'Bob', ['Ann', 'Bob'], nobody)).toEqual({ person: 'Ann', words: 'Ann (the attacker)' });
    expect(enterPresser('Ann', 'Bob', ['Ann', 'Bob'], (n) => n === 'Ann').person).toBeNull();
  });

  it('rule 11D: with three or more, a person not in the war; the attacker when all others are computers', () => {
    expect(enterPresser('Ann', 'Bob', ['Bob', 'Ann', 'Cy'], nobody).person).toBe('Cy');
    expect(enterPresser('Ann', 'Bob', ['Bob', 'Ann', 'Cy'], (n) => n === 'Cy').person).toBe('Ann');
  });
});

describe('a weapon while its battle is on the console', () => {
  it('is refused with a sentence; before and after the battle the rules judge it', () => {
    const none = (): boolean => false;
    const weapon: GameEvent = { type: 'weapon', player: 'Ann', weapon: 'sub' };
    expect(tableMoveRefusal(weapon, true, none)).toBe(WEAPONS_FIXED);
    expect(tableMoveRefusal(weapon, false, none)).toBeNull();
    expect(tableMoveRefusal({ type: 'pass', player: 'Ann' }, true, none)).toBeNull();
    expect(tableMoveRefusal({ type: 'weapon', player: 'Cy', weapon: 'sub' }, false, (n) => n === 'Cy')).toContain(
      'Cy is played by the computer',
    );
  });
});

describe("a person's move for a computer's seat", () => {
  const cy = (n: string): boolean => n === 'Cy';
  it('is refused with a sentence naming the seat and how to play it', () => {
    const why = computerSeatRefusal({ type: 'weapon', player: 'Cy', weapon: 'tank' }, cy);
    expect(why).toContain('Cy is played by the computer');
    expect(why).toContain('Computer players');
    expect(computerSeatRefusal({ type: 'pass', player: 'Cy' }, cy)).not.toBeNull();
  });

  it("a person's own seat, the table's steps and an alliance a person proposes are not", () => {
    expect(computerSeatRefusal({ type: 'weapon', player: 'Ann', weapon: 'tank' }, cy)).toBeNull();
    expect(computerSeatRefusal({ type: 'endgame.start' }, cy)).toBeNull();
    expect(computerSeatRefusal({ type: 'alliance.form', players: ['Ann', 'Cy'] }, cy)).toBeNull();
    expect(computerSeatRefusal({ type: 'alliance.form', players: ['Cy', 'Dee'] }, (n) => n !== 'Ann')).not.toBeNull();
  });
});
