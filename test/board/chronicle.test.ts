import { describe, expect, it } from 'vitest';
import { deserializeGame, publicState, serializeGame } from '../../board/index.ts';
import { fight, play, rec, threeOpening, win } from './helpers.ts';

/** Cy attacks unoccupied India (Ann defends it, rule 13) and the war goes two battles to one side. */
const war = (side: 'attacker' | 'defender') => [
  { type: 'attack' as const, player: 'Cy', country: 'India' },
  ...fight(
    'Cy',
    'Ann',
    side === 'attacker'
      ? [win('attacker', 2000, 1000), win('attacker', 1500, 500)]
      : [win('defender', 1000, 2000), win('defender', 500, 1500)],
    [
      ['tank', 'sub'],
      ['plane', 'tank'],
    ],
  ),
];

describe('the chronicle: the last war decided and the records over time', () => {
  it('keeps the war that was just decided: battles, verdict, markers and chips, and the deciding log line', () => {
    const opening = threeOpening({ Ann: ['Mexico'] });
    expect(publicState(opening).lastWar).toBeNull();
    const s = play(war('attacker'), opening);
    const w = publicState(s).lastWar!;
    expect(w).toMatchObject({
      country: 'India',
      kind: 'unoccupied',
      attacker: 'Cy',
      defender: 'Ann',
      winner: 'attacker',
      battles: [
        {
          winner: 'attacker',
          weapons: { attacker: 'tank', defender: 'sub' },
          energy: { attacker: 2000, defender: 1000 },
        },
        {
          winner: 'attacker',
          weapons: { attacker: 'plane', defender: 'tank' },
          energy: { attacker: 1500, defender: 500 },
        },
      ],
    });
    expect(w.owners.after).toContain('Cy');
    expect(w.owners.before).not.toContain('Cy');
    expect(w.step).toBe(s.log.length);
    expect(w.line).toBe(s.log.at(-1));
    expect(w.transfers).toEqual(s.lastTransfers);
    // A later step leaves it as it was (the table shows it until the next war is decided).
    const later = play([{ type: 'pass', player: 'Cy' }], s);
    expect(publicState(later).lastWar).toEqual(w);
  });

  it('says the defender held when the attacker lost the war', () => {
    const s = play(war('defender'), threeOpening({ Ann: ['Mexico'] }));
    const w = publicState(s).lastWar!;
    expect(w.winner).toBe('defender');
    // Rule 13: the player who defended an unoccupied country and won takes it.
    expect(w.owners).toEqual({ before: [], after: ['Ann'] });
  });

  it("records each player's record after every step that changed one, from the start of the game", () => {
    const s = play(war('attacker'), threeOpening({ Ann: ['Mexico'] }));
    const trail = publicState(s).recordTrail;
    expect(trail[0].step).toBe(0);
    expect(trail[0].records).toEqual([0, 0, 0]);
    // The last point is the records now; no two points in a row are the same.
    expect(trail.at(-1)!.records).toEqual(s.players.map((p) => rec(s, p.name)));
    for (let i = 1; i < trail.length; i++) {
      expect(trail[i].step).toBeGreaterThan(trail[i - 1].step);
      expect(trail[i].records).not.toEqual(trail[i - 1].records);
    }
  });

  it('survives a save and refuses a malformed one', () => {
    const s = play(war('attacker'), threeOpening({ Ann: ['Mexico'] }));
    expect(deserializeGame(serializeGame(s))).toEqual({ ok: true, state: s });
    const doc = JSON.parse(serializeGame(s));
    doc.state.recordTrail[1].halves[0] = 'x';
    expect(deserializeGame(JSON.stringify(doc))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"recordTrail" must be a list/),
    });
    // Saves from before the chronicle (no lastWar, no recordTrail) still load.
    const old = JSON.parse(serializeGame(s));
    delete old.state.lastWar;
    delete old.state.recordTrail;
    expect(deserializeGame(JSON.stringify(old)).ok).toBe(true);
  });
});
