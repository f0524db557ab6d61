import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';

/**
 * What the table reads back after a step besides the rules' state: the last war decided (its battles, verdict,
 * chips and markers) and the records over time. Written after the rules have run; no rule reads it.
 */
export function chronicle(before: GameState, after: GameState, event: GameEvent): void {
  const step = after.log.length;
  const war = before.war;
  if (war && !after.war && event.type === 'battle') {
    const last = event as Extract<GameEvent, { type: 'battle' }>;
    const battles = [
      ...war.battles,
      {
        winner: last.winner,
        weapons: { attacker: war.weapons.attacker!, defender: war.weapons.defender! },
        energy: { ...last.energy },
      },
    ];
    const ownersBefore = before.countries[war.country]?.owners ?? [];
    const ownersAfter = after.countries[war.country]?.owners ?? [];
    // The attacker won when its marker went onto the country (rule 13); otherwise the defender held it.
    const won = ownersAfter.includes(war.attacker) && !ownersBefore.includes(war.attacker);
    after.lastWar = {
      step,
      country: war.country,
      kind: war.kind,
      attacker: war.attacker,
      defender: war.defender,
      battles,
      winner: won ? 'attacker' : 'defender',
      owners: { before: [...ownersBefore], after: [...ownersAfter] },
      transfers: structuredClone(after.lastTransfers),
      line: after.log[after.log.length - 1] ?? '',
    };
  }
  const halves = after.players.map((p) => p.recordHalves);
  const trail = after.recordTrail ?? [];
  const previous = trail[trail.length - 1];
  if (!previous || previous.halves.length !== halves.length || previous.halves.some((h, i) => h !== halves[i])) {
    after.recordTrail = [...trail, { step: event.type === 'setup' ? 0 : step, halves }];
  }
}
