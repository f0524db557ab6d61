/**
 * A player's key file as text: what `board mail key` writes and `mail send --key` reads, and what the
 * table page exports and imports, so one player's key moves between the command line and a browser
 * (issue 37: CLI and browser players share a game). Reading never throws: the text may be any file.
 */
import { publicKeyOf, KEY_FILE_FORMAT } from './keys.ts';
import type { KeyPair } from './keys.ts';

/** A player's key file: the private key (stays with its player) and its public key. */
export interface KeyFile {
  format: typeof KEY_FILE_FORMAT;
  version: 1;
  /** Whose key it is, as its maker named them (a label: the game's keys say who plays with it). */
  player: string;
  public: string;
  private: string;
}

/** The largest key file read: a key file is a few hundred characters. */
export const MAX_KEY_FILE_CHARS = 64 * 1024;

/** The key file's text for `player`'s `pair`. */
export function keyFileText(player: string, pair: KeyPair): string {
  const file: KeyFile = {
    format: KEY_FILE_FORMAT,
    version: 1,
    player,
    public: pair.publicKey,
    private: pair.privateKey,
  };
  return JSON.stringify(file, null, 2) + '\n';
}

export type ReadKey =
  { ok: true; player: string; privateKey: string; publicKey: string } | { ok: false; error: string };

const NOT_ONE = 'this is not a key file made by "mail key"';

/** The key in a key file's text, checked to be one pair, or the sentence saying why not. Never throws. */
export async function readKeyFileText(text: unknown): Promise<ReadKey> {
  if (typeof text !== 'string' || text.length > MAX_KEY_FILE_CHARS) return { ok: false, error: NOT_ONE };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, error: `${NOT_ONE} (not JSON)` };
  }
  // Own fields only: a key named `__proto__` or `toString` is no key.
  const own = (k: string): unknown =>
    typeof doc === 'object' && doc !== null && Object.hasOwn(doc, k) ? (doc as Record<string, unknown>)[k] : undefined;
  if (own('format') !== KEY_FILE_FORMAT || own('version') !== 1)
    return { ok: false, error: `${NOT_ONE} (not tagged "${KEY_FILE_FORMAT}", version 1)` };
  const priv = own('private');
  const player = own('player');
  if (typeof priv !== 'string' || typeof player !== 'string' || priv.length > 4096)
    return { ok: false, error: 'the key file has no private key' };
  const publicKey = await publicKeyOf(priv);
  if (publicKey === null) return { ok: false, error: 'the private key in this key file cannot be read' };
  if (own('public') !== publicKey)
    return { ok: false, error: "the public key in this key file is not its private key's" };
  return { ok: true, player: player.slice(0, 100), privateKey: priv, publicKey };
}
