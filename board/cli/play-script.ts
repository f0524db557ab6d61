/**
 * The loop of `npm run board -- play`: one JSON event per line sent in order to the game's battle chart
 * (`battleMachine`, the path every battle takes); with machine battles (`--battles machine`), `controls`
 * lines are handled on the emulated console, and a `battle` line carrying `inputs` fights the battle the
 * chart waits for there (machine-battles.ts), the chart recording its outcome. A `battle` line with its
 * result is typed in by hand. Shared by the CLI and the tests that play whole games.
 */
import { dirname, resolve } from 'node:path';
import { createActor } from 'xstate';
import type { Actor } from 'xstate';
import { tableGameMachine } from '../table/table-game.ts';
import type { GameEvent, GameEventType } from '../model/events.ts';
import { EVENT_TYPES } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { applyEvent } from '../rules/apply.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { depthProblem } from './json-depth.ts';
import type { ControlsLine, MachineBattles } from './machine-battles.ts';

/** An event nests three levels at most (a setup's players); anything far deeper is not an event. */
export const MAX_EVENT_DEPTH = 32;

/** A line that stops the game: the message names the script and line; `state` is the game before it. */
export class PlayError extends Error {
  override name = 'PlayError';
  constructor(
    message: string,
    readonly state: GameState,
  ) {
    super(message);
  }
}

/** One battle fought on the machine: the event recorded and the outcome in words. */
export interface MachineBattleLine {
  line: number;
  event: Extract<GameEvent, { type: 'battle' }>;
  words: string;
}

export interface PlayOptions {
  /** Fights battle lines with `inputs` on this console; without it such lines are refused. */
  machine?: MachineBattles | null;
  /** Called after each battle fought on the machine has been recorded. */
  onMachineBattle?: (b: MachineBattleLine) => void;
}

export async function playScript(
  text: string,
  scriptPath: string,
  scenario: Scenario,
  options: PlayOptions = {},
): Promise<GameState> {
  // The game as a table runs it: each battle's chart waits to be programmed on the machine (or typed in).
  const chart = createActor(tableGameMachine, {
    input: { scenario },
  }).start();
  const run = new ScriptRun(chart, scriptPath, options);
  try {
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      await run.playLine(lines[i].trim(), i + 1);
    }
    return run.now();
  } finally {
    chart.stop();
  }
}

/** Stops the game at the current line with a message (a PlayError naming the script and line). */
type Stop = (message: string) => never;

/** One script played on one chart: each line sent to it, or fought or handled on the machine. */
class ScriptRun {
  private readonly machine: MachineBattles | null;

  constructor(
    private readonly chart: Actor<typeof tableGameMachine>,
    private readonly scriptPath: string,
    private readonly options: PlayOptions,
  ) {
    this.machine = options.machine ?? null;
  }

  now(): GameState {
    return this.chart.getSnapshot().context.state;
  }

  async playLine(line: string, lineNo: number): Promise<void> {
    if (line === '' || line.startsWith('#')) return;
    const where = `${this.scriptPath}:${lineNo}`;
    const state = this.now();
    const stop: Stop = (message) => {
      throw new PlayError(`${where}: ${message}`, state);
    };
    const tooDeep = depthProblem(line, MAX_EVENT_DEPTH, 'the line');
    if (tooDeep) stop(`not an event: ${tooDeep}`);
    let event: GameEvent;
    try {
      event = JSON.parse(line) as GameEvent;
    } catch (e) {
      return stop(`not valid JSON (${(e as Error).message})`);
    }
    const raw = event as unknown as Record<string, unknown> | null;
    if (raw?.type === 'controls') {
      if (!this.machine) stop('a controls line needs --battles machine');
      const problem = this.machine!.controls(state, raw as unknown as ControlsLine);
      if (problem) stop(problem);
      return;
    }
    if (raw?.type === 'battle' && 'inputs' in raw) {
      await this.machineBattle(raw, state, lineNo, stop);
      return;
    }
    this.gameEvent(event, state, stop);
  }

  /** A `battle` line with `inputs`: fought on the machine, the chart recording its outcome. */
  private async machineBattle(
    raw: Record<string, unknown>,
    state: GameState,
    lineNo: number,
    stop: Stop,
  ): Promise<void> {
    if (!this.machine) stop('a battle with "inputs" is fought on the machine: add --battles machine');
    if ('winner' in raw || 'energy' in raw)
      stop('a battle line carries either "inputs" or "winner"/"energy", not both');
    if (typeof raw.inputs !== 'string' || raw.inputs === '') stop('"inputs" must be the path of a runner input script');
    let fought: Awaited<ReturnType<MachineBattles['fight']>>;
    try {
      fought = await this.machine!.fight(this.chart, state, resolve(dirname(this.scriptPath), raw.inputs as string));
    } catch (e) {
      return stop(`the battle on the machine failed: ${(e as Error).message}`);
    }
    // The chart records the outcome it was handed (a promise): the line ends once it has.
    const after = await this.recorded(state);
    if (after === state)
      stop(
        `the battle's result was refused by ${formatRefusal(this.chart.getSnapshot().context.lastRefusal ?? { rule: '-', reason: 'the engine' })}`,
      );
    this.options.onMachineBattle?.({
      line: lineNo,
      event: fought.event as MachineBattleLine['event'],
      words: fought.words(after),
    });
  }

  /** Any other line: a game event sent to the chart, which judges it once, with the rules. */
  private gameEvent(event: GameEvent, state: GameState, stop: Stop): void {
    const type = (event as { type?: unknown } | null)?.type;
    // Only game events go to the chart (its own undo, redo and load are no script lines); anything else is
    // refused by the rules with their reason.
    if (!EVENT_TYPES.includes(type as GameEventType)) {
      const r = applyEvent(state, event);
      stop(
        `${(type as string | undefined) ?? 'event'} ${r.ok ? 'is not an event of the game' : formatRefusal(r.refusal)}`,
      );
    }
    this.chart.send(event);
    const refusal = this.chart.getSnapshot().context.lastRefusal;
    if (this.now() === state)
      stop(`${type as string} ${formatRefusal(refusal ?? { rule: '-', reason: 'the game did not take it' })}`);
  }

  /** The state once the chart has taken the outcome handed to it: a new one, or `before` with its refusal. */
  private recorded(before: GameState): Promise<GameState> {
    if (this.now() !== before) return Promise.resolve(this.now());
    return new Promise((done) => {
      const sub = this.chart.subscribe((snap) => {
        sub.unsubscribe();
        done(snap.context.state);
      });
    });
  }
}
