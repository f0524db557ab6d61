import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { publicState } from '../rules/public-state.ts';
import { parseScenario, ScenarioError } from '../scenarios/validate.ts';
import { world1982 } from '../scenarios/world.ts';
import { depthProblem } from './json-depth.ts';
import { MachineBattles } from './machine-battles.ts';
import { PlayError, playScript } from './play-script.ts';
import { readTextFile } from './read-text.ts';
import { MAIL_USAGE } from './mail-usage.ts';

const USAGE = `usage: npm run board -- play SCRIPT.jsonl [--scenario FILE] [--battles machine] [--log]
       npm run board -- play --players "Ann:hard,Bob:easy" --seed N [--scenario FILE] [--log]
  Applies one JSON event per line and prints the final state as JSON on stdout.
  --scenario FILE     play on a scenario file instead of the 1982 world
  --battles machine   fight battle lines that carry "inputs" (a runner input script, relative to
                      SCRIPT, frame 1 = the frame ENTER is pressed) on the emulated console
  --players LIST      no script: 2-6 computer players (NAME:LEVEL, level easy, medium or hard,
                      in seating order) play a whole game, every battle on the emulated console
  --seed N            with --players: the game's seed (the same seed plays the same game)
  --log               also print the game log (one line per event) on stderr; with --players,
                      also each computer move with its reason and each battle
${MAIL_USAGE}`;

function fail(message: string, code = 1): never {
  process.stderr.write(message.endsWith('\n') ? message : message + '\n');
  process.exit(code);
}

/** A scenario nests zones, countries and their fields: a handful of levels. */
const MAX_SCENARIO_DEPTH = 32;

/** Through the shared reader (read-text.ts): /dev/zero or a FIFO is refused, not read for ever. */
function readText(path: string, what: string): string {
  try {
    return readTextFile(path, what);
  } catch (e) {
    return fail((e as Error).message);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') fail(USAGE, command === undefined ? 2 : 0);
  if (command === 'mail') {
    // Loaded only for this command, so a script's play starts no slower.
    const { mailMain } = await import('./mail.ts');
    const io = { stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };
    process.exitCode = await mailMain(rest, io, USAGE);
    return;
  }
  if (command !== 'play') fail(`unknown command "${command}"\n${USAGE}`, 2);
  const args = playArguments(rest);
  const scenario = args.scenarioPath ? readScenario(args.scenarioPath) : world1982();
  if (args.computer) {
    // Loaded only for this mode, so a script's play starts no slower.
    const { playComputerCli } = await import('./computer-game.ts');
    const problem = await playComputerCli(args.players!, args.seed!, scenario, args.showLog);
    if (problem) fail(`${problem}\n${USAGE}`, 2);
    return;
  }
  await playScriptCli(args.script!, scenario, args.machineBattles, args.showLog);
}

/** What `play` was given: a script, or computer players with a seed; the options around them. */
interface PlayArguments {
  script: string | undefined;
  scenarioPath: string | undefined;
  showLog: boolean;
  machineBattles: boolean;
  players: string | undefined;
  seed: string | undefined;
  /** `--players` (and `--seed`): computer players play a whole game, no script. */
  computer: boolean;
}

/** Reads `play`'s arguments, ending the run with the usage when they do not make one game. */
function playArguments(rest: string[]): PlayArguments {
  let script: string | undefined;
  let scenarioPath: string | undefined;
  let showLog = false;
  let machineBattles = false;
  let players: string | undefined;
  let seed: string | undefined;
  const given = new Set<string>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    // A second --scenario (or --seed ...) silently replacing the first would play another game.
    if (a.startsWith('--') && a !== '--log' && given.has(a)) fail(`${a} is given twice; give it once\n${USAGE}`, 2);
    given.add(a);
    if (a === '--scenario') {
      scenarioPath = rest[++i];
      if (!scenarioPath) fail(`--scenario needs a file\n${USAGE}`, 2);
    } else if (a === '--battles') {
      const how = rest[++i];
      if (how !== 'machine')
        fail(`--battles takes "machine" (got ${how === undefined ? 'nothing' : `"${how}"`})\n${USAGE}`, 2);
      machineBattles = true;
    } else if (a === '--players' || a === '--seed') {
      const v = rest[++i];
      if (v === undefined) fail(`${a} needs a value\n${USAGE}`, 2);
      if (a === '--players') players = v;
      else seed = v;
    } else if (a === '--log') showLog = true;
    else if (a.startsWith('-')) fail(`unknown option "${a}"\n${USAGE}`, 2);
    else if (script === undefined) script = a;
    else fail(`only one script, please (got "${script}" and "${a}")\n${USAGE}`, 2);
  }
  const computer = players !== undefined || seed !== undefined;
  if (computer && script) fail(`--players plays a whole game without a script (got "${script}")\n${USAGE}`, 2);
  if (computer && machineBattles)
    fail(`--players always fights its battles on the machine; leave out --battles\n${USAGE}`, 2);
  if (computer && players === undefined) fail(`--seed goes with --players\n${USAGE}`, 2);
  if (computer && seed === undefined) fail(`--players needs --seed N\n${USAGE}`, 2);
  if (!computer && !script) fail(`play needs a script\n${USAGE}`, 2);
  return { script, scenarioPath, showLog, machineBattles, players, seed, computer };
}

/** A scenario file, checked as the editor checks one; a bad one ends the run with the file's name. */
function readScenario(scenarioPath: string): Scenario {
  const text = readText(scenarioPath, 'scenario');
  const tooDeep = depthProblem(text, MAX_SCENARIO_DEPTH, 'the scenario');
  if (tooDeep) fail(`${scenarioPath}: invalid scenario: ${tooDeep}`);
  try {
    return parseScenario(text);
  } catch (e) {
    if (e instanceof ScenarioError) fail(`${scenarioPath}: ${e.message}`);
    throw e;
  }
}

/** Plays a script and prints the final state; a refused line ends the run with its reason. */
async function playScriptCli(
  script: string,
  scenario: Scenario,
  machineBattles: boolean,
  showLog: boolean,
): Promise<void> {
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
