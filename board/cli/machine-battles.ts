/**
 * `--battles machine` for `npm run board -- play`: every battle line with `inputs` is fought on the
 * emulated console (our open BIOS and battle cartridge, assembled from rom-core/roms/), through the
 * same MachineBattlePort the table uses. The companion types the entry for the war's energies and
 * weapons, presses ENTER, plays the runner input script (frame 1 = the frame ENTER went down) until
 * the battle ends, and the outcome read from the mailbox becomes the `battle` event.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assembledOnce, readRegularFile } from '../../rom-core/cli/index.ts';
import { Odyssey2, parseInputScript } from '../../rom-core/machine/index.ts';
import { assembleBattleCart, assembleBios, SteppedConsole } from '../../rom-core/roms/index.ts';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { AnyActorRef } from 'xstate';
import { battleEvent, type BattleOutcome, type BattleRequest } from '../ports/battle-port.ts';
import { battleChartOf } from '../table/table-game.ts';
import { describeBattle } from '../table/battle-words.ts';
import { MachineBattlePort } from '../table/machine-battle-port.ts';
import { chartError, programBattle, runBattle } from '../machines/battle-chart.ts';

const ROMS = resolve(dirname(fileURLToPath(import.meta.url)), '../../rom-core/roms');

/** A script line the machine handles itself: who holds the left (red) control. */
export interface ControlsLine {
  type: 'controls';
  left: string;
}

/** A runner input script, through the shared reader (no device or FIFO; 16 MiB at most, as `o2 run`). */
function readScript(path: string): string {
  return readRegularFile(path).toString('utf8');
}

export class MachineBattles {
  readonly console: SteppedConsole;
  readonly port: MachineBattlePort;
  /** Set by a controls line: the player holding the left control from the next battle on. */
  private left: string | null = null;

  /** `makeConsole`: the console to step the machine on (a BotConsole when bots hold the controls). */
  constructor(makeConsole: (machine: Odyssey2) => SteppedConsole = (m) => new SteppedConsole(m)) {
    // Kept between runs of the built CLI while their sources and the code stay the same (assembled-once.ts).
    const bios = assembledOnce(
      'bios',
      (p) => readFileSync(resolve(ROMS, p), 'utf8'),
      (r) => assembleBios(r).image,
    );
    const cart = assembledOnce(
      'battle-cart',
      (p) => readFileSync(resolve(ROMS, 'carts', p), 'utf8'),
      (r) => assembleBattleCart(r).image,
    );
    this.console = makeConsole(new Odyssey2({ bios, cart }));
    this.port = new MachineBattlePort(this.console);
  }

  /**
   * Fights one battle, not of a game (the combat resolver's), with the runner input script at
   * `inputsPath`; the attacker holds the left control. Throws a sentence when it cannot.
   */
  async fightRequest(request: BattleRequest, inputsPath: string): Promise<BattleOutcome> {
    let text: string;
    try {
      text = readScript(inputsPath);
    } catch (e) {
      throw new Error(
        `Cannot read the inputs "${inputsPath}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
        { cause: e },
      );
    }
    this.console.playFrom('ENTER', parseInputScript(text, inputsPath));
    try {
      // The battle chart, as every battle runs it (a battle of another war game: no Conquest step holds it).
      return await runBattle(this.port, request);
    } finally {
      this.console.stopInput();
    }
  }

  /** A controls line: checked against the players; applied to the next battle. Returns an error or null. */
  controls(state: GameState, line: ControlsLine): string | null {
    if (typeof line.left !== 'string' || !state.players.some((p) => p.name === line.left)) {
      return `controls: "left" must name a player (${state.players.map((p) => p.name).join(', ')}), got ${JSON.stringify(line.left)}`;
    }
    this.left = line.left;
    return null;
  }

  /**
   * Fights the battle the game's chart waits for (its battle chart, waiting to be programmed) on the machine with the runner input
   * script at `inputsPath`; the chart records the outcome. Returns the `battle` event it read, with the
   * outcome in words; throws a sentence when it cannot.
   */
  async fight(
    game: AnyActorRef,
    state: GameState,
    inputsPath: string,
  ): Promise<{ event: GameEvent; words: (after: GameState) => string }> {
    const battle = battleChartOf(game);
    const request = battle ? battle.getSnapshot().context.request : null;
    if (!request) throw new Error('no battle is ready: both sides choose a weapon first (rules 10C, 11B)');
    let text: string;
    try {
      text = readScript(inputsPath);
    } catch (e) {
      throw new Error(
        `cannot read the inputs "${inputsPath}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        { cause: e },
      );
    }
    const events = parseInputScript(text, inputsPath);
    if (this.left !== null) {
      const { attacker, defender } = request;
      if (this.left !== attacker.player && this.left !== defender.player) {
        throw new Error(
          `controls: ${this.left} holds the left control but does not fight this battle (${attacker.player} v ${defender.player})`,
        );
      }
      this.port.setControl(attacker.player, this.left === attacker.player ? 'left' : 'right');
      this.left = null;
    }
    this.console.playFrom('ENTER', events);
    try {
      const outcome = await programBattle(battle!, this.port, { enter: 'port' });
      if (!outcome) throw new Error(chartError(battle!) ?? 'the game no longer waits for this battle');
      const last = this.port.last!;
      return {
        event: battleEvent(outcome),
        words: (after) => describeBattle(request, outcome, last.seating, state, after, last.mailbox?.end),
      };
    } finally {
      this.console.stopInput();
    }
  }
}
