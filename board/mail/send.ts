/**
 * Sending a turn by mail: the sender's events applied in order on a copy of the game, with what the
 * absent players' standing orders do between them (standing.ts); the turn chained to the last one and
 * hashed; and then opened on the sender's own copy exactly as the other players will open it, so a
 * turn that would be refused there is never sent.
 */
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import { applyEvent } from '../rules/apply.ts';
import { formatRefusal } from '../rules/refuse.ts';
import { shownName } from '../model/names.ts';
import { encodeTurnText } from './codec.ts';
import { publicKeyOf, signHash } from './keys.ts';
import { turnHash } from './hash.ts';
import type { MailGame } from './mail-game.ts';
import { seatOf } from './mail-game.ts';
import { openTurn } from './open.ts';
import { drawnDigit, secretsOf, senderDraw } from './draw.ts';
import { mailReadout, readoutDue } from './readout.ts';
import { eventsProblem, ordersProblem } from './schema.ts';
import { eventWords } from './seats.ts';
import type { AbsentBattle, AbsentBattlePort, StandingContext } from './standing.ts';
import { standingMove } from './standing.ts';
import type { BotBattle, StandingOrders, Turn, TurnBody, TurnDraw } from './turn.ts';
import type { Level } from '../ai/levels.ts';
import { TURN_FORMAT, TURN_VERSION } from './turn.ts';
import type { BattleOutcome } from '../ports/battle-port.ts';

export interface SendOptions {
  /** The sender's standing orders from now on; by default the ones the game holds for them. */
  orders?: StandingOrders;
  /** Where battles against an absent player with orders "bot" are fought (the CLI: the emulated machine). */
  battles?: AbsentBattlePort;
  onBattle?: (battle: AbsentBattle, outcome: BattleOutcome) => void;
  /**
   * The level of the battle bot that holds the sender's control in those battles (the CLI's --stick):
   * the battles are then the bots' alone, recorded in the turn and fought again by every player who
   * opens it. Without it, the sender steered (the table) and the battles are taken as fought.
   */
  stick?: Level;
  /** The sender's private key (keys.ts): every turn of a signed game is signed with it. */
  privateKey?: string;
}

export type Sent = { ok: true; game: MailGame; turn: Turn; text: string } | { ok: false; error: string };

/** Most events standing orders may add to one turn: a war's battles and weapons, never more. */
const MAX_STANDING_EVENTS = 200;

/**
 * Makes `player`'s turn from `events` (not trusted: checked like a received turn's). Returns the
 * turn, its text and the game after it, or the sentence saying why nothing was sent.
 */
