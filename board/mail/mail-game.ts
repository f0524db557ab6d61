/**
 * A game played by mail: the board's game (as its save holds it), the game's id, where its chain of
 * turns stands, and each player's standing orders as last sent. Saved as one JSON file, the board's
 * save inside it unchanged, so the game loads through the board's own checks (deserializeGame).
 */
import type { GameState } from '../model/game.ts';
import { nameKey } from '../model/names.ts';
import { readGameDocument, serializeGame } from '../rules/snapshot.ts';
import { startHash } from './hash.ts';
import { isPublicKey } from './keys.ts';
import { GAME_ID, ordersProblem } from './schema.ts';
import type { Draw, MailChain, StandingOrders } from './turn.ts';

export const MAIL_FORMAT = 'o2conquest.mail';
export const MAIL_VERSION = 1;

export interface MailGame {
  id: string;
  chain: MailChain;
  /** Each player's standing orders (`wait` until the player's first turn says otherwise). */
  orders: Record<string, StandingOrders>;
  state: GameState;
  /**
   * A signed game: each player's public key (keys.ts), given at `newMailGame`; every turn must be
   * signed by its sender. Absent: an unsigned game (made before signing, or without keys).
   */
  keys?: Record<string, string>;
  /** A signed game's first-player draw so far (draw.ts): each caller's commitment, and secret once revealed. */
  draws?: Record<string, Draw>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const WAIT: StandingOrders = Object.freeze({ absent: 'wait' }) as StandingOrders;

/**
 * A new game by mail from a game already set up (rule 1: the players and the chips are agreed
 * before the first turn). `id` is drawn at random unless given (tests).
 */
export async function newMailGame(
  state: GameState,
  id: string = globalThis.crypto.randomUUID(),
  keys?: Record<string, string>,
): Promise<MailGame> {
  if (state.phase === 'setup')
    throw new Error('set the game up first (rule 1): a game by mail starts with its players seated');
  if (!GAME_ID.test(id))
    throw new Error(`a game's id is 1 to 64 letters, digits or dashes (got ${JSON.stringify(id.slice(0, 70))})`);
  if (keys) {
    const bad = keysProblem(keys, state);
    if (bad) throw new Error(bad);
  }
  const orders: Record<string, StandingOrders> = {};
  for (const p of state.players) orders[p.name] = { ...WAIT };
  const game: MailGame = { id, chain: { number: 0, hash: await startHash(id, state, keys) }, orders, state };
  return keys ? { ...game, keys: { ...keys } } : game;
}

/** What is wrong with a signed game's keys: one public key for each player, and none for anyone else. */
export function keysProblem(keys: unknown, state: GameState): string | null {
  if (!isObj(keys)) return "the players' public keys must be an object of each player's key";
  for (const name of Object.keys(keys)) {
    if (!state.players.some((p) => p.name === name))
      return `a public key is given for ${JSON.stringify(name.slice(0, 40))}, who is not a player of this game`;
  }
  for (const p of state.players) {
    if (!Object.hasOwn(keys, p.name)) return `${p.name} has no public key: in a signed game every player gives theirs`;
    if (!isPublicKey(keys[p.name])) return `${p.name}'s public key is not one ("o2pub1." and a P-256 point)`;
  }
  // One key for two seats: whoever holds it could sign either player's turns, the other player none.
  for (let i = 0; i < state.players.length; i++) {
    const name = state.players[i].name;
    const twin = state.players.slice(0, i).find((p) => keys[p.name] === keys[name]);
    if (twin)
      return `${twin.name} and ${name} give the same public key: each player gives their own (made by "mail key" or their table's panel), or one of them could sign the other's turns`;
  }
  return null;
}

/** The seated name a player goes by (names are compared as people read them), or null. */
export function seatOf(game: MailGame, name: string): string | null {
  const key = nameKey(name);
  return game.state.players.find((p) => nameKey(p.name) === key)?.name ?? null;
}

export function serializeMailGame(g: MailGame): string {
  const head = JSON.stringify({
    format: MAIL_FORMAT,
    version: MAIL_VERSION,
    id: g.id,
    chain: g.chain,
    orders: g.orders,
    keys: g.keys,
    draws: g.draws,
  });
  return `${head.slice(0, -1)},"save":${serializeGame(g.state)}}`;
}

/** Deeper than any game by mail nests (its scenario's zones and countries are a few levels down). */
export const MAX_MAIL_DEPTH = 64;

/**
 * Whether `value` nests arrays and objects deeper than `max`, found without recursion: JSON.parse
 * takes a line of 100,000 `[`, but everything that walks the value afterwards runs out of stack.
 */
export function nestsPast(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

type Loaded = { ok: true; game: MailGame } | { ok: false; error: string };

/**
 * Loads a game by mail. Never throws, whatever the text (a stored game is read as a page opens, and
 * a throw there broke the page for good): each refusal is a sentence, and anything the checks did not
 * foresee is caught and said too.
 */
export function deserializeMailGame(text: string): Loaded {
  try {
    return readMailGame(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : 'an unreadable value';
    return { ok: false, error: `the game by mail could not be read (${why.slice(0, 200)}); nothing was loaded` };
  }
}

function readMailGame(text: string): Loaded {
  if (typeof text !== 'string') return { ok: false, error: 'a game by mail is text; nothing was loaded' };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `the game by mail is not valid JSON (${(e as Error).message}); nothing was loaded` };
  }
  const no = (why: string) => ({ ok: false as const, error: `${why}; nothing was loaded` });
  if (nestsPast(doc, MAX_MAIL_DEPTH))
    return no(`the game by mail nests arrays and objects more than ${MAX_MAIL_DEPTH} deep, far past any game`);
  if (!isObj(doc) || doc.format !== MAIL_FORMAT) return no(`not a ${MAIL_FORMAT} game (make one with "mail new")`);
  if (doc.version !== MAIL_VERSION)
    return no(`game by mail version ${JSON.stringify(doc.version)} is not this build's (${MAIL_VERSION})`);
  if (typeof doc.id !== 'string' || !GAME_ID.test(doc.id)) return no("the game's id is malformed");
  const chain = doc.chain;
  if (
    !isObj(chain) ||
    !Number.isSafeInteger(chain.number) ||
    (chain.number as number) < 0 ||
    typeof chain.hash !== 'string' ||
    !/^[0-9a-f]{64}$/.test(chain.hash)
  ) {
    return no("the game's chain of turns (last turn's number and hash) is malformed");
  }
  const loaded = readGameDocument(doc.save ?? null);
  if (!loaded.ok) return { ok: false, error: loaded.error };
  const state = loaded.state;
  if (!isObj(doc.orders)) return no("the players' standing orders are missing");
  const orders: Record<string, StandingOrders> = {};
  for (const [name, o] of Object.entries(doc.orders)) {
    if (!state.players.some((p) => p.name === name))
      return no(`standing orders are saved for ${JSON.stringify(name.slice(0, 40))}, who is not a player of this game`);
    const bad = ordersProblem(o);
    if (bad) return no(`${name.slice(0, 40)}'s standing orders are malformed: ${bad}`);
    orders[name] = o as StandingOrders;
  }
  for (const p of state.players) orders[p.name] ??= { ...WAIT };
  const game: MailGame = { id: doc.id, chain: { number: chain.number as number, hash: chain.hash }, orders, state };
  if (doc.keys === undefined) return { ok: true, game };
  const badKeys = keysProblem(doc.keys, state);
  if (badKeys) return no(`the game is signed, but ${badKeys}`);
  const signed: MailGame = { ...game, keys: { ...(doc.keys as Record<string, string>) } };
  if (doc.draws === undefined) return { ok: true, game: signed };
  const badDraws = drawsProblem(doc.draws, state);
  if (badDraws) return no(`the first-player readout's draw is malformed: ${badDraws}`);
  return { ok: true, game: { ...signed, draws: structuredClone(doc.draws as Record<string, Draw>) } };
}

/** What is wrong with a saved draw (draw.ts): a commitment, and maybe a secret, of 64 hex digits per player who called. */
function drawsProblem(draws: unknown, state: GameState): string | null {
  if (!isObj(draws)) return "it must be an object of each caller's commitment";
  const hex = (x: unknown) => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);
  for (const [name, d] of Object.entries(draws)) {
    if (!state.players.some((p) => p.name === name))
      return `it names ${JSON.stringify(name.slice(0, 40))}, who is not a player of this game`;
    if (
      !isObj(d) ||
      !hex(d.commit) ||
      !(d.reveal === undefined || hex(d.reveal)) ||
      Object.keys(d).some((k) => k !== 'commit' && k !== 'reveal')
    )
      return `${name.slice(0, 40)}'s part is not a commitment and maybe a secret of 64 hex digits each`;
  }
  return null;
}
