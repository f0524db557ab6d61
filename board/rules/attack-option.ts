import type { GameState } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import { refuse } from './refuse.ts';
import { areAllied, countryOf, isInOtherHomeZone, isOccupied, leftOf, neighbours, player, sideOf } from './board.ts';
import { log, moveRecord, payChest } from './ledger.ts';

/** The attack option's holder, or one of its player allies directing for it (rule 18B). */
function checkActing(s: GameState, name: string, rule: string): void {
  const p = player(s, name, rule);
  if (p.eliminated) refuse('19C', `${name} is out of the game`);
  if (s.phase !== 'play' && s.phase !== 'final-round') refuse(rule, `no attacks or purchases in the ${s.phase} phase`);
  if (s.war) refuse('12A', `the war for ${s.war.country} must be finished first`);
  if (s.turn === null || !areAllied(s, name, s.turn)) refuse(rule, `${s.turn} holds the attack option, not ${name}`);
}

/** Rule 9 (and 8A, 13D, 16E): buy one alliance with an unoccupied country outside others' home zones. */
export function buyAlliance(s: GameState, e: Extract<GameEvent, { type: 'ally.buy' }>): void {
  checkActing(s, e.player, '9A');
  if (s.phase === 'final-round')
    refuse('20A', 'in the last round after the board is filled only attacks on occupied countries are allowed');
  const c = countryOf(s, e.country);
  if (s.buysLeft <= 0)
    refuse('9A', 'only one alliance may be bought now (one per turn, and one more after each won war)');
  if (isOccupied(s, e.country)) refuse('9A', `${e.country} is not unoccupied (held by ${c.owners.join(' and ')})`);
  if (isInOtherHomeZone(s, e.player, e.country))
    refuse('9A', `${e.country} is in another player's home zone (${c.zone})`);
  const side = sideOf(s, e.player);
  const cost = c.pbu * 500;
  log(s, `${side.join(' + ')} ${side.length > 1 ? 'buy' : 'buys'} an alliance with ${e.country} for ${cost} (rule 9B)`);
  payChest(s, side, cost, '9B', `an alliance with ${e.country}`);
  s.countries[e.country] = { ...c, owners: [...side], status: 'allied' };
  for (const n of side) moveRecord(s, n, c.pbu, `half of ${e.country}'s ${c.pbu}`);
  s.buysLeft--;
}

/** Who defends an unoccupied country: left of the attacker, then left of the last defender (rules 11A, 13E). */
export function nextDefender(s: GameState, attacker: string): string | null {
  const side = sideOf(s, attacker);
  const skip = (n: string) => side.includes(n);
  if (s.lastDefender === null || player(s, s.lastDefender).eliminated || skip(s.lastDefender)) {
    return leftOf(s, attacker, skip);
  }
  // The defence keeps circling the table, so the last defender may defend again if nobody else can.
  return leftOf(s, s.lastDefender, skip) ?? s.lastDefender;
}

/** Rules 10, 15, 19: open a war. */
export function attack(s: GameState, e: Extract<GameEvent, { type: 'attack' }>): void {
  checkActing(s, e.player, '10A');
  if (s.phase === 'final-round' && s.finalQueue[0] !== s.turn)
    refuse('20B', `${s.turn} has already had the last chance`);
  const c = countryOf(s, e.country);
  const attackers = sideOf(s, e.player);
  if (c.owners.some((o) => attackers.includes(o))) {
    refuse(
      c.owners.includes(e.player) ? '10A' : '18C',
      `${e.country} is held by ${c.owners.join(' and ')}: ${c.owners.includes(e.player) ? 'you cannot attack your own country' : 'allied players do not attack each other'}`,
    );
  }
  let kind: 'unoccupied' | 'occupied' | 'homeland';
  let defender: string;
  let cost = 0;
  if (c.owners.length === 0) {
    if (s.phase === 'final-round') refuse('20A', 'the last round allows only attacks on occupied countries');
    kind = 'unoccupied';
    const d = nextDefender(s, e.player);
    if (d === null) refuse('11A', 'nobody outside your player alliance is left to defend an unoccupied country');
    defender = d;
  } else if (c.status === 'homeland') {
    kind = 'homeland';
    defender = c.owners[0];
    for (const n of neighbours(s, e.country)) {
      const holders = s.countries[n].owners;
      if (holders.length === 0 || holders.some((h) => areAllied(s, h, defender))) {
        refuse(
          '19A',
          `${n}, bordering ${e.country}, must first be held by ${defender}'s enemies (it is ${holders.length ? `held by ${holders.join(' and ')}` : 'unoccupied'})`,
        );
      }
    }
    cost = c.pbu * 1000;
  } else {
    kind = 'occupied';
    defender = c.owners[0];
    cost = c.pbu * 1000;
  }
  const defenders = sideOf(s, defender);
  log(
    s,
    `${attackers.join(' + ')} ${attackers.length > 1 ? 'attack' : 'attacks'} ${kind === 'unoccupied' ? 'unoccupied ' : ''}${e.country}${kind === 'homeland' ? ` (${defender}'s homeland)` : ''}; ${defender} defends${cost ? `; the war costs ${cost} (rule ${kind === 'homeland' ? '19B' : '15A'})` : ''}`,
  );
  payChest(s, attackers, cost, kind === 'homeland' ? '19B' : '15A', `attacking ${e.country}`);
  s.war = {
    kind,
    attacker: e.player,
    attackers,
    defender,
    defenders,
    country: e.country,
    cost,
    battles: [],
    weapons: { attacker: null, defender: null },
    lost: { attacker: [], defender: [] },
    energy: { attacker: 2500, defender: 2500 },
  };
}

export function endTurn(s: GameState, holder: string): void {
  s.lastDefender = null;
  if (s.phase === 'final-round') {
    s.finalQueue = s.finalQueue.filter((n) => n !== s.finalQueue[0] && !player(s, n).eliminated);
    s.turn = s.finalQueue[0] ?? null;
    return;
  }
  s.turn = leftOf(s, holder);
  s.buysLeft = 1;
}

/** Declining (rule 8, 20B): the attack option passes to the left. In the last round a pass is final. */
export function pass(s: GameState, e: Extract<GameEvent, { type: 'pass' }>): void {
  checkActing(s, e.player, '8');
  log(s, `${e.player} passes${s.phase === 'final-round' ? ' the last chance (rule 20B)' : ''}`);
  endTurn(s, s.turn!);
}