export async function sendTurn(
  game: MailGame,
  player: string,
  events: unknown,
  options: SendOptions = {},
): Promise<Sent> {
  const sender = seatOf(game, player);
  if (sender === null)
    return {
      ok: false,
      error: `${shownName(String(player))} is not a player of this game (${game.state.players.map((p) => p.name).join(', ')})`,
    };
  const shape = eventsProblem(events);
  if (shape) return { ok: false, error: `the events: ${shape}` };
  const orders = options.orders ?? game.orders[sender];
  const badOrders = ordersProblem(orders);
  if (badOrders) return { ok: false, error: badOrders };
  const out: GameEvent[] = [];
  const { ctx, botBattles } = standingFor(game, sender, options, out);
  let s: GameState = game.state;
  let draw: TurnDraw | undefined;
  const take = (e: GameEvent): string | null => {
    const r = applyEvent(s, e);
    if (!r.ok) return `${eventWords(e, out.length)} is ${formatRefusal(r.refusal)}`;
    s = r.state;
    out.push(e);
    return null;
  };
  try {
    const standing = async (): Promise<string | null> => {
      for (let made = 0; made < MAX_STANDING_EVENTS; made++) {
        const e = await standingMove(s, ctx, out.length);
        if (!e) return null;
        const bad = take(e);
        if (bad) return `the standing orders made ${bad}`;
      }
      return `the standing orders made more than ${MAX_STANDING_EVENTS} events in one turn`;
    };
    let bad = await standing();
    for (const e of events as GameEvent[]) {
      bad ??= take(e);
      bad ??= await standing();
      if (bad) break;
    }
    if (!bad) {
      // The sender's part of a signed game's draw (draw.ts): their commitment with their call, their secret once all have called.
      draw = game.keys && options.privateKey ? await senderDraw(game, sender, s, options.privateKey) : undefined;
      const digit = await readoutDigit(game, sender, s, draw);
      if (typeof digit === 'number') bad = take({ type: 'first.readout', digit });
    }
    if (bad) return { ok: false, error: `${bad}; nothing was sent` };
  } catch (e) {
    return { ok: false, error: `${(e as Error).message}; nothing was sent` };
  }
  const body: TurnBody = {
    format: TURN_FORMAT,
    version: TURN_VERSION,
    game: game.id,
    number: game.chain.number + 1,
    previous: game.chain.hash,
    player: sender,
    events: out,
    orders: { ...orders },
    ...(draw ? { draw } : {}),
    ...(botBattles.length > 0 ? { botBattles } : {}),
  };
  const hash = await turnHash(body);
  const signed = await signature(game, sender, hash, options.privateKey);
  if (!signed.ok) return { ok: false, error: `${signed.error}; nothing was sent` };
  const turn: Turn = { ...body, hash, ...(signed.signature === undefined ? {} : { signature: signed.signature }) };
  const text = await encodeTurnText(JSON.stringify(turn));
  const opened = await openTurn(text, game);
  if (!opened.ok) return { ok: false, error: `${opened.error}; nothing was sent` };
  return { ok: true, game: opened.game, turn: opened.turn, text };
}

/**
 * Once every player has called (and, signed, revealed), the readout is drawn: no sender chooses it.
 * Null while it is not yet due; a sentence naming who is awaited while a signed game's secrets are out.
 */
async function readoutDigit(
  game: MailGame,
  sender: string,
  s: GameState,
  draw: TurnDraw | undefined,
): Promise<number | string | null> {
  if (!readoutDue(s)) return null;
  const secrets = { ...secretsOf(game.draws), ...(draw?.reveal ? { [sender]: draw.reveal } : {}) };
  return game.keys ? await drawnDigit(game.id, s, secrets) : await mailReadout(game.chain.hash, s);
}

/**
 * The standing orders at work in `sender`'s turn, whose events so far are `out`. With a stick level,
 * each battle the bots fight alone is noted in `botBattles` for the turn to carry.
 */
function standingFor(
  game: MailGame,
  sender: string,
  options: SendOptions,
  out: readonly GameEvent[],
): { ctx: StandingContext; botBattles: BotBattle[] } {
  const botBattles: BotBattle[] = [];
  const { stick } = options;
  const ctx: StandingContext = {
    sender,
    orders: game.orders,
    previous: game.chain.hash,
    port: options.battles,
    onBattle: (b, o) => {
      // Called before the battle's event is taken: its index is the length of the events so far.
      if (stick !== undefined) botBattles.push({ event: out.length, stick, seed: b.seed });
      options.onBattle?.(b, o);
    },
  };
  return { ctx, botBattles };
}

/** The sender's signature over the turn's hash in a signed game (none in an unsigned one), or why not. */
async function signature(
  game: MailGame,
  sender: string,
  hash: string,
  privateKey: string | undefined,
): Promise<{ ok: true; signature?: string } | { ok: false; error: string }> {
  if (!game.keys) return { ok: true };
  if (privateKey === undefined)
    return { ok: false, error: `this game is signed: ${sender}'s turn must be signed with ${sender}'s private key` };
  const mine = await publicKeyOf(privateKey);
  if (mine === null) return { ok: false, error: 'the private key cannot be read' };
  if (mine !== game.keys[sender]) {
    const whose = Object.entries(game.keys).find(([, k]) => k === mine)?.[0];
    return {
      ok: false,
      error: `this key is not ${sender}'s in this game (${whose ? `it is ${whose}'s` : "it is no player's of this game"})`,
    };
  }
  return { ok: true, signature: await signHash(privateKey, hash) };
}
