/**
 * The combat resolver: two forces in a game's terms and the console battle's outcome in, that
 * game's combat result out. Pure; the CLI and the #/resolver page both call resolveBattle.
 */
import { DEFAULT_SCALE, energiesFor, scaleError, type EnergyScale } from './energy.ts';
import { dieFace, outcomeError, type BattleOutcome, type Energies } from './outcome.ts';
import { ORIGINS, UMPIRE_DEFAULTS, type PresetName, type UmpireParams } from './presets.ts';
import { fillText, pickColumn, tableErrors, type CombatTable } from './table.ts';

export type Game = PresetName | CombatTable;

export interface BattleSetup {
  game: Game;
  attacker: number;
  defender: number;
  /** Named in the result's words; "the area" when not given. */
  area?: string;
  scale?: EnergyScale;
  umpire?: UmpireParams;
}

export interface Resolution {
  game: string;
  forces: { attacker: number; defender: number };
  energy: Energies;
  why: string;
  left: Energies;
  winner: BattleOutcome['winner'];
  column: string;
  die?: number;
  result: string;
  text: string;
  losses?: { attacker: number; defender: number };
}

export class ResolveError extends Error {}

export function gameName(g: Game): string {
  return typeof g === 'string' ? g : g.name;
}

/** The energies each side is given, and why; throws a ResolveError for bad forces or scale. */
export function programFor(setup: BattleSetup): { energy: Energies; why: string } {
  for (const side of ['attacker', 'defender'] as const) {
    const f = setup[side];
    if (!Number.isFinite(f) || f <= 0)
      throw new ResolveError(`The ${side}'s force must be a number above 0, not ${f}.`);
    if ((setup.game === 'origins' || setup.game === 'battleplan') && !Number.isInteger(f)) {
      throw new ResolveError(`The ${side}'s force must be a whole number in ${setup.game}, not ${f}.`);
    }
  }
  const scale = setup.scale ?? DEFAULT_SCALE;
  const bad = scaleError(scale);
  if (bad) throw new ResolveError(bad);
  if (typeof setup.game === 'object') {
    const errs = tableErrors(setup.game);
    if (errs.length > 0) throw new ResolveError(errs.join(' '));
  }
  return energiesFor(setup.attacker, setup.defender, scale);
}

function dieTable(t: CombatTable, setup: BattleSetup, energy: Energies, outcome: BattleOutcome) {
  const vars = { area: setup.area ?? 'the area', attacker: setup.attacker, defender: setup.defender };
  const col = pickColumn(t, setup.attacker, setup.defender);
  const first = t.columns[0];
  if (col === null) {
    if (t.below === undefined) {
      throw new ResolveError(
        `These forces fall left of the table's first column (${first}) and the table gives no result there.`,
      );
    }
    return { column: `below ${first}`, result: t.below, text: fillText(t.results[t.below], vars) };
  }
  const die = dieFace(energy, outcome, t.rows.length);
  const result = t.rows[die - 1][col];
  return { column: t.columns[col], die, result, text: fillText(t.results[result], vars) };
}

/** Half up: 1.5 -> 2, 1.6 -> 2, 1.4 -> 1 (README: "Combat resolver"). */
const roundHalfUp = (x: number): number => Math.floor(x + 0.5);

