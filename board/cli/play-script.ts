/**
 * The loop of `npm run board -- play`: one JSON event per line sent in order to the game's battle chart
 * (`battleMachine`, the path every battle takes); with machine battles (`--battles machine`), `controls`
 * lines are handled on the emulated console, and a `battle` line carrying `inputs` fights the battle the
 * chart waits for there (machine-battles.ts), the chart recording its outcome. A `battle` line with its
 * result is typed in by hand. Shared by the CLI and the tests that play whole games.
 */
import { dirname, resolve } from 'node:path';
import { createActor } from 'xstate';
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
  const machine = options.machine ?? null;
  // The game as a table runs it: each battle's chart waits to be programmed on the machine (or typed in).
  const chart = createActor(tableGameMachine, {
    input: { scenario },
  }).start();
  const now = (): GameState => chart.getSnapshot().context.state;
  try {
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      await playLine(lines[i].trim(), i + 1);
    }
    return now();
  } finally {
    chart.stop();
  }

  async function playLine(line: string, lineNo: number): Promise<void> {
    if (line === '' || line.startsWith('#')) return;
    const where = `${scriptPath}:${lineNo}`;
    const state = now();
    const stop = (message: string): never => {
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
      if (!machine) stop('a controls line needs --battles machine');
      const problem = machine!.controls(state, raw as unknown as ControlsLine);
      if (problem) stop(problem);
      return;
    }
    if (raw?.type === 'battle' && 'inputs' in raw) {
      if (!machine) stop('a battle with "inputs" is fought on the machine: add --battles machine');
      if ('winner' in raw || 'energy' in raw)
        stop('a battle line carries either "inputs" or "winner"/"energy", not both');
      if (typeof raw.inputs !== 'string' || raw.inputs === '')
        stop('"inputs" must be the path of a runner input script');
      let fought: Awaited<ReturnType<MachineBattles['fight']>>;
      try {
        fought = await machine!.fight(chart, state, resolve(dirname(scriptPath), raw.inputs as string));
      } catch (e) {
        return stop(`the battle on the machine failed: ${(e as Error).message}`);
      }
      // The chart records the outcome it was handed (a promise): the line ends once it has.
      const after = await recorded(state);
      if (after === state)
        stop(
          `the battle's result was refused by ${formatRefusal(chart.getSnapshot().context.lastRefusal ?? { rule: '-', reason: 'the engine' })}`,
        );
      options.onMachineBattle?.({
        line: lineNo,
        event: fought.event as MachineBattleLine['event'],
        words: fought.words(after),
      });
      return;
    }
    const type = (event as { type?: unknown } | null)?.type;
    // Only game events go to the chart (its own undo, redo and load are no script lines); anything else is
    // refused by the rules with their reason. The chart judges a game event once, with the rules.
    if (!EVENT_TYPES.includes(type as GameEventType)) {
      const r = applyEvent(state, event);
      stop(
        `${(type as string | undefined) ?? 'event'} ${r.ok ? 'is not an event of the game' : formatRefusal(r.refusal)}`,
      );
    }
    chart.send(event);
    const refusal = chart.getSnapshot().context.lastRefusal;
    if (now() === state)
      stop(`${type as string} ${formatRefusal(refusal ?? { rule: '-', reason: 'the game did not take it' })}`);
  }

  /** The state once the chart has taken the outcome handed to it: a new one, or `before` with its refusal. */
  function recorded(before: GameState): Promise<GameState> {
    if (now() !== before) return Promise.resolve(now());
    return new Promise((done) => {
      const sub = chart.subscribe((snap) => {
        sub.unsubscribe();
        done(snap.context.state);
      });
    });
  }
}
