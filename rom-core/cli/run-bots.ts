/** `o2 run --bot`: computer players on the hand controls, and each battle's end in words from the mailbox. */
import { BattleBot, RandomStick, parseBotSpec } from '../bot/index.ts';
import { MAILBOX } from '../roms/carts/mailbox.ts';
import { UsageError, reason as why } from './command.ts';
import type { ParsedArgs } from './command.ts';

const str = (args: ParsedArgs, name: string): string | undefined => {
  const v = args.options.get(name);
  return typeof v === 'string' ? v : undefined;
};

export type RunBot = BattleBot | RandomStick;

/** --bot SIDE:LEVEL (left = J0, red; right = J1, blue), at most one a side; --seed N for all of them. */
export function botsOf(args: ParsedArgs): RunBot[] {
  const specs = args.lists.get('bot') ?? [];
  const seedText = str(args, 'seed');
  if (seedText !== undefined && !/^[0-9]{1,9}$/.test(seedText))
    throw new UsageError(`--seed needs a whole number from 0 to 999999999, got '${seedText}'`);
  if (seedText !== undefined && specs.length === 0) throw new UsageError('--seed is for --bot: give a bot as well');
  const seed = seedText === undefined ? 1 : Number(seedText);
  const bots: RunBot[] = [];
  for (const text of specs) {
    let spec;
    try {
      spec = parseBotSpec(text);
    } catch (e) {
      throw new UsageError(`--bot: ${why(e)}`);
    }
    if (bots.some((b) => b.stick === spec.stick))
      throw new UsageError(`--bot: two bots for the ${spec.stick === 0 ? 'left' : 'right'} hand control`);
    bots.push(
      spec.level === 'random' ? new RandomStick(spec.stick, seed) : new BattleBot(spec.stick, spec.level, seed),
    );
  }
  return bots;
}

/** "battle 3 over: red wins (a weapon destroyed); energy left red 1234, blue 0" from the mailbox. */
export function battleWords(eram: Uint8Array): string {
  const bcd = (b: number): number => (b >> 4) * 10 + (b & 15);
  const energy = (at: number): number => bcd(eram[at + 1]) * 100 + bcd(eram[at + 2]);
  const winner = ['nobody wins', 'red wins', 'blue wins', 'both destroyed'][eram[MAILBOX.winner]] ?? 'nobody wins';
  const how = eram[MAILBOX.reason] === 2 ? 'out of energy' : 'a weapon destroyed';
  return `battle ${eram[MAILBOX.battles]} over: ${winner} (${how}); energy left red ${energy(MAILBOX.red)}, blue ${energy(MAILBOX.blue)}`;
}
