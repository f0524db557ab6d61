/**
 * A headless tournament between two kinds of player (bot levels, the random stick, the person model) over the nine
 * weapon pairings: each battle on the emulated machine, sides swapped every other battle (red acts
 * first in a frame), energies varied, seeds varied. Figures only; the bench prints them.
 */
import { Arena } from './arena.ts';
import type { BattleOutcome, Controller, Weapon } from './arena.ts';
import { BattleBot } from './bot.ts';
import type { BotLevel } from './bot.ts';
import { PersonModel } from './person.ts';
import { RandomStick } from './random-stick.ts';

/** A bot level, the random stick (the yardstick), or the model of a person at the keyboard (person.ts). */
export type Player = BotLevel | 'random' | 'person';
export const PAIRINGS: readonly [Weapon, Weapon][] = (['T', 'S', 'P'] as const).flatMap((a) =>
  (['T', 'S', 'P'] as const).map((b) => [a, b] as [Weapon, Weapon]),
);

export interface CellResult {
  a: Player;
  b: Player;
  /** a's weapon, b's weapon. */
  pairing: string;
  battles: number;
  aWins: number;
  bWins: number;
  /** Both destroyed, or both out of energy on the same frame. */
  ties: number;
  meanFrames: number;
  /** Stuck spells and jet crashes of player a, then of player b. */
  stuck: [number, number];
  crashes: [number, number];
  /** Battles per layout (0-3). */
  layouts: number[];
}

function controller(p: Player, stick: 0 | 1, seed: number): Controller {
  if (p === 'random') return new RandomStick(stick, seed);
  if (p === 'person') return new PersonModel(stick, seed);
  return new BattleBot(stick, p, seed);
}

/** `battles` battles of a against b with a given pairing, on one machine (the battlefields rotate). */
export function playCell(
  bios: Uint8Array,
  cart: Uint8Array,
  a: Player,
  b: Player,
  pairing: [Weapon, Weapon],
  battles: number,
  seed = 1,
): CellResult {
  const arena = new Arena(bios, cart);
  const r: CellResult = {
    a,
    b,
    pairing: pairing.join(''),
    battles,
    aWins: 0,
    bWins: 0,
    ties: 0,
    meanFrames: 0,
    stuck: [0, 0],
    crashes: [0, 0],
    layouts: [0, 0, 0, 0],
  };
  let frames = 0;
  for (let i = 0; i < battles; i++) {
    const aLeft = i % 2 === 0;
    const energy = 1000 + 500 * (i % 8);
    const s = seed * 100_003 + i;
    const left = controller(aLeft ? a : b, 0, s);
    const right = controller(aLeft ? b : a, 1, s);
    const o: BattleOutcome = arena.fight(
      {
        red: aLeft ? pairing[0] : pairing[1],
        blue: aLeft ? pairing[1] : pairing[0],
        redEnergy: energy,
        blueEnergy: energy,
      },
      left,
      right,
    );
    frames += o.frames;
    r.layouts[o.layout] = (r.layouts[o.layout] ?? 0) + 1;
    const [ai, bi] = aLeft ? [0, 1] : [1, 0];
    r.stuck[0] += o.stuck[ai];
    r.stuck[1] += o.stuck[bi];
    r.crashes[0] += o.crashes[ai];
    r.crashes[1] += o.crashes[bi];
    const aSide = aLeft ? 'red' : 'blue';
    if (o.winner === 'both' || o.winner === 'none') r.ties++;
    else if (o.winner === aSide) r.aWins++;
    else r.bWins++;
  }
  r.meanFrames = frames / battles;
  return r;
}
