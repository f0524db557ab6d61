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
    for (const d of [1000, 500, 100] as const)
      if (!Number.isInteger(holder[d]) || holder[d] < 0)
        out.push(`a negative or broken chip count (${d}: ${holder[d]})`);
  }
  const names = new Set(s.players.map((p) => p.name));
  for (const p of s.players) {
    if (p.eliminated) {
      if (p.recordHalves !== p.adjustHalves) out.push(`${p.name} is out but the record moved after elimination`);
      continue;
    }
    const expected = markerHalves(s, p.name) + p.adjustHalves;
    if (p.recordHalves !== expected)
      out.push(
        `${p.name}'s record is ${fmtRecord(p.recordHalves)} but markers and conversions say ${fmtRecord(expected)}`,
      );
    if (p.homeland !== null) {
      const h = s.countries[p.homeland];
      if (!h || !(h.status === 'homeland' && h.owners[0] === p.name))
        out.push(`${p.name}'s homeland ${p.homeland} does not carry the homeland marker`);
    }
  }
  for (const [name, c] of Object.entries(s.countries)) {
    if ((c.owners.length === 0) !== (c.status === null)) out.push(`${name}: owners and status disagree`);
    for (const o of c.owners) {
      if (!names.has(o)) out.push(`${name} is held by unknown player ${o}`);
      else if (s.players.find((p) => p.name === o)!.eliminated)
        out.push(`${name} still carries the marker of eliminated ${o}`);
    }
    if (new Set(c.owners).size !== c.owners.length) out.push(`${name} carries the same marker twice`);
    if (c.status === 'homeland' && c.owners.length !== 1)
      out.push(`${name} is a homeland with ${c.owners.length} markers`);
  }
  if (s.war && s.war.attackers.some((a) => s.war!.defenders.includes(a))) out.push('a war between allies');
  if (s.phase === 'over' && s.winners.length === 0) out.push('the game is over without a winner or tie');
  return [...out, ...phaseErrors(s)];
}

/**
 * What each phase holds (setup.ts, turn.ts, war.ts and endgame.ts only ever leave a state like
 * this): whose turn it is, when a war or an end-game confrontation exists, how many purchases are
 * left. A state outside these has no rule that moves it on.
 */
function phaseErrors(s: GameState): string[] {
  const out: string[] = [];
  const at = `in the ${s.phase} phase`;
  const active = (n: string | null): boolean => n !== null && s.players.some((p) => p.name === n && !p.eliminated);
  if (s.phase !== 'setup' && s.banker === null) out.push(`"banker": nobody keeps the war chest ${at}`);
  if (s.war !== null && s.phase !== 'play' && s.phase !== 'final-round')
    out.push(`"war": there is a war ${at}; wars are fought in play and the last round only`);
  // Rule 12: a third battle always decides a war, so a war going on has had at most two, and a side
  // loses at most one weapon a battle (12F): it always has one left to program.
  if (
    s.war &&
    (s.war.battles.length > 2 ||
      s.war.lost.attacker.length > s.war.battles.length ||
      s.war.lost.defender.length > s.war.battles.length)
  ) {
    out.push(
      `"war": ${s.war.battles.length} battles fought and ${s.war.lost.attacker.length} / ${s.war.lost.defender.length} weapons lost, but a war is decided by its third battle and each battle costs a side at most one weapon (rule 12)`,
    );
  }
  // Rules 8-9: one purchase a turn, and one more after each war won; never two at once.
  if (s.buysLeft !== 0 && s.buysLeft !== 1)
    out.push(`"buysLeft" is ${s.buysLeft}; a player may buy one alliance at a time, so it is 1 or 0 (rule 9A)`);
  switch (s.phase) {
    case 'first-player':
      if (s.turn !== null) out.push(`"turn" names ${s.turn} ${at}; nobody has a turn before the readout`);
      break;
    case 'homelands':
      if (!s.players.some((p) => p.name === s.turn && p.homeland === null))
        out.push(`"turn" must name a player still to choose a homeland ${at} (rule 3)`);
      break;
    case 'home-alliances':
      if (s.turn === null || !s.homelandOrder.includes(s.turn))
        out.push(`"turn" must name a player who chose a homeland ${at} (rule 4A)`);
      if (s.players.some((p) => p.homeland === null)) out.push(`every player has a homeland ${at}`);
      break;
    case 'play':
    case 'final-round':
      if (!active(s.turn))
        out.push(`"turn" must name a player still in the game ${at}: someone holds the attack option (rule 8)`);
      if (s.phase === 'final-round' && (s.finalQueue.length === 0 || s.finalQueue[0] !== s.turn))
        out.push(`"finalQueue" must start with the player whose turn it is ${at} (rule 20B)`);
      break;
    case 'awaiting-endgame':
      if (s.turn !== null || s.endgame !== null)
        out.push(`"turn" and "endgame" are null ${at}: the table starts the end game (rule 21)`);
      break;
    case 'endgame':
      if (!s.endgame?.match)
        out.push(`"endgame" has no confrontation ${at}; between confrontations the next one starts at once (rule 21B)`);
      break;
  }
  return out;
}
