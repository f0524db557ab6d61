/**
 * Opening a turn by mail: every check in order, each refusal one sentence, and nothing changed by a
 * refused turn (the game passed in is never touched; a new one is returned).
 */
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import { applyEvent } from '../rules/apply.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { shownName } from '../model/names.ts';
import { decodeTurnText } from './codec.ts';
import { turnHash } from './hash.ts';
import { verifyHash } from './keys.ts';
import type { MailGame } from './mail-game.ts';
import { seatOf } from './mail-game.ts';
import { checkTurnShape } from './schema.ts';
import { openDraw } from './draw.ts';
import { drawnProblem, mailReadout } from './readout.ts';
import type { ReadoutOf } from './readout.ts';
import { eventWords, seatProblem } from './seats.ts';
import { checkBotBattles } from './bot-battles.ts';
import type { AbsentBattlePort } from './standing.ts';
import type { Draw, Turn } from './turn.ts';

/**
 * `signed`: the turn's signature was checked against its sender's key (false in an unsigned game).
 * `refought`: how many of the turn's bot battles were fought again here (none without a machine).
 */
export type Opened =
  { ok: true; game: MailGame; turn: Turn; signed: boolean; refought: number } | { ok: false; error: string };

export interface OpenOptions {
  /**
   * Where the battles the battle bots fought alone are fought again (the CLI: the emulated machine).
   * Without it they are checked against the chain and the standing orders, and taken as sent.
   */
  refight?: AbsentBattlePort;
}

/**
 * The state after `events` (and the state before each of them), or the sentence naming the first
 * event the rules refuse and their rule.
 */
export function applyTurnEvents(
  state: GameState,
  events: readonly GameEvent[],
): { ok: true; state: GameState; before: GameState[] } | { ok: false; error: string } {
  let s = state;
  const before: GameState[] = [];
  for (let i = 0; i < events.length; i++) {
    const r = applyEvent(s, events[i]);
    if (!r.ok) return { ok: false, error: `${eventWords(events[i], i)} is ${formatRefusal(r.refusal)}` };
    before.push(s);
    s = r.state;
  }
  return { ok: true, state: s, before };
}

/**
 * Opens a turn for `game`: decodes it, checks its shape, its hash, its game, its place in the chain,
 * its events (by the rules engine, in order) and that they are the sender's; returns the game after
 * it, or the sentence saying why it was refused.
 */
export async function openTurn(text: string, game: MailGame, options: OpenOptions = {}): Promise<Opened> {
  const decoded = await decodeTurnText(text);
  if (!decoded.ok) return decoded;
  const shaped = checkTurnShape(decoded.value);
  if (!shaped.ok) return shaped;
  const turn = shaped.turn;
  if ((await turnHash(turn)) !== turn.hash) {
    return {
      ok: false,
      error: `this turn (turn ${turn.number}) was edited after it was sent: its content does not match its hash; it was refused`,
    };
  }
  if (turn.game !== game.id)
    return { ok: false, error: `this turn is for another game (${turn.game}), not this one (${game.id})` };
  const last = game.chain.number;
  if (turn.number <= last)
    return {
      ok: false,
      error: `this turn (turn ${turn.number}) was already applied (this game is at turn ${last}); it was refused`,
    };
  if (turn.number > last + 1) {
    const missing =
      turn.number - 1 === last + 1 ? `turn ${last + 1} is` : `turns ${last + 1} to ${turn.number - 1} are`;
    return {
      ok: false,
      error: `${missing} missing before this one (turn ${turn.number}); open ${last + 1 === turn.number - 1 ? 'it' : 'them'} first`,
    };
  }
  if (turn.previous !== game.chain.hash) {
    return {
      ok: false,
      error: `turn ${turn.number} does not follow turn ${last} of this game (it was made from another copy of the game, or turn ${last} here is not the one its sender saw); it was refused`,
    };
  }
  const sender = seatOf(game, turn.player);
  if (sender === null)
    return { ok: false, error: `this turn was sent by ${shownName(turn.player)}, who is not a player of this game` };
  const unsigned = await signatureProblem(turn, game, sender);
  if (unsigned) return { ok: false, error: `${unsigned}; it was refused` };
  const played = applyTurnEvents(game.state, turn.events);
  if (!played.ok)
    return { ok: false, error: `turn ${turn.number} from ${sender}: ${played.error}; the turn was refused` };
  const refused = (bad: string): Opened => ({ ok: false, error: `turn ${turn.number}: ${bad}; the turn was refused` });
  for (let i = 0; i < turn.events.length; i++) {
    const bad = seatProblem(turn.events[i], i, sender, game.orders);
    if (bad) return refused(bad);
  }
  const drawn = await turnDraw(game, turn, sender, played);
  if (!drawn.ok) return { ok: false, error: `${drawn.error}; the turn was refused` };
  for (let i = 0; i < turn.events.length; i++) {
    const bad = await drawnProblem(turn.events[i], i, played.before[i], sender, drawn.readout);
    if (bad) return refused(bad);
  }
  // Last, as the slowest: the battle bots' battles fought again on this player's machine.
  const bots = await checkBotBattles(turn, sender, game.orders, played.before, options.refight);
  if (!bots.ok) return bots;
  const next: MailGame = {
    id: game.id,
    chain: { number: turn.number, hash: turn.hash },
    orders: { ...game.orders, [sender]: { ...turn.orders } },
    state: played.state,
  };
  const { refought } = bots;
  if (!game.keys) return { ok: true, turn, signed: false, refought, game: next };
  const draws = drawn.draws && Object.keys(drawn.draws).length > 0 ? { draws: drawn.draws } : {};
  return { ok: true, turn, signed: true, refought, game: { ...next, keys: game.keys, ...draws } };
}

type Drawn = { ok: true; draws?: Record<string, Draw>; readout: ReadoutOf } | { ok: false; error: string };

/**
 * The readout a turn may read, and a signed game's draw after the turn (draw.ts). An unsigned game
 * draws from the chain and carries no draw.
 */
async function turnDraw(
  game: MailGame,
  turn: Turn,
  sender: string,
  played: { state: GameState; before: GameState[] },
): Promise<Drawn> {
  if (!game.keys) {
    if (turn.draw !== undefined)
      return { ok: false, error: `turn ${turn.number} carries a draw, but this game is unsigned and draws none` };
    return { ok: true, readout: (before) => mailReadout(turn.previous, before) };
  }
  const at = turn.events.findIndex((e) => e.type === 'first.readout');
  const d = await openDraw(game, turn, sender, at < 0 ? played.state : played.before[at]);
  if (!d.ok) return d;
  return { ok: true, draws: d.draws, readout: () => Promise.resolve(d.digit) };
}

/**
 * In a signed game: why the turn is not its sender's, or null. The hash is checked before this, so a
 * turn edited without a new hash is "edited"; one edited and hashed again, or made by another player
 * in the sender's name, fails here. An unsigned game has no keys to check a signature with.
 */
async function signatureProblem(turn: Turn, game: MailGame, sender: string): Promise<string | null> {
  if (!game.keys) return null;
  if (turn.signature === undefined)
    return `turn ${turn.number} is not signed, but every turn of this game is signed by its sender: it cannot be told from a turn made by someone else`;
  if (await verifyHash(game.keys[sender], turn.hash, turn.signature)) return null;
  return `turn ${turn.number} is not signed by ${sender}: its signature does not match ${sender}'s key in this game (it was changed after ${sender} signed it, or made by someone else in ${sender}'s name)`;
}
