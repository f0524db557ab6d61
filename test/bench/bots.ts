/**
 * `npm run bench -- bots`: the battle bots' tournament (issue 10's goals). For each level pair and
 * each of the nine weapon pairings, BENCH_BOT_BATTLES battles (default 200) on the emulated machine;
 * prints win / loss / tie rates, the share of decided battles the first player won, mean battle length,
 * and every "stuck" spell (stick held 3 s without moving) and jet crash into terrain. Not in the
 * default bench run (it takes a while): name it.
 */
import { performance } from 'node:perf_hooks';
import { PAIRINGS, playCell } from '../../rom-core/bot/tournament.ts';
import type { CellResult, Player } from '../../rom-core/bot/tournament.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';

/** The levels against each other and the yardstick, and the person model (person.ts) against each level. */
const ALL_MATCHES: [Player, Player][] = [
  ['hard', 'easy'],
  ['medium', 'easy'],
  ['hard', 'random'],
  ['hard', 'medium'],
  ['person', 'easy'],
  ['person', 'medium'],
  ['person', 'hard'],
];
/** BENCH_BOT_MATCHES="hard-easy,person-hard" picks some of them. */
const MATCHES = process.env.BENCH_BOT_MATCHES
  ? ALL_MATCHES.filter(([a, b]) => process.env.BENCH_BOT_MATCHES!.split(',').includes(`${a}-${b}`))
  : ALL_MATCHES;

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');

export function benchBots(battles = Number(process.env.BENCH_BOT_BATTLES ?? 200)): void {
  const bios = openBios();
  const cart = battleCart();
  console.log(
    `bots tournament (${battles} battles per level pair and weapon pairing; sides swapped every other battle; energies 1000-4500):`,
  );
  for (const [a, b] of MATCHES) {
    const t0 = performance.now();
    const cells: CellResult[] = PAIRINGS.map((p, i) => playCell(bios, cart, a, b, p, battles, i + 1));
    const sum = (f: (c: CellResult) => number): number => cells.reduce((s, c) => s + f(c), 0);
    console.log(`  ${a} vs ${b}  (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    console.log(
      `    pairing  wins      losses    ties      decided won  mean frames  stuck (${a}/${b})  jet crashes (${a}/${b})`,
    );
    for (const c of [
      ...cells,
      {
        a,
        b,
        pairing: 'all',
        battles: sum((c) => c.battles),
        aWins: sum((c) => c.aWins),
        bWins: sum((c) => c.bWins),
        ties: sum((c) => c.ties),
        meanFrames: sum((c) => c.meanFrames * c.battles) / sum((c) => c.battles),
        stuck: [sum((c) => c.stuck[0]), sum((c) => c.stuck[1])],
        crashes: [sum((c) => c.crashes[0]), sum((c) => c.crashes[1])],
        layouts: [],
      } satisfies CellResult,
    ]) {
      console.log(
        `    ${c.pairing.padEnd(7)}  ${pct(c.aWins, c.battles).padEnd(8)}  ${pct(c.bWins, c.battles).padEnd(8)}  ${pct(c.ties, c.battles).padEnd(8)}  ${pct(c.aWins, c.aWins + c.bWins).padEnd(11)}  ${c.meanFrames.toFixed(0).padStart(11)}  ${`${c.stuck[0]}/${c.stuck[1]}`.padStart(7)}  ${`${c.crashes[0]}/${c.crashes[1]}`.padStart(7)}`,
      );
    }
  }
}
