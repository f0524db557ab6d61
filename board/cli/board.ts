import { readFileSync } from 'node:fs';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { publicState } from '../rules/view.ts';
import { parseScenario, ScenarioError } from '../scenarios/validate.ts';
import { world1982 } from '../scenarios/world.ts';
import { MachineBattles } from './machine-battles.ts';
import { PlayError, playScript } from './play-script.ts';

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

  const machine = machineBattles ? new MachineBattles() : null;
  let state: GameState;
  try {
    state = await playScript(readText(script, 'script'), script, scenario, {
      machine,
      onMachineBattle: (b) => {
        if (showLog) process.stderr.write(`${script}:${b.line}: ${b.words}\n`);
      },
    });
  } catch (e) {
    if (!(e instanceof PlayError)) throw e;
    if (showLog) process.stderr.write(e.state.log.join('\n') + '\n');
    fail(e.message);
  }
  if (showLog) process.stderr.write(state.log.join('\n') + '\n');
  process.stdout.write(JSON.stringify(publicState(state), null, 2) + '\n');
}

await main(process.argv.slice(2));
