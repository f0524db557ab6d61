/**
 * `npm run board -- play --players "Ann:hard,Bob:easy,Cy:medium" --seed 7 [--scenario FILE] [--log]`:
 * a whole game between computer players (board/ai), every battle fought on the emulated console
 * (our open BIOS and battle cartridge) through the MachineBattlePort, and the final public state
 * printed as `play SCRIPT` prints it.
 */
import type { ComputerSeat } from '../ai/computer-players.ts';
import { isLevel, LEVELS } from '../ai/levels.ts';
import { playComputerGame } from '../ai/play-game.ts';
import { seatSeed } from '../ai/rng.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import type { BattleOutcome, BattlePort, BattleRequest } from '../ports/battle-port.ts';
import { publicState } from '../rules/public-state.ts';
import { MachineBattles } from './machine-battles.ts';

/** A bad `--players` or `--seed`: the message is one sentence for the command line. */
export class ComputerGameUsageError extends Error {
  override name = 'ComputerGameUsageError';
}

/** "Ann:hard,Bob:easy" -> seats in that (clockwise) order; throws a sentence naming what is wrong. */
export function parsePlayers(spec: string): ComputerSeat[] {
  const parts = spec.split(',').map((p) => p.trim());
  if (parts.length < 2 || parts.length > 6) {
    throw new ComputerGameUsageError(
      `--players needs 2 to 6 players as NAME:LEVEL separated by commas (got ${parts.filter(Boolean).length})`,
    );
  }
  const seats: ComputerSeat[] = [];
  for (const p of parts) {
    const i = p.lastIndexOf(':');
    const name = i < 0 ? p : p.slice(0, i).trim();
    const level = i < 0 ? '' : p.slice(i + 1).trim();
    if (name === '')
      throw new ComputerGameUsageError(`--players: "${p}" has no name (write NAME:LEVEL, e.g. Ann:hard)`);
    if (!isLevel(level))
      throw new ComputerGameUsageError(`--players: ${name}'s level must be ${LEVELS.join(', ')} (got "${level}")`);
    if (seats.some((s) => s.name === name))
      throw new ComputerGameUsageError(`--players: two players are named "${name}"`);
    seats.push({ name, level });
  }
  return seats;
}

export function parseSeed(text: string | undefined): number {
  if (text === undefined || !/^\d{1,10}$/.test(text) || Number(text) > 0xffffffff) {
    throw new ComputerGameUsageError(
      `--seed takes a whole number from 0 to 4294967295 (got ${text === undefined ? 'nothing' : `"${text}"`})`,
    );
  }
  return Number(text);
}

/** One battle fought on the machine, for the log on stderr. */
export interface MachineBattleNote {
  request: BattleRequest;
  outcome: BattleOutcome;
  frames: number;
}

/** The emulated console of a computer-only game: its battles, and the first player's readout. */
export interface MachineTable {
  battles: BattlePort;
  /** Rule 2D: the WAR GAME readout run for `runFrames` frames, then stopped with SPACE; its digit. */
  readout(runFrames: number): Promise<number>;
}

/**
 * Battles on the emulated console: the companion programs both sides' entry and presses ENTER.
 * Nobody holds the hand controls yet (the battle bot is a separate piece of work), so each battle is
 * decided by the weapons and energies alone: planes crash, the weapon that burns energy faster runs dry.
 */
export function machineTable(onBattle?: (b: MachineBattleNote) => void): MachineTable {
  const machine = new MachineBattles();
  return {
    battles: {
      async fight(request, signal) {
        const before = machine.console.machine.frameNumber;
        const outcome = await machine.port.fight(request, signal);
        onBattle?.({ request, outcome, frames: machine.console.machine.frameNumber - before });
        return outcome;
      },
    },
    readout: (runFrames) => machine.port.firstPlayerReadout({ stop: 'port', runFrames }),
  };
}

export interface ComputerGameRun {
  seats: ComputerSeat[];
  seed: number;
  scenario: Scenario;
  /** Battles and the readout; by default the emulated console's (machineTable). */
  table?: MachineTable;
  /** One line per computer move (`Ann (hard): attack China - because ...`) and per battle. */
  note?: (line: string) => void;
}

export async function runComputerGame(run: ComputerGameRun): Promise<GameState> {
  const note = run.note ?? (() => {});
  const table =
    run.table ??
    machineTable((b) => {
      const { attacker: a, defender: d } = b.request;
      note(
        `battle on the machine: ${a.player} ${a.weapon} ${a.energy} v ${d.player} ${d.weapon} ${d.energy} -> ${b.outcome.winner}, energy left ${b.outcome.energy.attacker} / ${b.outcome.energy.defender} (${b.frames} frames)`,
      );
    });
  return playComputerGame({
    scenario: run.scenario,
    seats: run.seats,
    seed: run.seed,
    battles: table.battles,
    // The readout runs a number of frames drawn from the seed before SPACE stops it, as a player would.
    readout: async () => {
      const digit = await table.readout(30 + (seatSeed(run.seed, '#readout') % 90));
      note(`first-player readout on the machine: ${digit}`);
      return digit;
    },
    onEvent: (_s, event, move) => {
      if (move) note(`${move.player} (${move.level}): ${JSON.stringify(event)} - ${move.reason}`);
    },
  });
}

/**
 * The command line's `--players` mode: plays the game and prints the final public state on stdout
 * (with `log`, every move, battle and the game log on stderr). Returns the usage problem, or null.
 */
export async function playComputerCli(
  players: string,
  seed: string,
  scenario: Scenario,
  log: boolean,
): Promise<string | null> {
  let seats: ComputerSeat[];
  let n: number;
  try {
    seats = parsePlayers(players);
    n = parseSeed(seed);
  } catch (e) {
    if (e instanceof ComputerGameUsageError) return e.message;
    throw e;
  }
  const end = await runComputerGame({
    seats,
    seed: n,
    scenario,
    note: log ? (l) => process.stderr.write(l + '\n') : undefined,
  });
  if (log) process.stderr.write(end.log.join('\n') + '\n');
  process.stdout.write(JSON.stringify(publicState(end), null, 2) + '\n');
  return null;
}
