import type { GameState, WarState } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import { WEAPONS } from '../model/game.ts';
import { WAR_CHEST } from '../model/chips.ts';
import { applyTransfer, chipValue, noChips, roundToHundred } from './chips.ts';
import { refuse } from './refuse.ts';
import { player } from './board.ts';
import { log, moveRecord, payFromChest } from './ledger.ts';
import { endTurn } from './attack-option.ts';
import { dissolveAllianceOfEveryone } from './player-alliances.ts';

type Role = 'attacker' | 'defender';

function roleOf(w: WarState, name: string): Role | null {
  if (name === w.attacker || w.attackers.includes(name)) return 'attacker';
  if (name === w.defender || w.defenders.includes(name)) return 'defender';
  return null;
}

/** Rules 10C/11B and 12F: pick a weapon for the next battle; one destroyed stays out for the war. */
export function chooseWeapon(s: GameState, e: Extract<GameEvent, { type: 'weapon' }>): void {
  if (!WEAPONS.includes(e.weapon))
    refuse('10C', `the weapons are tank, sub and plane (got ${JSON.stringify(e.weapon)})`);
  const w = s.war;
  if (!w) refuse('10C', 'there is no war in progress');
  const role = roleOf(w, e.player);
  if (!role) refuse('11B', `${e.player} is not fighting the war for ${w.country}`);
  if (w.lost[role].includes(e.weapon))
    refuse('12F', `${e.player}'s side lost its ${e.weapon} earlier in this war and cannot use it again`);
  w.weapons[role] = e.weapon;
  log(s, `${e.player} (${role}) programs a ${e.weapon}`);
}

const isEnergy = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** Check a battle entry against the screen's rules; shared by wars and the end game. */
export function checkBattle(
  e: Extract<GameEvent, { type: 'battle' }>,
  before: { attacker: number; defender: number },
  rule: string,
): void {
  if (!['attacker', 'defender', 'both-destroyed'].includes(e.winner)) {
    refuse(rule, `the battle's winner is "attacker", "defender" or "both-destroyed" (got ${JSON.stringify(e.winner)})`);
  }
  if (!e.energy || !isEnergy(e.energy.attacker) || !isEnergy(e.energy.defender)) {
    refuse(rule, "enter both sides' remaining energy units as whole numbers of 0 or more");
  }
  for (const r of ['attacker', 'defender'] as const) {
    if (e.energy[r] > before[r]) {
      refuse(
        '12',
        `the ${r} had ${before[r]} energy units; energy carries over, so it cannot end the battle with ${e.energy[r]}`,
      );
    }
  }
  if (e.winner !== 'both-destroyed' && e.energy[e.winner] === 0) {
    refuse('12G', `the ${e.winner} ran out of energy units, so it cannot have won the battle`);
  }
}

/** Rule 12: after a battle, has the war been decided, and for whom? */
export function warVerdict(w: WarState): Role | null {
  const { attacker: ea, defender: ed } = w.energy;
  if (ea === 0 || ed === 0) {
    // Rule 12G: running out of energy loses the war. Both out at once: more battles won, else the defender holds.
    if (ea > 0) return 'attacker';
    if (ed > 0) return 'defender';
  }
  const wins = (r: Role) => w.battles.filter((b) => b.winner === r).length;
  const a = wins('attacker');
  const d = wins('defender');
  if (ea === 0 && ed === 0) return a > d ? 'attacker' : 'defender';
  if (a >= 2) return 'attacker';
  if (d >= 2) return 'defender';
  if (w.battles.length < 3) return null;
  if (a !== d) return a > d ? 'attacker' : 'defender';
  // Rule 12C: level on battles - the greater energy remaining wins; equal energy leaves the defender holding.
  return ea > ed ? 'attacker' : 'defender';
}

export function battle(s: GameState, e: Extract<GameEvent, { type: 'battle' }>): void {
  const w = s.war;
  if (!w) refuse('12A', 'there is no war in progress');
  if (!w.weapons.attacker || !w.weapons.defender) {
    refuse(
      w.weapons.attacker ? '11B' : '10C',
      `both sides program a weapon before the battle (still to choose: ${[
        w.weapons.attacker ? null : w.attacker,
        w.weapons.defender ? null : w.defender,
      ]
        .filter(Boolean)
        .join(', ')})`,
    );
  }
  checkBattle(e, w.energy, '12A');
  w.battles.push({
    winner: e.winner,
    weapons: { attacker: w.weapons.attacker, defender: w.weapons.defender },
    energy: { ...e.energy },
  });
  if (e.winner !== 'attacker') w.lost.attacker.push(w.weapons.attacker);
  if (e.winner !== 'defender') w.lost.defender.push(w.weapons.defender);
  w.energy = { ...e.energy };
  w.weapons = { attacker: null, defender: null };
  log(
    s,
    `Battle ${w.battles.length} for ${w.country}: ${e.winner === 'both-destroyed' ? 'both destroyed (a tie, rule 12B)' : `${e.winner === 'attacker' ? w.attacker : w.defender} wins`}; energy left ${e.energy.attacker} / ${e.energy.defender}`,
  );
  const verdict = warVerdict(w);
  if (verdict) resolveWar(s, w, verdict);
}

