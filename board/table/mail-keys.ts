/**
 * This browser's keys for signed games by mail (issue 37): the key pairs kept in localStorage, made
 * here with Web Crypto (board/mail's keyPair, the command line's algorithm and format) or imported from
 * a key file `board mail key` wrote. The private keys never leave this browser except as a key file the
 * player exports (a warning says what that file can do). The public key of the first one is "yours":
 * what the player gives whoever starts a game. Reading them never throws: a damaged value is set aside
 * under a key of its own with a sentence, and the page opens (a lost key would be an identity lost).
 */
import { isPublicKey, keyFileText, keyPair, readKeyFileText } from '../mail/index.ts';
import type { MailGame } from '../mail/index.ts';
import type { TextStorage } from './ports.ts';

const KEY = 'o2conquest.mail.keys';
const ASIDE = `${KEY}.unreadable-`;
const MAX_ASIDE = 20;
/** Far more keys than a player makes; a ring past it is damaged. */
const MAX_KEYS = 64;

/** One key pair kept here: its public key (`o2pub1.…`) and private key (PKCS #8, base64url). */
export interface BrowserKey {
  publicKey: string;
  privateKey: string;
  /** Whose key it was imported as, or made for (a label: the games' keys say who plays with it). */
  label: string;
}

export interface KeyRing {
  keys: BrowserKey[];
  /** Why the keys kept here could not be read (they were set aside), or null. */
  problem: string | null;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key pairs in a stored text, or the sentence naming what is wrong. */
function readRing(text: string): BrowserKey[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  if (!Array.isArray(doc) || doc.length > MAX_KEYS) return `is not a list of at most ${MAX_KEYS} keys`;
  const keys: BrowserKey[] = [];
  for (const [i, k] of doc.entries()) {
    const pub = isObj(k) && Object.hasOwn(k, 'publicKey') ? k.publicKey : undefined;
    const priv = isObj(k) && Object.hasOwn(k, 'privateKey') ? k.privateKey : undefined;
    const label = isObj(k) && Object.hasOwn(k, 'label') ? k.label : '';
    if (!isPublicKey(pub) || typeof priv !== 'string' || priv.length > 4096 || typeof label !== 'string')
      return `has a damaged key (number ${i + 1})`;
    keys.push({ publicKey: pub, privateKey: priv, label: label.slice(0, 100) });
  }
  return keys;
}

/** Keeps `text` under the first free aside key; the sentence saying where, or why not. */
function setAside(storage: TextStorage, text: string): string {
  try {
    for (let n = 1; n <= MAX_ASIDE; n++) {
      const key = `${ASIDE}${n}`;
      if (storage.getItem(key) !== null) continue;
      storage.setItem(key, text);
      storage.removeItem(KEY);
      return `it was set aside in this browser's storage as "${key}"`;
    }
    return 'it could not be set aside (no room for another copy), and is left where it is';
  } catch {
    return "it could not be set aside (this browser's storage refused it)";
  }
}

/** The keys kept in this browser. Never throws: a damaged value gives no keys and a sentence. */
export function loadKeys(storage: TextStorage | undefined): KeyRing {
  let text: string | null;
  try {
    text = storage?.getItem(KEY) ?? null;
  } catch {
    return { keys: [], problem: "This browser's storage refused to give the keys for games by mail." };
  }
  if (text === null || !storage) return { keys: [], problem: null };
  let read: BrowserKey[] | string;
  try {
    read = readRing(text);
  } catch {
    read = 'could not be read';
  }
  if (typeof read !== 'string') return { keys: read, problem: null };
  return {
    keys: [],
    problem: `The keys for games by mail kept in this browser ${read}; ${setAside(storage, text)}.`,
  };
}

/** Keeps `keys`; the sentence saying why they could not be kept, or null. */
export function saveKeys(keys: readonly BrowserKey[], storage: TextStorage | undefined): string | null {
  if (!storage) return 'this browser keeps nothing (its storage is refused)';
  try {
    storage.setItem(KEY, JSON.stringify(keys));
    return null;
  } catch (e) {
    return `this browser's storage refused it (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** The ring with a key of this browser's own: a new one is made (and kept) when there is none. */
export async function ensureKey(ring: KeyRing, storage: TextStorage | undefined): Promise<BrowserKey[]> {
  if (ring.keys.length > 0) return ring.keys;
  const pair = await keyPair();
  const keys = [{ ...pair, label: 'this browser' }];
  saveKeys(keys, storage);
  return keys;
}

/** The private key this browser holds for `player` in a signed game, or null (unsigned, or not held here). */
export function privateKeyFor(keys: readonly BrowserKey[], game: MailGame, player: string): string | null {
  const pub = game.keys?.[player];
  return pub === undefined ? null : (keys.find((k) => k.publicKey === pub)?.privateKey ?? null);
}

/** The players of a signed game whose private key this browser holds, in seating order. */
export function playersHeld(keys: readonly BrowserKey[], game: MailGame): string[] {
  return game.state.players.map((p) => p.name).filter((n) => privateKeyFor(keys, game, n) !== null);
}

/** A key file's text imported: the ring with it (in place of the same key, if held), or the sentence saying why not. */
export async function importKey(
  keys: readonly BrowserKey[],
  text: string,
): Promise<{ ok: true; keys: BrowserKey[]; key: BrowserKey } | { ok: false; error: string }> {
  const read = await readKeyFileText(text);
  if (!read.ok) return read;
  const key: BrowserKey = { publicKey: read.publicKey, privateKey: read.privateKey, label: read.player };
  if (keys.length >= MAX_KEYS && !keys.some((k) => k.publicKey === key.publicKey))
    return { ok: false, error: `this browser keeps at most ${MAX_KEYS} keys` };
  return { ok: true, key, keys: [...keys.filter((k) => k.publicKey !== key.publicKey), key] };
}

/** The warning said wherever a private key leaves this browser. */
export const EXPORT_WARNING =
  'Anyone who has this key file can sign turns in your name: keep it, and share it with no one (the command line signs with it: board mail send --key).';

/** `key` as a key file's text (the command line's format), for `player`. */
export function exportKey(key: BrowserKey, player: string): string {
  return keyFileText(player, { publicKey: key.publicKey, privateKey: key.privateKey });
}
