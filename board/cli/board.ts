import { readFileSync } from 'node:fs';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { applyEvent } from '../rules/apply.ts';
import { newGame } from '../rules/setup.ts';
import { publicState } from '../rules/view.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { parseScenario, ScenarioError } from '../scenarios/validate.ts';
import { world1982 } from '../scenarios/world.ts';

const USAGE = `usage: npm run board -- play SCRIPT.jsonl [--scenario FILE] [--log]
  Applies one JSON event per line and prints the final state as JSON on stdout.
  --scenario FILE  play on a scenario file instead of the 1982 world
  --log            also print the game log (one line per event) on stderr`;

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

function main(argv: string[]): void {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') fail(USAGE, command === undefined ? 2 : 0);
  if (command !== 'play') fail(`unknown command "${command}"\n${USAGE}`, 2);
  let script: string | undefined;
  let scenarioPath: string | undefined;
  let showLog = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--scenario') {
      scenarioPath = rest[++i];
      if (!scenarioPath) fail(`--scenario needs a file\n${USAGE}`, 2);
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
  const lines = readText(script, 'script').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    let event: GameEvent;
    try {
      event = JSON.parse(line) as GameEvent;
    } catch (e) {
      fail(`${script}:${i + 1}: not valid JSON (${(e as Error).message})`);
    }
    const r = applyEvent(state, event);
    if (!r.ok) {
      if (showLog) process.stderr.write(state.log.join('\n') + '\n');
      fail(`${script}:${i + 1}: ${(event as { type?: string } | null)?.type ?? 'event'} ${formatRefusal(r.refusal)}`);
    }
    state = r.state;
  }
  if (showLog) process.stderr.write(state.log.join('\n') + '\n');
  process.stdout.write(JSON.stringify(publicState(state), null, 2) + '\n');
}

main(process.argv.slice(2));
