import type { GameEvent } from '../model/events.ts';
import type { Level } from './levels.ts';
import type { Rng } from './rng.ts';
import type { PublicState } from '../rules/public-state.ts';
import { isOthersHomeZone, neighboursOf, playerOf, zoneList } from './board-questions.ts';

export interface Move {
  event: GameEvent;
  reason: string;
}

/** Rule 2C: any digit nobody called yet; the readout is chance, so every level calls at random. */
export function callDigit(me: string, choices: number[], rng: Rng): Move {
  const digit = rng.pick(choices);
  return { event: { type: 'first.call', player: me, digit }, reason: `calls ${digit} for the first player (rule 2C)` };
}

/** The best home-zone alliances: the largest total of `free` countries not above `limit` PBU (rules 4-5). */
export function bestAllies(view: PublicState, free: string[], limit: number): string[] {
  const items = [...free].sort((a, b) => view.countries[b].pbu - view.countries[a].pbu).slice(0, 14);
  let best: string[] = [];
  let bestSum = 0;
  for (let mask = 1; mask < 1 << items.length; mask++) {
    let sum = 0;
    const pick: string[] = [];
    for (let i = 0; i < items.length; i++)
      if (mask & (1 << i)) {
        sum += view.countries[items[i]].pbu;
        pick.push(items[i]);
      }
    if (sum <= limit && sum > bestSum) {
      best = pick;
      bestSum = sum;
    }
  }
  return best;
}

/** A homeland's worth: its own value, the home-zone alliances it allows, and how hard it is to attack. */
function homelandScore(view: PublicState, me: string, c: string, level: Level): number {
  const { pbu, zone } = view.countries[c];
  const free = zoneList(view, zone).filter((x) => x !== c && view.countries[x].owners.length === 0);
  const allies = bestAllies(view, free, pbu).reduce((t, x) => t + view.countries[x].pbu, 0);
  let score = pbu + allies / 2;
  if (level === 'hard') {
    // Rule 19A: every bordering country must fall to enemies first, so two neighbours guard a homeland
    // better than one, and none (a zone of its own) leaves it open to attack at once.
    score += [-6, -2, 0][neighboursOf(view, c).length];
    if (isOthersHomeZone(view, me, zone)) score -= 3; // a shared home zone: its alliances are contested
    if (allies + pbu >= zoneList(view, zone).reduce((t, x) => t + view.countries[x].pbu, 0)) score += 2; // the whole zone: bonus
  }
  return score;
}

/** Rule 3: a homeland among the free countries. */
export function chooseHomeland(view: PublicState, me: string, choices: string[], level: Level, rng: Rng): Move {
  if (level === 'easy') {
    const c = rng.pick(choices);
    return {
      event: { type: 'homeland', player: me, country: c },
      reason: `${c} (${view.countries[c].pbu} PBU) looks good`,
    };
  }
  const scored = choices
    .map((c) => ({ c, s: homelandScore(view, me, c, level) + rng.next() * 0.01 }))
    .sort((a, b) => b.s - a.s);
  const c = scored[0].c;
  const n = neighboursOf(view, c).length;
  return {
    event: { type: 'homeland', player: me, country: c },
    reason: `${c}: worth ${view.countries[c].pbu} PBU with room for home-zone alliances in ${view.countries[c].zone}${level === 'hard' ? `, ${n} bordering ${n === 1 ? 'country' : 'countries'} to guard it (rule 19A)` : ''}`,
  };
}

/** Rules 4-7: alliances in the home zone, up to the homeland's value. */
export function chooseHomeAllies(view: PublicState, me: string, choices: string[], level: Level, rng: Rng): Move {
  const home = playerOf(view, me).homeland!;
  const limit = view.countries[home].pbu;
  let allies: string[];
  if (level === 'easy') {
    allies = [];
    let sum = 0;
    for (const c of choices) {
      if (rng.next() < 0.5 && sum + view.countries[c].pbu <= limit) {
        allies.push(c);
        sum += view.countries[c].pbu;
      }
    }
  } else {
    allies = bestAllies(view, choices, limit);
  }
  const sum = allies.reduce((t, c) => t + view.countries[c].pbu, 0);
  return {
    event: { type: 'ally.home', player: me, countries: allies },
    reason: allies.length
      ? `${allies.join(', ')}: ${sum} PBU of alliances, within ${home}'s ${limit} (rule 4)`
      : choices.length
        ? 'makes no home-zone alliances'
        : 'no home-zone alliance fits',
  };
}
