/**
 * `npm run board -- mail new|send|open ...`: Conquest of the World by mail. A game by mail is a JSON
 * file each player keeps a copy of; a turn is a small text file (or the `#fragment` of a link) holding
 * the events since the last turn, chained to it by its hash (board/mail). A refused turn writes
 * nothing: the game file is left as it was, the sentence goes to stderr and the exit code is 1.
 */
import { isLevel, LEVELS } from '../ai/levels.ts';
import type { Level } from '../ai/levels.ts';
import type { GameEvent } from '../model/events.ts';
import type { Scenario } from '../model/scenario.ts';
import { applyEvent } from '../rules/apply.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { newGame } from '../rules/setup.ts';
import { parseScenario, ScenarioError } from '../scenarios/validate.ts';
import { world1982 } from '../scenarios/world.ts';
import type { MailGame } from '../mail/mail-game.ts';
import { deserializeMailGame, newMailGame, serializeMailGame } from '../mail/mail-game.ts';
import { openTurn } from '../mail/open.ts';
import { sendTurn } from '../mail/send.ts';
import type { StandingOrders } from '../mail/turn.ts';
import { MAX_TURN_CHARS } from '../mail/codec.ts';
import { depthProblem } from './json-depth.ts';
import { machineAbsentBattles } from './mail-battles.ts';
import { checkOutputs, gameAt, readInput as read, Refused, writeFiles } from './mail-files.ts';
import { readKeyFile, readPublicKeys, writeKeyFiles } from './mail-keys.ts';
import { MAIL_USAGE } from './mail-usage.ts';
import { MAX_EVENT_DEPTH } from './play-script.ts';

export interface MailIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A mistake on the command line: exit code 2 with the usage. */
class UsageError extends Error {}

/** Options that take no value. */
const SWITCHES: Record<string, string[]> = { new: ['--force'], send: [], open: [], key: [] };
const VALUED: Record<string, string[]> = {
  new: ['--players', '--out', '--banker', '--scenario', '--id', '--keys'],
  send: ['--game', '--events', '--player', '--out', '--orders', '--stick', '--key'],
  open: ['--game', '--turn', '--out'],
  key: ['--player', '--out', '--public'],
};
const REQUIRED: Record<string, string[]> = {
  new: ['--players', '--out'],
  send: ['--game', '--events', '--player', '--out'],
  open: ['--game', '--turn', '--out'],
  key: ['--player', '--out', '--public'],
};

function parseFlags(sub: string, rest: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (SWITCHES[sub].includes(a) && !flags.has(a)) {
      flags.set(a, '');
      continue;
    }
    if (!VALUED[sub].includes(a) && !SWITCHES[sub].includes(a))
      throw new UsageError(
        a.startsWith('-')
          ? `mail ${sub}: unknown option "${a}"`
          : `mail ${sub}: unexpected "${a}" (every input is given with its option)`,
      );
    if (flags.has(a)) throw new UsageError(`${a} is given twice; give it once`);
    const v = rest[++i];
    if (v === undefined || v === '') throw new UsageError(`${a} needs a value`);
    flags.set(a, v);
  }
  for (const r of REQUIRED[sub]) if (!flags.has(r)) throw new UsageError(`mail ${sub} needs ${r}`);
  return flags;
}

/** `--game FILE` as checkOutputs names it. */
const named = (flags: Map<string, string>, option: string) => ({ option, path: flags.get(option)! });

function loadGame(path: string): MailGame {
  const text = read(path, 'game');
  const deep = depthProblem(text, 64, 'the game');
  if (deep) throw new Refused(`${path}: ${deep}`);
  const loaded = deserializeMailGame(text);
  if (!loaded.ok) throw new Refused(`${path}: ${loaded.error}`);
  return loaded.game;
}

/** A JSON list of events, or one event a line (blank lines and lines starting with # left out). */
export function parseEvents(text: string, path: string): unknown[] {
  const deep = depthProblem(text, MAX_EVENT_DEPTH + 1, 'the events');
  if (deep) throw new Refused(`${path}: ${deep}`);
  const t = text.trim();
  const parse = (s: string, where: string): unknown => {
    try {
      return JSON.parse(s);
    } catch (e) {
      throw new Refused(`${where}: not valid JSON (${(e as Error).message})`);
    }
  };
  if (t.startsWith('[')) return parse(t, path) as unknown[];
  return text
    .split(/\r?\n/)
    .flatMap((line, i) => (line.trim() === '' || line.trim().startsWith('#') ? [] : [parse(line, `${path}:${i + 1}`)]));
}

