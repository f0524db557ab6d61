import type { LegalAction } from '../rules/legal.ts';
import type { Level } from './levels.ts';
import type { Rng } from './rng.ts';
import type { Move } from './opening.ts';
import type { PublicState } from '../rules/public-state.ts';
import {
  activeNames,
  leader,
  neighboursOf,
  playerOf,
  sideChips,
  sideNames,
  zoneBonusSpaces,
} from './board-questions.ts';

/**
 * Purchases and attacks (rules 9-11, 15, 19, 20): each candidate is scored in Power Base Record spaces
 * (1000 in chips = 1 space, as they convert at the end, rule 20C), as what the move is expected to bring
 * this player minus what it is expected to bring the opponents. Battles are taken as even.
 */

/** The chance of winning a war the player assumes: the battles are fought by people or the battle bot. */
const WIN = 0.5;
/** The loser's energy left, paid to the war's winner (rule 13A), in spaces, as expected on average. */
const PRIZE = 1;
/** Homeland attacks cost the homeland's value x 1000 (rule 19B); the hard player saves for one it can open. */
const HOMELAND_COST = 1000;

interface Candidate {
  type: 'ally.buy' | 'attack';
  player: string;
  country: string;
  score: number;
  reason: string;
}

function candidates(actions: LegalAction[]): { type: 'ally.buy' | 'attack'; player: string; country: string }[] {
  const out: { type: 'ally.buy' | 'attack'; player: string; country: string }[] = [];
  const seen = new Set<string>();
  for (const a of actions) {
    if ((a.type !== 'ally.buy' && a.type !== 'attack') || a.player === null) continue;
    for (const c of a.choices) {
      const key = `${a.type}|${c}`;
      if (seen.has(key)) continue; // an ally directing the same move adds nothing
      seen.add(key);
      out.push({ type: a.type, player: a.player, country: String(c) });
    }
  }
  return out;
}

/** How much the hard player cares about a rival's gain: the leader counts fully, the others by half. */
function rivalWeight(view: PublicState, me: string, rival: string, level: Level): number {
  if (level === 'medium') return 0;
  const lead = leader(view, me);
  return activeNames(view).length <= 2 || lead?.name === rival ? 1 : 0.5;
}

/** Value of holding a country that borders a rival's homeland: rule 19A opens the homeland once all its borders fall. */
function siegeValue(view: PublicState, me: string, country: string, level: Level): number {
  if (level !== 'hard') return 0;
  const side = sideNames(view, me);
  let v = 0;
  for (const p of view.players) {
    if (p.eliminated || side.includes(p.name) || p.homeland === null) continue;
    if (neighboursOf(view, p.homeland).includes(country)) v += 0.5 + p.record / 20;
  }
  return v;
}

/** What taking a homeland is worth: the rival's conquests and chips, and the rival gone (rule 19C). */
function eliminationValue(view: PublicState, me: string, owner: string): number {
  const side = sideNames(view, me);
  if (activeNames(view).every((n) => n === owner || side.includes(n))) return 100; // the last rival: the game is as good as won
  const rival = playerOf(view, owner);
  const taken = Object.values(view.countries)
    .filter((c) => c.owners.includes(owner) && c.status === 'conquered')
    .reduce((t, c) => t + c.pbu, 0);
  return taken + rival.chips / 1000 + rival.record;
}

