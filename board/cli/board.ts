import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { applyEvent } from '../rules/apply.ts';
import { newGame } from '../rules/setup.ts';
import { publicState } from '../rules/view.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { parseScenario, ScenarioError } from '../scenarios/validate.ts';
import { world1982 } from '../scenarios/world.ts';
import { MachineBattles } from './machine-battles.ts';
import type { ControlsLine } from './machine-battles.ts';

const USAGE = `usage: npm run board -- play SCRIPT.jsonl [--scenario FILE] [--battles machine] [--log]
  Applies one JSON event per line and prints the final state as JSON on stdout.
  --scenario FILE     play on a scenario file instead of the 1982 world
  --battles machine   fight battle lines that carry "inputs" (a runner input script, relative to
                      SCRIPT, frame 1 = the frame ENTER is pressed) on the emulated console
  --log               also print the game log (one line per event) on stderr`;

function fail(message: string, code = 1): never {
  process.stderr.write(message.endsWith('\n') ? message : message + '\n');
  process.exit(code);
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    return fail(`cannot read ${what} "${path}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') fail(USAGE, command === undefined ? 2 : 0);
  if (command !== 'play') fail(`unknown command "${command}"\n${USAGE}`, 2);
  let script: string | undefined;
  let scenarioPath: string | undefined;
  let showLog = false;
  let machineBattles = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--scenario') {
      scenarioPath = rest[++i];
      if (!scenarioPath) fail(`--scenario needs a file\n${USAGE}`, 2);
    } else if (a === '--battles') {
      const how = rest[++i];
      if (how !== 'machine') fail(`--battles takes "machine" (got ${how === undefined ? 'nothing' : `"${how}"`})\n${USAGE}`, 2);
      machineBattles = true;
    } else if (a === '--log') showLog = true;
    else if (a.startsWith('-')) fail(`unknown option "${a}"\n${USAGE}`, 2);
    else if (script === undefined) script = a;
    else fail(`only one script, please (got "${script}" and "${a}")\n${USAGE}`, 2);
  }
  if (!script) fail(`play needs a script\n${USAGE}`, 2);

  let scenario: Scenario;
  if (scenarioPath) {
    try {
      scenario = parseScenario(readText(scenarioPath, 'scenario'));
    } catch (e) {
      if (e instanceof ScenarioError) fail(`${scenarioPath}: ${e.message}`);
      throw e;
    }
  } else {
    scenario = world1982();
  }

  let state: GameState = newGame(scenario);
  const machine = machineBattles ? new MachineBattles() : null;
  const lines = readText(script, 'script').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = `${script}:${i + 1}`;
    let event: GameEvent;
    try {
      event = JSON.parse(line) as GameEvent;
    } catch (e) {
      fail(`${where}: not valid JSON (${(e as Error).message})`);
    }
    const raw = event as unknown as Record<string, unknown> | null;
    if (raw?.type === 'controls') {
      if (!machine) fail(`${where}: a controls line needs --battles machine`);
      const problem = machine.controls(state, raw as unknown as ControlsLine);
      if (problem) fail(`${where}: ${problem}`);
      continue;
    }
    let words: ((after: GameState) => string) | null = null;
    if (raw?.type === 'battle' && 'inputs' in raw) {
      if (!machine) fail(`${where}: a battle with "inputs" is fought on the machine: add --battles machine`);
      if ('winner' in raw || 'energy' in raw) fail(`${where}: a battle line carries either "inputs" or "winner"/"energy", not both`);
      if (typeof raw.inputs !== 'string' || raw.inputs === '') fail(`${where}: "inputs" must be the path of a runner input script`);
      try {
        const fought = await machine.fight(state, resolve(dirname(script), raw.inputs));
        event = fought.event;
        words = fought.words;
      } catch (e) {
        fail(`${where}: the battle on the machine failed: ${(e as Error).message}`);
      }
    }
    const r = applyEvent(state, event);
    if (!r.ok) {
      if (showLog) process.stderr.write(state.log.join('\n') + '\n');
      fail(`${where}: ${(event as { type?: string } | null)?.type ?? 'event'} ${formatRefusal(r.refusal)}`);
    }
    if (words && showLog) process.stderr.write(`${where}: ${words(r.state)}\n`);
    state = r.state;
  }
  if (showLog) process.stderr.write(state.log.join('\n') + '\n');
  process.stdout.write(JSON.stringify(publicState(state), null, 2) + '\n');
}

await main(process.argv.slice(2));
