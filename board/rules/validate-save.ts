import type { GameState } from '../model/game.ts';
import { WEAPONS } from '../model/game.ts';
import { legalActions } from './legal.ts';
import { publicState } from './view.ts';

/**
 * The deep checks of a saved game, after its shape (snapshot.ts): every name refers to a real player
 * or country, and the war and the end-game confrontation hold what the rules read from them. A save
 * that passes these and its invariants is then probed: the rules must be able to list what may happen
 * next. A save edited by hand (or damaged) is refused with sentences instead of loading a game that
 * stops at its next move.
 */
export function referenceErrors(s: GameState): string[] {
  const e: string[] = [];
  const names = new Set(s.players.map((p) => p.name));
  const countries = new Set(Object.keys(s.countries));
  const isPlayer = (n: unknown): boolean => typeof n === 'string' && names.has(n);
  const isWeaponOrNull = (w: unknown): boolean => w === null || WEAPONS.includes(w as never);
  const isEnergy = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 99_999;
  const ref = (field: string, v: string | null): void => {
    if (v !== null && !names.has(v)) e.push(`"${field}" names ${JSON.stringify(v)}, who is not a player of this game`);
  };
  if (names.size !== s.players.length) e.push('two players have the same name');
  ref('turn', s.turn);
  ref('banker', s.banker);
  ref('firstPlayer', s.firstPlayer);
  ref('lastDefender', s.lastDefender);
  ref('winner', s.winner);
  for (const [list, field] of [[s.homelandOrder, 'homelandOrder'], [s.finalQueue, 'finalQueue'], [s.winners, 'winners'], ...s.alliances.map((a) => [a, 'alliances'] as const)] as const) {
    for (const n of list) if (!names.has(n)) e.push(`"${field}" names ${JSON.stringify(n)}, who is not a player of this game`);
  }
  for (const n of Object.keys(s.firstCalls)) if (!names.has(n)) e.push(`"firstCalls" names ${JSON.stringify(n)}, who is not a player of this game`);
  for (const p of s.players) {
    if (p.homeland !== null && !countries.has(p.homeland)) e.push(`${p.name}'s homeland ${JSON.stringify(p.homeland)} is not a country of this board`);
  }
  for (const [c, st] of Object.entries(s.countries)) {
    for (const o of st.owners) if (!names.has(o)) e.push(`${c} is marked for ${JSON.stringify(o)}, who is not a player of this game`);
  }
  const w = s.war as unknown as Record<string, unknown> | null;
  if (w) {
    if (!['unoccupied', 'occupied', 'homeland'].includes(w.kind as string)) e.push('the war\'s kind is not unoccupied, occupied or homeland');
    if (!isPlayer(w.attacker) || !isPlayer(w.defender)) e.push('the war\'s attacker and defender must be players of this game');
    if (typeof w.country !== 'string' || !countries.has(w.country)) e.push('the war\'s country is not a country of this board');
    if (!isEnergy(w.cost)) e.push('the war\'s cost must be a whole number of PBU');
    const weapons = w.weapons as Record<string, unknown> | undefined;
    const lost = w.lost as Record<string, unknown> | undefined;
    const energy = w.energy as Record<string, unknown>;
    for (const side of ['attacker', 'defender']) {
      if (!weapons || !isWeaponOrNull(weapons[side])) e.push(`the war's ${side} weapon must be tank, sub, plane or none`);
      if (!lost || !Array.isArray(lost[side]) || !(lost[side] as unknown[]).every((x) => WEAPONS.includes(x as never))) e.push(`the war's ${side} lost weapons must be a list of tank, sub, plane`);
      if (!isEnergy(energy[side])) e.push(`the war's ${side} energy must be a whole number from 0`);
    }
    (w.battles as unknown[]).forEach((b, i) => {
      const r = b as Record<string, Record<string, unknown> | string> | null;
      const ok = r !== null && typeof r === 'object' && ['attacker', 'defender', 'both-destroyed'].includes(r.winner as string) &&
        typeof r.weapons === 'object' && r.weapons !== null && WEAPONS.includes(r.weapons.attacker as never) && WEAPONS.includes(r.weapons.defender as never) &&
        typeof r.energy === 'object' && r.energy !== null && isEnergy(r.energy.attacker) && isEnergy(r.energy.defender);
      if (!ok) e.push(`battle ${i + 1} of the war is malformed`);
    });
    for (const n of [...(w.attackers as string[]), ...(w.defenders as string[])]) if (!names.has(n)) e.push(`the war names ${JSON.stringify(n)}, who is not a player of this game`);
  }
  const g = s.endgame as unknown as Record<string, unknown> | null;
  if (g) {
    for (const n of g.queue as string[]) if (!names.has(n)) e.push(`the end-game queue names ${JSON.stringify(n)}, who is not a player of this game`);
    if (g.holder !== null && !isPlayer(g.holder)) e.push('the end-game ladder holder is not a player of this game');
    if (!Array.isArray(g.competed) || !g.competed.every((n) => isPlayer(n))) e.push('the end-game "competed" list must name players of this game');
    const m = g.match as Record<string, unknown> | null;
    if (m !== null) {
      if (typeof m !== 'object' || !isPlayer(m.a) || !isPlayer(m.b) || m.a === m.b || (m.attacker !== m.a && m.attacker !== m.b)) {
        e.push('the end-game confrontation must be between two different players, one of them attacking');
      } else {
        for (const field of ['energy', 'weapons', 'barred'] as const) {
          const rec = m[field] as Record<string, unknown> | null;
          const check = field === 'energy' ? isEnergy : isWeaponOrNull;
          if (typeof rec !== 'object' || rec === null || !check(rec[m.a as string]) || !check(rec[m.b as string])) e.push(`the end-game confrontation's ${field} is malformed`);
        }
        if (!isEnergy(m.battles)) e.push('the end-game confrontation\'s battle count must be a whole number');
      }
    }
  }
  return e;
}

/** The rules list what may happen next and the public view can be drawn; an error here means the save would stall the game. */
export function probeErrors(s: GameState): string[] {
  try {
    legalActions(s);
    publicState(s);
    return [];
  } catch (err) {
    return [`the rules cannot go on from it (${(err as Error).message})`];
  }
}