function scoreMove(
  view: PublicState,
  me: string,
  m: { type: 'ally.buy' | 'attack'; player: string; country: string },
  level: Level,
): Candidate {
  const c = view.countries[m.country];
  const bonus = zoneBonusSpaces(view, me, m.country);
  const siege = siegeValue(view, me, m.country, level);
  if (m.type === 'ally.buy') {
    // Chips spent convert the same at the end (rule 20C), so a purchase is worth what it takes from the
    // others: a free attack on it, and the zone bonus it may complete.
    const denial = level === 'hard' ? c.pbu / 4 : c.pbu / 8;
    return {
      ...m,
      score: denial + bonus + siege,
      reason: `buys an alliance with ${m.country} (${c.pbu} PBU) for ${c.pbu * 500}${bonus ? `, completing ${c.zone} for the zone bonus (rule 7)` : ''}`,
    };
  }
  if (c.owners.length === 0) {
    const own = WIN * (c.pbu + PRIZE + bonus);
    // Rule 14C: a defender who holds gets the country as an ally, and the attacker's energy left.
    const theirs = (1 - WIN) * (c.pbu / 2 + PRIZE);
    const score = own - theirs * (level === 'medium' ? 0 : 0.75) + WIN * siege;
    return {
      ...m,
      score,
      reason: `attacks unoccupied ${m.country} (${c.pbu} PBU): it costs nothing and a win is worth the full value (rules 10, 13)`,
    };
  }
  const defender = c.owners[0];
  const cost = c.pbu;
  const w = rivalWeight(view, me, defender, level);
  if (c.status === 'homeland') {
    const value = eliminationValue(view, me, defender);
    const score = WIN * (c.pbu + PRIZE + value) - cost - (1 - WIN) * PRIZE * w;
    return {
      ...m,
      score,
      reason: `attacks ${defender}'s homeland ${m.country} for ${c.pbu * 1000} (rule 19): winning puts ${defender} out of the game`,
    };
  }
  const loss = c.status === 'conquered' ? c.pbu : c.pbu / 2;
  const own = WIN * (c.pbu + PRIZE + bonus) - cost;
  const theirs = WIN * loss - (1 - WIN) * PRIZE;
  const score = own + w * theirs + WIN * siege;
  return {
    ...m,
    score,
    reason: `attacks ${defender}'s ${m.country} (${c.pbu} PBU) for ${c.pbu * 1000} (rule 15)${siege ? `, a border of a homeland (rule 19A)` : ''}${bonus ? `, completing ${c.zone} (rule 7)` : ''}`,
  };
}

/** Chips the hard player keeps for a homeland attack it can open soon (at most one border still to take). */
function reserveFor(view: PublicState, me: string): number {
  const side = sideNames(view, me);
  let reserve = 0;
  for (const p of view.players) {
    if (p.eliminated || side.includes(p.name) || p.homeland === null) continue;
    const open = neighboursOf(view, p.homeland).filter((n) => {
      const o = view.countries[n].owners;
      return o.length === 0 || o.some((x) => x === p.name || p.allies.includes(x));
    }).length;
    if (open <= 1) reserve = Math.max(reserve, view.countries[p.homeland].pbu * HOMELAND_COST);
  }
  return Math.min(reserve, sideChips(view, me));
}

/** The holder of the attack option's purchase, attack or pass. */
export function chooseTurnMove(view: PublicState, me: string, actions: LegalAction[], level: Level, rng: Rng): Move {
  const pass: Move = {
    event: { type: 'pass', player: me },
    reason:
      view.phase === 'final-round'
        ? 'no attack is worth its cost: a final pass (rule 20B)'
        : 'nothing worth doing now: passes the attack option (rule 8)',
  };
  const all = candidates(actions);
  if (all.length === 0)
    return {
      ...pass,
      reason:
        view.phase === 'final-round'
          ? 'cannot afford any attack: a final pass (rule 20B)'
          : 'no purchase or attack is open: passes (rule 8)',
    };
  if (level === 'easy') {
    // Acts on whim: mostly a free attack or a purchase, sometimes a pass; never counts the cost.
    if (rng.next() < (view.phase === 'final-round' ? 0.5 : 0.2))
      return { ...pass, reason: 'does not feel like fighting: passes' };
    const m = rng.pick(all);
    return {
      event: { type: m.type, player: m.player, country: m.country },
      reason: scoreMove(view, me, m, 'medium').reason,
    };
  }
  const scored = all.map((m) => scoreMove(view, me, m, level));
  for (const s of scored) s.score += rng.next() * (level === 'medium' ? 0.5 : 0.01);
  const chips = sideChips(view, me);
  const reserve = level === 'hard' ? reserveFor(view, me) : 0;
  const buys = scored
    .filter((s) => s.type === 'ally.buy' && (s.score > 1 || chips - view.countries[s.country].pbu * 500 >= reserve))
    .sort((a, b) => b.score - a.score);
  // Buy before attacking: a lost war passes the option, and the purchase with it (rules 9A, 14D).
  if (buys.length && buys[0].score > 0) {
    const b = buys[0];
    return { event: { type: 'ally.buy', player: b.player, country: b.country }, reason: b.reason };
  }
  const attacks = scored.filter((s) => s.type === 'attack').sort((a, b) => b.score - a.score);
  const best = attacks[0];
  if (best && best.score > 0)
    return { event: { type: 'attack', player: best.player, country: best.country }, reason: best.reason };
  return pass;
}