function battlePlan(setup: BattleSetup, outcome: BattleOutcome) {
  const { attacker: a, defender: d } = setup;
  const column = `${a}-${d}`;
  if (outcome.winner === 'both-destroyed') {
    return {
      column,
      result: 'both-destroyed',
      losses: { attacker: a, defender: d },
      text: `Both sides are destroyed: the attacker loses all ${a} armies, the defender all ${d}.`,
    };
  }
  const winner = outcome.winner;
  const loser = winner === 'attacker' ? 'defender' : 'attacker';
  const w = setup[winner];
  const l = setup[loser];
  const exact = (l * l) / w;
  // The winner survived the console battle, so it keeps at least one army even after an upset.
  const lost = Math.min(w - 1, roundHalfUp(exact));
  const losses = winner === 'attacker' ? { attacker: lost, defender: l } : { attacker: l, defender: lost };
  const shown = Number.isInteger(exact) ? String(exact) : exact.toFixed(2).replace(/0$/, '');
  const armies = (n: number): string => `${n} ${n === 1 ? 'army' : 'armies'}`;
  // An upset: the formula asks for more armies than the winner has; it loses all but one.
  const loss =
    lost < roundHalfUp(exact)
      ? `${l}x${l}/${w} = ${shown}, more than it has: it loses ${armies(lost)} and keeps 1`
      : `${l}x${l}/${w} = ${shown}, rounded to ${armies(lost)}`;
  return {
    column,
    result: `${winner}-wins`,
    losses,
    text: `The ${winner} wins: the ${loser}'s ${armies(l)} ${l === 1 ? 'is' : 'are'} destroyed; the ${winner} loses ${loss}.`,
  };
}

function umpire(setup: BattleSetup, energy: Energies, outcome: BattleOutcome) {
  const p = setup.umpire ?? UMPIRE_DEFAULTS;
  const top = Math.max(energy.attacker, energy.defender);
  const winner = outcome.winner;
  const diff =
    winner === 'both-destroyed'
      ? 0
      : Math.round(
          (100 * (outcome.left[winner] - outcome.left[winner === 'attacker' ? 'defender' : 'attacker'])) / top,
        );
  const column = `${diff}%`;
  const pct = (force: number, percent: number): number => Math.round((force * percent) / 100);
  if (winner === 'both-destroyed' || diff < p.band) {
    const losses = { attacker: pct(setup.attacker, p.minorLoss), defender: pct(setup.defender, p.minorLoss) };
    return {
      column,
      result: 'indecisive',
      losses,
      text:
        `Indecisive (difference ${diff}%, under ${p.band}%): both sides suffer minor losses, ${p.minorLoss}% ` +
        `(the attacker ${losses.attacker}, the defender ${losses.defender} combat value); no one retreats.`,
    };
  }
  const loser = winner === 'attacker' ? 'defender' : 'attacker';
  const loserPct = Math.min(100, diff);
  const victorPct = Math.round(loserPct * p.victorShare);
  const lossOf = { [winner]: pct(setup[winner], victorPct), [loser]: pct(setup[loser], loserPct) } as Record<
    string,
    number
  >;
  const losses = { attacker: lossOf.attacker, defender: lossOf.defender };
  return {
    column,
    result: `${winner}-victory`,
    losses,
    text:
      `Victory for the ${winner} (difference ${diff}%): the ${loser} loses ${loserPct}% (${losses[loser]} combat value) ` +
      `and must retreat from ${setup.area ?? 'the province'}; the ${winner}'s losses are slight, ${victorPct}% (${losses[winner]}).`,
  };
}

/** Resolves one battle; throws a ResolveError (a sentence) for bad input. */
export function resolveBattle(setup: BattleSetup, outcome: BattleOutcome): Resolution {
  const { energy, why } = programFor(setup);
  const bad = outcomeError(energy, outcome);
  if (bad) throw new ResolveError(bad);
  const base = {
    game: gameName(setup.game),
    forces: { attacker: setup.attacker, defender: setup.defender },
    energy,
    why,
    left: { ...outcome.left },
    winner: outcome.winner,
  };
  if (setup.game === 'battleplan') return { ...base, ...battlePlan(setup, outcome) };
  if (setup.game === 'umpire') return { ...base, ...umpire(setup, energy, outcome) };
  const table = setup.game === 'origins' ? ORIGINS : setup.game;
  const r = dieTable(table, setup, energy, outcome);
  const text = `${r.result}: ${r.text}`;
  return { ...base, ...r, text };
}
