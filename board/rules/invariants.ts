import type { GameState } from '../model/game.ts';
import { chipValue } from './chips.ts';
import { fmtRecord, markerHalves } from './board.ts';

/**
 * What must hold in every reachable state: chips are conserved; each record is what its markers and
 * conversions say; markers only where they make sense. Returns the violations as sentences.
 */
export function checkInvariants(s: GameState): string[] {
  const out: string[] = [];
  const total = chipValue(s.warChest) + s.players.reduce((t, p) => t + chipValue(p.chips), 0);
  if (total !== s.chipTotal) out.push(`chips not conserved: ${total} in play, ${s.chipTotal} at setup`);
  for (const holder of [s.warChest, ...s.players.map((p) => p.chips)]) {
    for (const d of [1000, 500, 100] as const) if (!Number.isInteger(holder[d]) || holder[d] < 0) out.push(`a negative or broken chip count (${d}: ${holder[d]})`);
  }
  const names = new Set(s.players.map((p) => p.name));
  for (const p of s.players) {
    if (p.eliminated) {
      if (p.recordHalves !== p.adjustHalves) out.push(`${p.name} is out but the record moved after elimination`);
      continue;
    }
    const expected = markerHalves(s, p.name) + p.adjustHalves;
    if (p.recordHalves !== expected) out.push(`${p.name}'s record is ${fmtRecord(p.recordHalves)} but markers and conversions say ${fmtRecord(expected)}`);
    if (p.homeland !== null) {
      const h = s.countries[p.homeland];
      if (!h || !(h.status === 'homeland' && h.owners[0] === p.name)) out.push(`${p.name}'s homeland ${p.homeland} does not carry the homeland marker`);
    }
  }
  for (const [name, c] of Object.entries(s.countries)) {
    if ((c.owners.length === 0) !== (c.status === null)) out.push(`${name}: owners and status disagree`);
    for (const o of c.owners) {
      if (!names.has(o)) out.push(`${name} is held by unknown player ${o}`);
      else if (s.players.find((p) => p.name === o)!.eliminated) out.push(`${name} still carries the marker of eliminated ${o}`);
    }
    if (new Set(c.owners).size !== c.owners.length) out.push(`${name} carries the same marker twice`);
    if (c.status === 'homeland' && c.owners.length !== 1) out.push(`${name} is a homeland with ${c.owners.length} markers`);
  }
  if (s.war && s.war.attackers.some((a) => s.war!.defenders.includes(a))) out.push('a war between allies');
  if (s.phase === 'over' && s.winners.length === 0) out.push('the game is over without a winner or tie');
  return out;
}
