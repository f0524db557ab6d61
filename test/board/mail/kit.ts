/** Games by mail for the tests: Ann and Bob on the tiny board, and turns made by hand. */
import type { GameEvent, MailGame, StandingOrders, Turn, TurnBody } from '../../../board/index.ts';
import { encodeTurnText, newMailGame, turnHash, TURN_FORMAT, TURN_VERSION } from '../../../board/index.ts';
import { seated, tinyScenario, warOnB1 } from '../helpers.ts';

/** Ann and Bob seated on the tiny board, Ann first: Ann chooses her homeland first (rule 8). */
export const homelandsGame = (): Promise<MailGame> =>
  newMailGame(seated(['Ann', 'Bob'], 'Ann', {}, tinyScenario), 'game-one');

/** Ann has attacked B1, Bob's home-zone ally: both weapons are still to choose. */
export const warGame = (orders: Partial<Record<'Ann' | 'Bob', StandingOrders>> = {}): Promise<MailGame> =>
  newMailGame(warOnB1(), 'game-war').then((g) => ({ ...g, orders: { ...g.orders, ...orders } }));

/** A turn made by hand for `game` (the next in its chain unless told), hashed as sendTurn does. */
export async function craft(
  game: MailGame,
  player: string,
  events: GameEvent[],
  over: Partial<TurnBody> = {},
): Promise<{ turn: Turn; text: string }> {
  const body: TurnBody = {
    format: TURN_FORMAT,
    version: TURN_VERSION,
    game: game.id,
    number: game.chain.number + 1,
    previous: game.chain.hash,
    player,
    events,
    orders: { absent: 'wait' },
    ...over,
  };
  const turn: Turn = { ...body, hash: await turnHash(body) };
  return { turn, text: await encodeTurnText(JSON.stringify(turn)) };
}

/** The turn's JSON as text, encoded as a turn with no further check (for edited and malformed turns). */
export const encodeJson = (json: string): Promise<string> => encodeTurnText(json);