function parseOrders(spec: string | undefined): StandingOrders | undefined {
  if (spec === undefined) return undefined;
  if (spec === 'wait') return { absent: 'wait' };
  const level = spec.startsWith('bot:') ? spec.slice(4) : '';
  if (!isLevel(level))
    throw new UsageError(`--orders takes "wait" or bot:LEVEL with LEVEL ${LEVELS.join(', ')} (got "${spec}")`);
  return { absent: 'bot', level };
}

function parseStick(spec: string | undefined): Level | null {
  if (spec === undefined) return null;
  if (!isLevel(spec)) throw new UsageError(`--stick takes ${LEVELS.join(', ')} (got "${spec}")`);
  return spec;
}

async function mailNew(flags: Map<string, string>, io: MailIo): Promise<void> {
  let scenario: Scenario = world1982();
  const scenarioPath = flags.get('--scenario');
  const keysSpec = flags.get('--keys');
  const keyFiles = keysSpec === undefined ? [] : keysSpec.split(',').map((p) => p.slice(p.lastIndexOf('=') + 1).trim());
  checkOutputs(
    [named(flags, '--out')],
    [
      ...(scenarioPath === undefined ? [] : [named(flags, '--scenario')]),
      ...keyFiles.map((path) => ({ option: '--keys', path })),
    ],
  );
  const inProgress = flags.has('--force') ? null : gameAt(flags.get('--out')!, '--out');
  if (inProgress) throw new Refused(inProgress);
  if (scenarioPath) {
    const text = read(scenarioPath, 'scenario');
    const deep = depthProblem(text, 32, 'the scenario');
    if (deep) throw new Refused(`${scenarioPath}: invalid scenario: ${deep}`);
    try {
      scenario = parseScenario(text);
    } catch (e) {
      if (e instanceof ScenarioError) throw new Refused(`${scenarioPath}: ${e.message}`);
      throw e;
    }
  }
  const players = flags
    .get('--players')!
    .split(',')
    .map((p) => {
      const i = p.lastIndexOf(':');
      return { name: (i < 0 ? p : p.slice(0, i)).trim(), color: i < 0 ? '' : p.slice(i + 1).trim() };
    });
  const banker = flags.get('--banker');
  const setup: GameEvent = { type: 'setup', players, ...(banker === undefined ? {} : { banker }) };
  const r = applyEvent(newGame(scenario), setup);
  if (!r.ok)
    throw new Refused(
      `the game cannot be set up: ${formatRefusal(r.refusal)} (--players is NAME:COLOUR,NAME:COLOUR,...)`,
    );
  let game: MailGame;
  try {
    game = await newMailGame(
      r.state,
      flags.get('--id'),
      keysSpec === undefined ? undefined : readPublicKeys(keysSpec).keys,
    );
  } catch (e) {
    if (e instanceof Refused) throw e;
    throw new Refused((e as Error).message);
  }
  writeFiles([{ path: flags.get('--out')!, data: serializeMailGame(game) + '\n' }]);
  io.stdout(
    `game ${game.id} by mail${game.keys ? ', signed' : ' (unsigned: --keys signs its turns)'}: ${game.state.players.map((p) => p.name).join(', ')}; written to ${flags.get('--out')}; turn 1 is next (mail send)\n`,
  );
}

