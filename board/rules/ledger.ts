import type { GameState } from '../model/game.ts';
import { WAR_CHEST } from '../model/chips.ts';
import { applyTransfer, chipCount, chipValue, describeChips, planPayment } from './chips.ts';
import { fmtRecord, player, zoneCountries } from './board.ts';
import { refuse } from './refuse.ts';

/** Changes to a draft state: chips, records, markers, the log. Only rules call these. */

export function log(s: GameState, line: string): void {
  s.log.push(line);
}

/**
 * A side pays `amount` into the war chest from its pooled chips (rule 18B): the directing player
 * first, then its allies in seating order. Refused when the pool is short or no change can be made.
 */
export function payChest(s: GameState, payers: string[], amount: number, rule: string, what: string): void {
  if (amount === 0) return;
  const total = payers.reduce((t, n) => t + chipValue(player(s, n).chips), 0);
  if (total < amount) {
    refuse(
      rule,
      `${what} costs ${amount} PBU in chips; ${payers.join(' + ')} ${payers.length > 1 ? 'hold' : 'holds'} only ${total}`,
    );
  }
  let rest = amount;
  for (const name of payers) {
    if (rest === 0) break;
    const p = player(s, name);
    const share = Math.min(rest, chipValue(p.chips));
    if (share === 0) continue;
    const plan = planPayment(share, p.chips, s.warChest);
    if (!plan) refuse('1C', `the war chest cannot make change for ${name}'s ${share} PBU towards ${what}`);
    applyTransfer(p.chips, s.warChest, plan);
    s.lastTransfers.push({ from: name, to: WAR_CHEST, amount: share, ...plan });
    log(
      s,
      `  ${name} pays ${share} to the war chest (hands over ${describeChips(plan.give)}${chipValue(plan.change) ? `, change ${describeChips(plan.change)}` : ''})`,
    );
    rest -= share;
  }
}

/**
 * The war chest pays `amount` to a side: equal shares in whole 100s, the odd hundreds to the
 * directing player (rule 18D). If the chest runs short it pays what it holds.
 */
export function payFromChest(s: GameState, receivers: string[], amount: number, why: string): void {
  if (amount <= 0) return;
  const each = Math.floor(amount / receivers.length / 100) * 100;
  const shares = receivers.map((n, i) => ({ n, v: each + (i === 0 ? amount - each * receivers.length : 0) }));
  for (const { n, v } of shares) {
    if (v === 0) continue;
    const chips = player(s, n).chips;
    // As a banker at a table does: when the chest lacks small chips it pays with a larger one and the
    // player hands back change from their own chips. Only when no such swap exists (the chest holds
    // too little value, or nobody has the change) does it pay the most it exactly can.
    let paid = v;
    let plan = planPayment(v, s.warChest, chips);
    while (!plan && paid > 0) {
      paid -= 100;
      plan = paid > 0 ? planPayment(paid, s.warChest, chips) : null;
    }
    if (!plan) {
      log(
        s,
        `  war chest pays ${n} nothing for ${why}: it holds ${chipValue(s.warChest)} and no swap makes ${v} - the chest was ${v} short`,
      );
      continue;
    }
    applyTransfer(s.warChest, chips, plan);
    s.lastTransfers.push({ from: WAR_CHEST, to: n, amount: paid, give: plan.give, change: plan.change });
    const swap = chipCount(plan.change) ? `; ${n} gives back ${describeChips(plan.change)} as change` : '';
    log(
      s,
      `  war chest pays ${n} ${paid} for ${why} (${describeChips(plan.give)}${swap})${paid < v ? ` - the chest was ${v - paid} short` : ''}`,
    );
  }
}

export function moveRecord(s: GameState, name: string, halves: number, why: string, adjust = false): void {
  if (halves === 0) return;
  const p = player(s, name);
  p.recordHalves += halves;
  if (adjust) p.adjustHalves += halves;
  log(
    s,
    `  ${name} ${halves > 0 ? 'advances' : 'moves back'} ${fmtRecord(Math.abs(halves))} on the Power Base Record (${why}) -> ${fmtRecord(p.recordHalves)}`,
  );
}

/** Does `name` hold every country of `zone` (homeland, allied or conquered)? */
export function holdsZone(s: GameState, name: string, zone: string): boolean {
  return zoneCountries(s, zone).every((c) => s.countries[c].owners.includes(name));
}

/**
 * Rule 7: the moment a player holds a whole zone, 1000 in chips per country of it except the homeland.
 * Paid once per player and zone.
 */
export function payZoneBonuses(s: GameState): void {
  for (const p of s.players) {
    if (p.eliminated) continue;
    for (const z of s.scenario.zones) {
      if (p.bonusZones.includes(z.name) || !holdsZone(s, p.name, z.name)) continue;
      p.bonusZones.push(z.name);
      const count = z.countries.filter((c) => c.name !== p.homeland).length;
      if (count === 0) continue; // a zone that is only the homeland pays nothing
      log(s, `${p.name} dominates ${z.name}: zone domination bonus ${count * 1000} (rule 7)`);
      payFromChest(s, [p.name], count * 1000, `dominating ${z.name}`);
    }
  }
}
