import type { GameState } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import { WEAPONS } from '../model/game.ts';
import { WAR_CHEST } from '../model/chips.ts';
import { applyTransfer, chipValue, halvesFor, noChips } from './chips.ts';
import { refuse } from './refuse.ts';
import { activePlayers, areAllied, boardFull, fmtRecord, leftOf, player } from './board.ts';
import { log, moveRecord } from './ledger.ts';
import { checkBattle } from './war.ts';

/** Rule 20A: once every country is occupied, each player gets one last chance, from the option's holder. */
export function startFinalRoundIfFull(s: GameState): void {
  if (s.phase !== 'play' || s.war || !boardFull(s) || s.turn === null) return;
  const queue = [s.turn];
  for (let n = leftOf(s, s.turn); n !== null && n !== s.turn; n = leftOf(s, n)) queue.push(n);
  s.phase = 'final-round';
  s.finalQueue = queue;
  s.buysLeft = 0;
  log(s, `Every country is occupied: the last round of attacks begins with ${s.turn} (rule 20)`);
}

/** Rule 20C: after the last round, chips go onto the record, 1 space per 1000, rounded to the nearest 500. */
export function convertChipsIfRoundOver(s: GameState): void {
  if (s.phase !== 'final-round' || s.war || s.finalQueue.length > 0) return;
  log(s, 'The last round is over: chips convert to the Power Base Record (rule 20C)');
  for (const p of activePlayers(s)) {
    const value = chipValue(p.chips);
    if (value === 0) continue;
    const give = { ...p.chips };
    applyTransfer(p.chips, s.warChest, { give, change: noChips() });
    s.lastTransfers.push({ from: p.name, to: WAR_CHEST, amount: value, give, change: noChips() });
    moveRecord(s, p.name, halvesFor(value), `${value} in chips`, true);
  }
  s.phase = 'awaiting-endgame';
  s.turn = null;
}

const energyOf = (s: GameState, name: string): number => Math.max(0, player(s, name).recordHalves * 50);

/** Rule 21B: the ladder, lowest record first (ties keep seating order). */
export function startEndgame(s: GameState, _e: Extract<GameEvent, { type: 'endgame.start' }>): void {
  if (s.phase !== 'awaiting-endgame') {
    refuse(
      '21',
      s.phase === 'endgame' || s.phase === 'over'
        ? 'the end game has already started'
        : 'the end game starts after the last round and the chip conversion (rule 20)',
    );
  }
  const ladder = activePlayers(s)
    .map((p) => p.name)
    .sort((a, b) => player(s, a).recordHalves - player(s, b).recordHalves);
  s.phase = 'endgame';
  s.endgame = { queue: ladder.slice(1), holder: ladder[0], match: null, competed: [ladder[0]] };
  log(
    s,
    `The end game begins: ladder ${ladder.map((n) => `${n} ${fmtRecord(player(s, n).recordHalves)}`).join(', ')} (rule 21)`,
  );
  nextMatch(s);
}

function nextMatch(s: GameState): void {
  const eg = s.endgame!;
  while (eg.queue.length > 0) {
    const holder = eg.holder!;
    const next = eg.queue.shift()!;
    eg.competed.push(next);
    if (areAllied(s, holder, next)) {
      // Rule 21B: allies do not fight; the higher of the two carries the challenge up the ladder.
      eg.holder = player(s, next).recordHalves >= player(s, holder).recordHalves ? next : holder;
      log(s, `${holder} and ${next} are allies and do not fight; ${eg.holder} goes on up the ladder`);
      continue;
    }
    const energy = { [holder]: energyOf(s, holder), [next]: energyOf(s, next) };
    eg.match = {
      a: holder,
      b: next,
      attacker: holder,
      energy,
      weapons: { [holder]: null, [next]: null },
      barred: { [holder]: null, [next]: null },
      battles: 0,
    };
    log(s, `${holder} challenges ${next}: ${energy[holder]} against ${energy[next]} energy units (rule 21C)`);
    if (energy[holder] === 0 || energy[next] === 0) {
      endMatch(s);
      continue;
    }
    return;
  }
  finishGame(s, 'the end game is over (rule 22)');
}

function endMatch(s: GameState): void {
  const eg = s.endgame!;
  const m = eg.match!;
  eg.match = null;
  for (const n of [m.a, m.b]) {
    const left = m.energy[n];
    // Rule 21G: one space per 1000 left, half per 500, rounded to the nearest 500.
    if (left > 0) moveRecord(s, n, halvesFor(left), `${left} energy units left (rule 21G)`, true);
  }
  const ra = player(s, m.a).recordHalves;
  const rb = player(s, m.b).recordHalves;
  // Rule 21H: whoever now has the greater record challenges the next; on a tie, the one not run dry, else the higher seed.
  eg.holder = ra > rb ? m.a : rb > ra ? m.b : m.energy[m.a] > 0 && m.energy[m.b] === 0 ? m.a : m.b;
  log(s, `The confrontation ${m.a} - ${m.b} is over; ${eg.holder} carries on`);
}

