import { describe, expect, it } from 'vitest';
import { MachineBattles } from '../../../board/cli/machine-battles.ts';
import { programFor, resolveBattle } from '../../../board/resolver/index.ts';

describe('an Origins conflict fought on the emulated machine', () => {
  it('6 PFs attack 3 in Austria (2-1): energies typed in, the battle fought from a script, its outcome resolved', async () => {
    const setup = { game: 'origins' as const, attacker: 6, defender: 3, area: 'Austria' };
    const { energy } = programFor(setup);
    expect(energy).toEqual({ attacker: 5000, defender: 2500 });
    const battles = new MachineBattles();
    // Red (the attacker, left control) drives onto the mine: blue, the defender, wins.
    const outcome = await battles.fightRequest(
      {
        country: 'Austria',
        attacker: { player: 'France', weapon: 'tank', energy: 5000 },
        defender: { player: 'Germany', weapon: 'tank', energy: 2500 },
      },
      'board/examples/battles/red-tank-mine.txt',
    );
    const m = await battles.console.read();
    expect(m.phase).toBe('result');
    expect(m.winner).toBe('blue');
    expect(outcome.winner).toBe('defender');
    expect(outcome.energy).toEqual({ attacker: m.red.energy, defender: m.blue.energy });
    expect(outcome.energy.defender).toBeGreaterThan(0);
    expect(outcome.energy.defender).toBeLessThanOrEqual(2500);
    const r = resolveBattle(setup, { winner: outcome.winner, left: outcome.energy });
    // The defender won keeping most of its energy: the high half of the die, face 6 in column 2-1.
    expect(r).toMatchObject({ column: '2-1', die: 6, result: '-', text: '-: no effect' });
  });
});
