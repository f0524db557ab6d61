/**
 * The loop of `npm run board -- play`: one JSON event per line applied in order; with machine battles
 * (`--battles machine`), `controls` lines and `battle` lines carrying `inputs` are handled on the
 * emulated console (machine-battles.ts). Shared by the CLI and the tests that play whole games.
 */
import { dirname, resolve } from 'node:path';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { applyEvent } from '../rules/apply.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { newGame } from '../rules/setup.ts';
import { depthProblem } from './json-depth.ts';
import type { ControlsLine, MachineBattles } from './machine-battles.ts';

/** An event nests three levels at most (a setup's players); anything far deeper is not an event. */
export const MAX_EVENT_DEPTH = 32;

/** A line that stops the game: the message names the script and line; `state` is the game before it. */
export class PlayError extends Error {
  override name = 'PlayError';
  constructor(message: string, readonly state: GameState) {
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

export async function playScript(text: string, scriptPath: string, scenario: Scenario, options: PlayOptions = {}): Promise<GameState> {
  const machine = options.machine ?? null;
  let state: GameState = newGame(scenario);
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = `${scriptPath}:${i + 1}`;
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
      continue;
    }
    let words: ((after: GameState) => string) | null = null;
    if (raw?.type === 'battle' && 'inputs' in raw) {
      if (!machine) stop('a battle with "inputs" is fought on the machine: add --battles machine');
      if ('winner' in raw || 'energy' in raw) stop('a battle line carries either "inputs" or "winner"/"energy", not both');
      if (typeof raw.inputs !== 'string' || raw.inputs === '') stop('"inputs" must be the path of a runner input script');
      try {
        const fought = await machine!.fight(state, resolve(dirname(scriptPath), raw.inputs as string));
        event = fought.event;
        words = fought.words;
      } catch (e) {
        stop(`the battle on the machine failed: ${(e as Error).message}`);
      }
    }
    const r = applyEvent(state, event);
    if (!r.ok) stop(`${(event as { type?: string } | null)?.type ?? 'event'} ${formatRefusal(r.refusal)}`);
    else {
      if (words) options.onMachineBattle?.({ line: i + 1, event: event as MachineBattleLine['event'], words: words(r.state) });
      state = r.state;
    }
  }
  return state;
}