export function endgameWeapon(s: GameState, e: Extract<GameEvent, { type: 'weapon' }>): void {
  const m = s.endgame?.match;
  if (!m) refuse('21C', 'no end-game confrontation is in progress');
  if (!WEAPONS.includes(e.weapon))
    refuse('21C', `the weapons are tank, sub and plane (got ${JSON.stringify(e.weapon)})`);
  if (e.player !== m.a && e.player !== m.b) refuse('21C', `${e.player} is not in the confrontation ${m.a} - ${m.b}`);
  if (m.barred[e.player] === e.weapon)
    refuse('21F', `${e.player} lost the ${e.weapon} in the last battle and cannot use it in this one`);
  m.weapons[e.player] = e.weapon;
  log(s, `${e.player} programs a ${e.weapon}`);
}

export function endgameBattle(s: GameState, e: Extract<GameEvent, { type: 'battle' }>): void {
  const m = s.endgame?.match;
  if (!m) refuse('21C', 'no end-game confrontation is in progress');
  const att = m.attacker;
  const def = att === m.a ? m.b : m.a;
  if (!m.weapons[att] || !m.weapons[def])
    refuse(
      '21C',
      `both players enter a weapon first (still to choose: ${[att, def].filter((n) => !m.weapons[n]).join(', ')})`,
    );
  checkBattle(e, { attacker: m.energy[att], defender: m.energy[def] }, '21D');
  m.battles++;
  m.energy[att] = e.energy.attacker;
  m.energy[def] = e.energy.defender;
  m.barred = {
    [att]: e.winner === 'attacker' ? null : m.weapons[att],
    [def]: e.winner === 'defender' ? null : m.weapons[def],
  };
  m.weapons = { [att]: null, [def]: null };
  log(
    s,
    `End-game battle ${m.battles} (${att} attacking): ${e.winner === 'both-destroyed' ? 'both destroyed' : `${e.winner === 'attacker' ? att : def} wins`}; energy left ${e.energy.attacker} / ${e.energy.defender}`,
  );
  if (e.winner !== 'both-destroyed') {
    const w = e.winner === 'attacker' ? att : def;
    const l = w === att ? def : att;
    moveRecord(s, w, 2, 'won an end-game battle (rule 21D)', true);
    moveRecord(s, l, -2, 'lost an end-game battle (rule 21D)', true);
  }
  // Rule 21E: attack and defence alternate.
  m.attacker = def;
  if (m.energy[att] === 0 || m.energy[def] === 0) {
    endMatch(s);
    nextMatch(s);
  }
}

/** Rule 22 and the variations: the highest record wins; a tie has no single winner. */
export function finishGame(s: GameState, why: string): void {
  const active = activePlayers(s);
  const best = Math.max(...active.map((p) => p.recordHalves));
  s.winners = active.filter((p) => p.recordHalves === best).map((p) => p.name);
  s.winner = s.winners.length === 1 ? s.winners[0] : null;
  s.phase = 'over';
  s.turn = null;
  s.war = null;
  if (s.endgame) s.endgame.match = null;
  log(
    s,
    `Game over, ${why}: ${s.winner ? `${s.winner} wins with ${fmtRecord(best)}` : `a tie at ${fmtRecord(best)} between ${s.winners.join(' and ')}`}`,
  );
}

/** Variation 1: the pre-agreed time is up; the farthest along on the record wins. */
export function clockExpired(s: GameState, _e: Extract<GameEvent, { type: 'clock.expired' }>): void {
  if (s.variations.clockMinutes === null) refuse('Variation 1', 'this game is not played against the clock');
  if (s.phase === 'setup' || s.phase === 'over')
    refuse('Variation 1', `the clock means nothing in the ${s.phase} phase`);
  finishGame(s, `time is up after ${s.variations.clockMinutes} minutes (variation 1)`);
}

/** Variation 2: the first to reach the pre-agreed record wins. */
export function checkTarget(s: GameState): void {
  const t = s.variations.targetRecord;
  if (t === null || s.phase === 'over' || s.phase === 'setup') return;
  const reached = activePlayers(s).filter((p) => p.recordHalves >= t * 2);
  if (reached.length === 0) return;
  finishGame(s, `the target record of ${t} was reached (variation 2)`);
}