function resolveWar(s: GameState, w: WarState, verdict: Role): void {
  s.war = null;
  const c = s.countries[w.country];
  const winners =
    verdict === 'attacker'
      ? w.attackers.filter((n) => !player(s, n).eliminated)
      : w.defenders.filter((n) => !player(s, n).eliminated);
  const loserEnergy = verdict === 'attacker' ? w.energy.defender : w.energy.attacker;
  const prize = roundToHundred(loserEnergy);
  log(s, `${verdict === 'attacker' ? w.attacker : w.defender} wins the war for ${w.country}`);
  // Rules 13A, 14A, 16D, 17B: the loser's energy left on screen, to the nearest hundred, from the war chest.
  payFromChest(s, winners, prize, `${loserEnergy} energy units left by the loser`);
  if (verdict === 'attacker') {
    if (w.kind === 'homeland') {
      conquerHomeland(s, w, winners);
    } else {
      for (const o of c.owners)
        moveRecord(s, o, -(c.status === 'conquered' ? 2 * c.pbu : c.pbu), `lost ${w.country} (rule 16C)`);
      s.countries[w.country] = { ...c, owners: [...winners], status: 'conquered' };
      for (const n of winners)
        moveRecord(s, n, 2 * c.pbu, `conquered ${w.country} (rule ${w.kind === 'unoccupied' ? '13C' : '16B'})`);
    }
    if (w.kind === 'unoccupied') s.lastDefender = w.defender;
    if (s.phase === 'final-round') endTurn(s, s.turn!);
    else s.buysLeft = 1;
  } else {
    if (w.kind === 'unoccupied') {
      s.countries[w.country] = { ...c, owners: [...winners], status: 'allied' };
      for (const n of winners) moveRecord(s, n, c.pbu, `defended ${w.country}, now an ally (rule 14C)`);
    }
    // Rules 14D, 17: the attack option passes to the losing attacker's left.
    if (s.phase === 'final-round') endTurn(s, s.turn!);
    else endTurn(s, w.attacker);
  }
}

/** Rule 19C/D: the homeland's owner is out; the victors take it, its conquests and its chips. */
function conquerHomeland(s: GameState, w: WarState, winners: string[]): void {
  const loser = player(s, w.defender);
  log(s, `${loser.name}'s homeland ${w.country} has fallen: ${loser.name} is out of the game (rule 19C)`);
  for (const [name, c] of Object.entries(s.countries)) {
    if (!c.owners.includes(loser.name)) continue;
    const rest = c.owners.filter((o) => o !== loser.name);
    if (c.status === 'allied') {
      s.countries[name] = { ...c, owners: rest, status: rest.length ? 'allied' : null };
      if (!rest.length) log(s, `  ${name} returns to unoccupied`);
      continue;
    }
    const gainers = winners.filter((n) => !rest.includes(n));
    s.countries[name] = { ...c, owners: [...rest, ...gainers], status: 'conquered' };
    for (const n of gainers) moveRecord(s, n, 2 * c.pbu, `took ${name} from ${loser.name} (rule 19C)`);
  }
  const booty = chipValue(loser.chips);
  if (booty > 0) {
    // The chips go through the war chest so they can be shared among a player alliance (rule 19D).
    const give = { ...loser.chips };
    applyTransfer(loser.chips, s.warChest, { give, change: noChips() });
    s.lastTransfers.push({ from: loser.name, to: WAR_CHEST, amount: booty, give, change: noChips() });
    payFromChest(s, winners, booty, `${loser.name}'s remaining chips (rule 19C)`);
  }
  loser.eliminated = true;
  loser.adjustHalves = loser.recordHalves;
  s.alliances = s.alliances.map((a) => a.filter((n) => n !== loser.name)).filter((a) => a.length > 1);
  dissolveAllianceOfEveryone(s);
  s.finalQueue = s.finalQueue.filter((n) => n !== loser.name);
}
