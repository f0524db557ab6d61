/**
 * Key files of `board mail` (signed turns, board/mail/keys.ts): `mail key` writes a player's key file
 * (the private key: it stays with its player) and their public key (given to whoever makes the game);
 * `mail new --keys` reads the public keys, `mail send --key` the key file.
 */
import { isPublicKey, keyPair } from '../mail/keys.ts';
import { keyFileText, readKeyFileText, MAX_KEY_FILE_CHARS } from '../mail/key-file.ts';
import { depthProblem } from './json-depth.ts';
import { checkOutputs, readInput, Refused, writeFiles } from './mail-files.ts';

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
  writeFiles([
    { path: out, data: keyFileText(player, pair) },
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

/** The key file at `path`: its private key and public key, checked to be one pair (key-file.ts, as the table page reads it). */
export async function readKeyFile(path: string): Promise<{ player: string; privateKey: string; publicKey: string }> {
  const text = readInput(path, 'key file', MAX_KEY_FILE_CHARS);
  if (depthProblem(text, 4, 'the key file')) throw new Refused(`${path}: this is not a key file made by "mail key"`);
  const read = await readKeyFileText(text);
  if (!read.ok) throw new Refused(`${path}: ${read.error}`);
  return { player: read.player, privateKey: read.privateKey, publicKey: read.publicKey };
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