async function mailSend(flags: Map<string, string>, io: MailIo): Promise<void> {
  const orders = parseOrders(flags.get('--orders'));
  const stick = parseStick(flags.get('--stick'));
  const gamePath = flags.get('--game')!;
  // The game file is read and written again (it moves on a turn); the turn must be another file.
  const keyPath = flags.get('--key');
  checkOutputs(
    [named(flags, '--game'), named(flags, '--out')],
    [named(flags, '--events'), ...(keyPath === undefined ? [] : [named(flags, '--key')])],
  );
  const key = keyPath === undefined ? undefined : await readKeyFile(keyPath);
  const game = loadGame(gamePath);
  const eventsPath = flags.get('--events')!;
  const events = parseEvents(read(eventsPath, 'events'), eventsPath);
  let fought = 0;
  const sent = await sendTurn(game, flags.get('--player')!, events, {
    orders,
    battles: machineAbsentBattles(stick),
    // The bots hold both controls here: the battles are recorded, and every player fights them again on opening.
    ...(stick === null ? {} : { stick }),
    privateKey: key?.privateKey,
    onBattle: (b, o) => {
      fought++;
      const { attacker: a, defender: d } = b.request;
      io.stderr(
        `battle on the machine (${b.absent}'s standing orders: bot ${b.level}): ${a.player} ${a.weapon} ${a.energy} v ${d.player} ${d.weapon} ${d.energy} -> ${o.winner}, energy left ${o.energy.attacker} / ${o.energy.defender}\n`,
      );
    },
  });
  if (!sent.ok)
    throw new Refused(
      game.keys && !key ? `${sent.error} (give --key with your key file, made by mail key)` : sent.error,
    );
  const out = flags.get('--out')!;
  // The turn first: should the game's rename fail, the turn is there and the game has not moved on.
  writeFiles([
    { path: out, data: sent.text + '\n' },
    { path: gamePath, data: serializeMailGame(sent.game) + '\n' },
  ]);
  const readouts = (list: readonly unknown[]) =>
    list.filter((e) => (e as { type?: unknown }).type === 'first.readout').length;
  // The readout the chain draws once every player has called is no standing order's.
  const drawn = readouts(sent.turn.events) - readouts(events);
  const made = sent.turn.events.length - events.length - drawn;
  io.stdout(
    `turn ${sent.turn.number} from ${sent.turn.player}: ${sent.turn.events.length} event(s)` +
      `${made > 0 ? `, ${made} of them by standing orders (${fought} battle(s) on the machine)` : ''}` +
      `${drawn > 0 ? ', the first-player readout drawn' : ''}; written to ${out} (${sent.text.length} characters); ${gamePath} is at turn ${sent.turn.number}\n`,
  );
  for (const line of sent.game.state.log.slice(game.state.log.length)) io.stdout(`  ${line}\n`);
}

async function mailOpen(flags: Map<string, string>, io: MailIo): Promise<void> {
  // --out may be --game itself (the game moves on in place, written whole once the turn is accepted).
  checkOutputs([named(flags, '--out')], [named(flags, '--turn')]);
  const game = loadGame(flags.get('--game')!);
  const turnPath = flags.get('--turn')!;
  // A little over the longest turn text: a file far past it is refused before it is read whole.
  const text = read(turnPath, 'turn', MAX_TURN_CHARS * 4 + 4096);
  // The battles the battle bots fought alone are fought again here, on this machine (bot-battles.ts).
  const opened = await openTurn(text, game, { refight: machineAbsentBattles(null) });
  if (!opened.ok) throw new Refused(`${turnPath}: ${opened.error}`);
  writeFiles([{ path: flags.get('--out')!, data: serializeMailGame(opened.game) + '\n' }]);
  io.stdout(
    `turn ${opened.turn.number} from ${opened.turn.player} opened${opened.signed ? ` (signed by ${opened.turn.player})` : ' (unsigned game: its turns carry no signature)'}: ${opened.turn.events.length} event(s)${opened.refought > 0 ? `, ${opened.refought} battle(s) of the battle bots fought again here with the same results` : ''}; the game is at turn ${opened.turn.number}; written to ${flags.get('--out')}\n`,
  );
  for (const line of opened.game.state.log.slice(game.state.log.length)) io.stdout(`  ${line}\n`);
}

/** Runs `mail ...` (argv after "mail"); returns the exit code: 0 done, 1 refused (nothing written), 2 usage. */
export async function mailMain(argv: string[], io: MailIo, usage: string): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`usage: ${MAIL_USAGE.trimStart()}\n`);
    return 0;
  }
  try {
    if (sub === undefined) throw new UsageError('mail needs new, send, open or key');
    // An own key: "constructor" or "toString" is no mail command.
    if (!Object.hasOwn(VALUED, sub)) throw new UsageError(`unknown mail command "${sub}" (new, send, open or key)`);
    const flags = parseFlags(sub, rest);
    if (sub === 'key')
      io.stdout(await writeKeyFiles(flags.get('--player')!, flags.get('--out')!, flags.get('--public')!));
    else await (sub === 'new' ? mailNew : sub === 'send' ? mailSend : mailOpen)(flags, io);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`${e.message}\n${usage}\n`);
      return 2;
    }
    if (e instanceof Refused) {
      io.stderr(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
