/**
 * Key files of `board mail` (signed turns, board/mail/keys.ts): `mail key` writes a player's key file
 * (the private key: it stays with its player) and their public key (given to whoever makes the game);
 * `mail new --keys` reads the public keys, `mail send --key` the key file.
 */
import { isPublicKey, keyPair, publicKeyOf, KEY_FILE_FORMAT } from '../mail/keys.ts';
import { depthProblem } from './json-depth.ts';
import { checkOutputs, readInput, Refused, writeFiles } from './mail-files.ts';

/** A player's key file, as `mail key` writes it. */
interface KeyFile {
  format: typeof KEY_FILE_FORMAT;
  version: 1;
  player: string;
  public: string;
  private: string;
}

/** `mail key --player NAME --out NAME.key --public NAME.pub`: a new key pair; returns what to print. */
export async function writeKeyFiles(player: string, out: string, pub: string): Promise<string> {
  checkOutputs(
    [
      { option: '--out', path: out },
      { option: '--public', path: pub },
    ],
    [],
  );
  // A key written over is an identity lost: the player could sign no turn of their games again.
  if (readable(out))
    throw new Refused(`--out ${out} exists already; a key file is never written over: choose another --out`);
  const pair = await keyPair();
  const file: KeyFile = {
    format: KEY_FILE_FORMAT,
    version: 1,
    player,
    public: pair.publicKey,
    private: pair.privateKey,
  };
  writeFiles([
    { path: out, data: JSON.stringify(file, null, 2) + '\n' },
    { path: pub, data: pair.publicKey + '\n' },
  ]);
  return `${player}'s key pair: the key file ${out} stays with ${player} (it signs their turns: keep it, share it with no one); the public key ${pub} goes to whoever makes the game (mail new --keys)\n`;
}

function readable(path: string): boolean {
  try {
    readInput(path, 'key file');
    return true;
  } catch {
    return false;
  }
}

/** The key file at `path`: its private key and public key, checked to be one pair. */
export async function readKeyFile(path: string): Promise<{ player: string; privateKey: string; publicKey: string }> {
  const text = readInput(path, 'key file', 64 * 1024);
  const no = (why: string) => new Refused(`${path}: ${why}`);
  if (depthProblem(text, 4, 'the key file')) throw no('this is not a key file made by "mail key"');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw no('this is not a key file made by "mail key" (not JSON)');
  }
  const k = doc as Partial<Record<keyof KeyFile, unknown>> | null;
  if (typeof k !== 'object' || k === null || k.format !== KEY_FILE_FORMAT || k.version !== 1)
    throw no(`this is not a key file made by "mail key" (not tagged "${KEY_FILE_FORMAT}", version 1)`);
  if (typeof k.private !== 'string' || typeof k.player !== 'string') throw no('the key file has no private key');
  const publicKey = await publicKeyOf(k.private);
  if (publicKey === null) throw no('the private key in this key file cannot be read');
  if (k.public !== publicKey) throw no("the public key in this key file is not its private key's");
  return { player: k.player, privateKey: k.private, publicKey };
}

/** `--keys NAME=FILE,NAME=FILE`: each player's public key, read from a public key file (or a key file). */
export function readPublicKeys(spec: string): { keys: Record<string, string>; files: string[] } {
  const keys: Record<string, string> = {};
  const files: string[] = [];
  for (const part of spec.split(',')) {
    const at = part.lastIndexOf('=');
    const name = part.slice(0, at).trim();
    const path = part.slice(at + 1).trim();
    if (at < 0 || name === '' || path === '')
      throw new Refused(`--keys is NAME=FILE,NAME=FILE,... with each player's public key file (got "${part}")`);
    if (Object.hasOwn(keys, name)) throw new Refused(`--keys gives ${name}'s key twice`);
    const text = readInput(path, 'public key', 64 * 1024).trim();
    let key: unknown = text;
    if (text.startsWith('{')) {
      try {
        key = (JSON.parse(text) as { public?: unknown }).public; // a key file: its public part
      } catch {
        key = null;
      }
    }
    if (!isPublicKey(key)) throw new Refused(`${path}: this is not a public key made by "mail key" (o2pub1.…)`);
    keys[name] = key;
    files.push(path);
  }
  return { keys, files };
}
