/**
 * The first-player readout of a signed game by mail, drawn by commit and reveal (issue 37).
 *
 * Any digit worked out from what is public when the last call is made (the chain, the calls) lets the
 * last caller try each call they might make and pick the one whose digit suits them. So each player,
 * with their call, commits to a secret (its hash, in the turn); once every player has called, each
 * reveals it in a turn of theirs, checked against the commitment; the digit is SHA-256 over all the
 * secrets. No caller knows the other players' secrets when calling, and once all are committed the
 * last to reveal can only withhold theirs (the game then waits), not change the digit. The calls are
 * left out of the digit on purpose: with them in, a player who knows their own secret could weigh
 * each call of theirs against every call left to the others.
 *
 * A secret is derived from the player's private key and the game's id, so nothing is stored between
 * the call and the reveal, and a player cannot reveal another secret than the one committed to.
 * An unsigned game has no private keys: it keeps the chain's draw (readout.ts), as open to its last
 * caller as any turn of it is to anyone writing in another player's name.
 */
import type { GameState } from '../model/game.ts';
import { canonical, sha256Hex } from './hash.ts';
import type { MailGame } from './mail-game.ts';
import type { Draw, Turn, TurnDraw } from './turn.ts';

/** `privateKey`'s secret for the draw of game `id`. */
export const drawSecret = (privateKey: string, id: string): Promise<string> =>
  sha256Hex(canonical({ secret: 'o2conquest.readout', game: id, privateKey }));

/** The commitment to `secret` a turn carries with its sender's call. */
export const commitOf = (secret: string): Promise<string> =>
  sha256Hex(canonical({ commit: 'o2conquest.readout', secret }));

const allCalled = (s: GameState): boolean => s.players.every((p) => Object.hasOwn(s.firstCalls, p.name));

/** Whether `player` owes the game their secret: a signed game, every player has called, theirs is not out. */
export const revealDue = (game: MailGame, player: string): boolean =>
  game.keys !== undefined &&
  game.state.phase === 'first-player' &&
  allCalled(game.state) &&
  game.draws?.[player]?.reveal === undefined;

/** The secrets revealed so far in `draws`, by player. */
export const secretsOf = (draws: Record<string, Draw> = {}): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(draws).map(([name, d]) => [name, d.reveal]));

/** The readout's digit once every player's secret is revealed, else the sentence naming who is awaited. */
export async function drawnDigit(
  id: string,
  s: GameState,
  secrets: Record<string, string | undefined>,
): Promise<number | string> {
  const waiting = s.players.filter((p) => secrets[p.name] === undefined).map((p) => p.name);
  if (waiting.length > 0)
    return `the readout waits for ${waiting.join(', ')} to reveal the secret committed to with their call`;
  const all = s.players.map((p) => secrets[p.name]);
  const hex = await sha256Hex(canonical({ readout: 'o2conquest.mail.draw', game: id, secrets: all }));
  return parseInt(hex.slice(0, 8), 16) % 10;
}

/**
 * What `sender`'s turn carries of the draw, `after` being the state after its events: the commitment
 * when the turn makes their call, the secret once every player has called (and it is not out yet).
 */
export async function senderDraw(
  game: MailGame,
  sender: string,
  after: GameState,
  privateKey: string,
): Promise<TurnDraw | undefined> {
  const secret = await drawSecret(privateKey, game.id);
  const calls = !Object.hasOwn(game.state.firstCalls, sender) && Object.hasOwn(after.firstCalls, sender);
  const reveals = allCalled(after) && after.phase === 'first-player' && game.draws?.[sender]?.reveal === undefined;
  if (!calls && !reveals) return undefined;
  return { ...(calls ? { commit: await commitOf(secret) } : {}), ...(reveals ? { reveal: secret } : {}) };
}

export type OpenedDraw =
  { ok: true; draws: Record<string, Draw>; digit: number | string } | { ok: false; error: string };

/**
 * A signed turn's draw checked on opening: a commitment with the sender's call and only then, a
 * reveal only once every player has called and only the secret committed to. `beforeReadout` is the
 * state the turn's readout (if any) is read in, else the state after its events.
 */
export async function openDraw(
  game: MailGame,
  turn: Turn,
  sender: string,
  beforeReadout: GameState,
): Promise<OpenedDraw> {
  const no = (why: string): OpenedDraw => ({ ok: false, error: `turn ${turn.number}: ${why}` });
  const called = turn.events.some((e) => e.type === 'first.call');
  const { commit, reveal } = turn.draw ?? {};
  if (commit !== undefined && !called)
    return no(
      `it carries a commitment for the first-player readout but no call of ${sender}'s: a player commits with their call`,
    );
  if (called && commit === undefined)
    return no(
      `${sender}'s call comes without a commitment to a secret: in a signed game the readout is drawn from every player's secret, committed to with their call, so nobody can choose it`,
    );
  const draws: Record<string, Draw> = { ...game.draws };
  if (commit !== undefined) draws[sender] = { commit };
  if (reveal !== undefined) {
    const mine = draws[sender];
    if (mine?.reveal !== undefined) return no(`${sender} revealed their secret for the readout already`);
    if (!allCalled(beforeReadout) || beforeReadout.phase !== 'first-player')
      return no(
        `${sender} reveals their secret for the readout before every player has called: a secret is revealed only once all are committed to`,
      );
    if (!mine || (await commitOf(reveal)) !== mine.commit)
      return no(`the secret ${sender} reveals is not the one ${sender} committed to with their call`);
    draws[sender] = { ...mine, reveal };
  }
  return { ok: true, draws, digit: await drawnDigit(game.id, beforeReadout, secretsOf(draws)) };
}
