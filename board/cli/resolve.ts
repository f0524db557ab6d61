/**
 * npm run resolve: the combat resolver for umpires who run turns in scripts (README.md, "Combat
 * resolver"). Prints one JSON object; errors are sentences on stderr with a non-zero exit.
 */
import { readRegularFile } from '../../rom-core/cli/index.ts';
import type { Weapon } from '../model/game.ts';
import {
  PRESETS,
  parseTable,
  resolveBattle,
  TableError,
  WINNERS,
  type BattleWinner,
  type Game,
  type PresetName,
} from '../resolver/index.ts';
import { programFor, ResolveError } from '../resolver/resolve.ts';
import { MachineBattles } from './machine-battles.ts';

const USAGE = `usage: npm run resolve -- --game origins|battleplan|umpire|FILE.json --attacker N --defender N
         (--winner attacker|defender|both-destroyed --energy A,D | --battles machine --inputs SCRIPT)
         [--area NAME] [--top N] [--weapons tank|sub|plane,tank|sub|plane]
  --energy A,D      the energy units each side had left when the battle ended
  --battles machine fight the battle on the emulated console, playing the runner input script SCRIPT
                    (frame 1 = the frame ENTER went down; the attacker holds the left control)
  --top N           the stronger side's energy (default 5000; the weaker gets its share)`;

function fail(message: string, code = 1): never {
  process.stderr.write(message + '\n');
  process.exit(code);
}

const MAX_TABLE_BYTES = 1 << 20;

const WEAPONS: readonly Weapon[] = ['tank', 'sub', 'plane'];

function gameOf(name: string): Game {
  if ((PRESETS as readonly string[]).includes(name)) return name as PresetName;
  if (!name.endsWith('.json'))
    fail(`The game must be origins, battleplan, umpire or a table file ending in .json, not "${name}".`, 2);
  let text: string;
  try {
    // The shared reader refuses /dev/zero or a FIFO, and any table past 1 MiB (real ones are a few KiB).
    text = readRegularFile(name, MAX_TABLE_BYTES).toString('utf8');
  } catch (e) {
    return fail(`Cannot read the table "${name}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
  try {
    return parseTable(text);
  } catch (e) {
    if (e instanceof TableError) fail(`The table "${name}" is not usable: ${e.message}`);
    throw e;
  }
}

function numberOf(flag: string, v: string | undefined): number {
  const n = Number(v);
  if (v === undefined || v.trim() === '' || !Number.isFinite(n))
    fail(`${flag} needs a number, not ${JSON.stringify(v ?? '')}.`, 2);
  return n;
}

function pairOf(flag: string, v: string | undefined): [string, string] {
  const parts = (v ?? '').split(',');
  if (parts.length !== 2 || parts.some((p) => p.trim() === ''))
    fail(`${flag} needs two values separated by a comma (attacker,defender), not ${JSON.stringify(v ?? '')}.`, 2);
  return [parts[0].trim(), parts[1].trim()];
}

async function main(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv.includes('--help')) fail(USAGE, argv.length === 0 ? 2 : 0);
  const opts = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    if (
      ![
        '--game',
        '--attacker',
        '--defender',
        '--winner',
        '--energy',
        '--battles',
        '--inputs',
        '--area',
        '--top',
        '--weapons',
      ].includes(flag)
    ) {
      fail(`Unknown option "${flag}".\n${USAGE}`, 2);
    }
    if (argv[i + 1] === undefined) fail(`${flag} needs a value.`, 2);
    // Taking the last of two silently would resolve another battle than the one asked for.
    if (opts.has(flag))
      fail(
        `${flag} is given twice (${JSON.stringify(opts.get(flag))} and ${JSON.stringify(argv[i + 1])}); give it once.`,
        2,
      );
    opts.set(flag, argv[i + 1]);
  }
  for (const f of ['--game', '--attacker', '--defender']) if (!opts.has(f)) fail(`${f} is required.\n${USAGE}`, 2);
  const machine = opts.has('--battles');
  if (machine && opts.get('--battles') !== 'machine')
    fail(`--battles takes only "machine", not "${opts.get('--battles')}".`, 2);
  if (machine && (opts.has('--winner') || opts.has('--energy')))
    fail('Give either the outcome (--winner, --energy) or --battles machine, not both.', 2);
  if (machine && !opts.has('--inputs')) fail('--battles machine needs --inputs SCRIPT (a runner input script).', 2);
  if (!machine && (!opts.has('--winner') || !opts.has('--energy')))
    fail(`Give the battle's outcome (--winner and --energy) or --battles machine.\n${USAGE}`, 2);

  const setup = {
    game: gameOf(opts.get('--game')!),
    attacker: numberOf('--attacker', opts.get('--attacker')),
    defender: numberOf('--defender', opts.get('--defender')),
    area: opts.get('--area'),
    scale: opts.has('--top') ? { top: numberOf('--top', opts.get('--top')) } : undefined,
  };
  try {
    let winner: BattleWinner;
    let left: { attacker: number; defender: number };
    if (machine) {
      const [wa, wd] = pairOf('--weapons', opts.get('--weapons') ?? 'tank,tank');
      for (const w of [wa, wd])
        if (!(WEAPONS as readonly string[]).includes(w)) fail(`A weapon is tank, sub or plane, not "${w}".`, 2);
      const { energy } = programFor(setup);
      const battles = new MachineBattles();
      const outcome = await battles.fightRequest(
        {
          country: setup.area ?? null,
          attacker: { player: 'attacker', weapon: wa as Weapon, energy: energy.attacker },
          defender: { player: 'defender', weapon: wd as Weapon, energy: energy.defender },
        },
        opts.get('--inputs')!,
      );
      winner = outcome.winner;
      left = outcome.energy;
    } else {
      const w = opts.get('--winner')!;
      if (!(WINNERS as readonly string[]).includes(w))
        fail(`--winner must be attacker, defender or both-destroyed, not "${w}".`, 2);
      winner = w as BattleWinner;
      const [a, d] = pairOf('--energy', opts.get('--energy'));
      left = { attacker: numberOf('--energy', a), defender: numberOf('--energy', d) };
    }
    process.stdout.write(JSON.stringify(resolveBattle(setup, { winner, left })) + '\n');
  } catch (e) {
    if (e instanceof ResolveError) fail(e.message);
    fail((e as Error).message);
  }
}

await main(process.argv.slice(2));
