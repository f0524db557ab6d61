/**
 * The table's sound cues (board/table/table-cues.ts, issue 35): "your turn" when the turn passes to a person
 * here, "won" when a battle a person here won is recorded; nothing for what was there when the page opened,
 * for a computer's turn or win, or for a view that brings nothing new.
 */
import { describe, expect, it } from 'vitest';
import { TableCues } from '../../../board/table/table-cues.ts';
import type { PublicState } from '../../../board/index.ts';

type View = Pick<PublicState, 'turn' | 'war' | 'lastWar'>;
const person = (name: string): boolean => name !== 'Cy';
const battle = (winner: 'attacker' | 'defender' | 'both-destroyed') => ({
  winner,
  weapons: { attacker: 'tank' as const, defender: 'tank' as const },
  energy: { attacker: 100, defender: 0 },
});
function war(attacker: string, defender: string, winners: ('attacker' | 'defender' | 'both-destroyed')[]): View['war'] {
  return {
    attacker,
    defender,
    country: 'B1',
    kind: 'unoccupied',
    cost: 0,
    battles: winners.map(battle),
    weapons: { attacker: null, defender: null },
    lostWeapons: { attacker: [], defender: [] },
    energy: { attacker: 2500, defender: 2500 },
    attackers: [attacker],
    defenders: [defender],
  } as unknown as View['war'];
}
const view = (turn: string | null, w: View['war'] = null, lastWar: View['lastWar'] = null): View => ({
  turn,
  war: w,
  lastWar,
});

describe('the table cues', () => {
  it('say nothing for the view the page opened on, then "turn" when the turn passes to a person', () => {
    const cues = new TableCues();
    expect(cues.seen(view('Ann', war('Ann', 'Bob', ['attacker'])), person)).toEqual([]);
    expect(cues.seen(view('Ann', war('Ann', 'Bob', ['attacker'])), person)).toEqual([]);
    expect(cues.seen(view('Cy'), person)).toEqual([]);
    expect(cues.seen(view('Bob'), person)).toEqual(['turn']);
  });

  it('"won" once per battle a person here won; none for a computer\'s win or both destroyed', () => {
    const cues = new TableCues();
    cues.seen(view('Ann', war('Ann', 'Bob', [])), person);
    expect(cues.seen(view('Ann', war('Ann', 'Bob', ['defender'])), person)).toEqual(['won']);
    expect(cues.seen(view('Ann', war('Ann', 'Bob', ['defender'])), person)).toEqual([]);
    expect(cues.seen(view('Ann', war('Ann', 'Bob', ['defender', 'both-destroyed'])), person)).toEqual([]);
    const decided = {
      step: 12,
      country: 'B1',
      kind: 'unoccupied',
      attacker: 'Ann',
      defender: 'Bob',
      battles: [battle('defender'), battle('both-destroyed'), battle('attacker')],
      winner: 'attacker',
    } as unknown as View['lastWar'];
    // The deciding battle ends the war: the turn passes on too.
    expect(cues.seen(view('Cy', null, decided), person)).toEqual(['won']);
    const cyWins = new TableCues();
    cyWins.seen(view('Cy', war('Cy', 'Ann', [])), person);
    expect(cyWins.seen(view('Cy', war('Cy', 'Ann', ['attacker'])), person)).toEqual([]);
  });
});
