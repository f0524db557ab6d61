/**
 * Signed turns (issue 37): each player of a signed game by mail has an ECDSA P-256 key pair; the
 * public keys are in the game from its start, and every turn carries its sender's signature over its
 * hash (which covers the whole turn: the game, its number, the turn before, the events). The hash
 * chain alone let anyone recompute a hash over an edited turn, or make a turn "from" another player.
 * Web Crypto (`globalThis.crypto.subtle`) is in Node 20 and every current browser: board/ stays
 * platform-free.
 */
import { fromBase64Url, toBase64Url } from './codec.ts';

/** The tag in front of a public key's text: `o2pub1.` and the raw P-256 point in base64url. */
export const PUBLIC_KEY_TAG = 'o2pub1.';
/** A key file's format tag (the CLI's: it holds the private key, and stays with its player). */
export const KEY_FILE_FORMAT = 'o2conquest.mailkey';
const CURVE = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** An uncompressed P-256 point: 0x04, then x and y of 32 bytes each. */
const POINT_BYTES = 65;
/** A P-256 signature as Web Crypto gives it (r and s, 32 bytes each), in base64url. */
export const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** The raw point of a public key's text, or null when it is none. */
function pointOf(text: unknown): Uint8Array<ArrayBuffer> | null {
  if (typeof text !== 'string' || !text.startsWith(PUBLIC_KEY_TAG) || text.length > 200) return null;
  const bytes = fromBase64Url(text.slice(PUBLIC_KEY_TAG.length));
  return bytes && bytes.length === POINT_BYTES && bytes[0] === 4 ? bytes : null;
}

/** Whether `text` is a public key as keyPair writes it (its point is checked when it is used). */
export const isPublicKey = (text: unknown): text is string => pointOf(text) !== null;

export interface KeyPair {
  /** `o2pub1.…`: given to the other players (it goes into the game). */
  publicKey: string;
  /** The private key (PKCS #8, base64url): stays with its player. */
  privateKey: string;
}

/** A new key pair for a player. */
export async function keyPair(): Promise<KeyPair> {
  const pair = (await globalThis.crypto.subtle.generateKey(CURVE, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', pair.publicKey));
  const pkcs8 = new Uint8Array(await globalThis.crypto.subtle.exportKey('pkcs8', pair.privateKey));
  return { publicKey: PUBLIC_KEY_TAG + toBase64Url(raw), privateKey: toBase64Url(pkcs8) };
}

/** The public key of a private key, or null when the private key cannot be read. */
export async function publicKeyOf(privateKey: string): Promise<string | null> {
  try {
    const key = await importPrivate(privateKey, true);
    const jwk = await globalThis.crypto.subtle.exportKey('jwk', key);
    const x = fromBase64Url(jwk.x ?? '');
    const y = fromBase64Url(jwk.y ?? '');
    if (!x || !y || x.length !== 32 || y.length !== 32) return null;
    return PUBLIC_KEY_TAG + toBase64Url(Uint8Array.from([4, ...x, ...y]));
  } catch {
    return null;
  }
}

async function importPrivate(privateKey: string, extractable = false): Promise<CryptoKey> {
  const bytes = fromBase64Url(privateKey);
  if (!bytes) throw new Error('the private key is not base64url');
  return globalThis.crypto.subtle.importKey('pkcs8', bytes, CURVE, extractable, ['sign']);
}

/** The signature (base64url) of a turn's hash with `privateKey`; throws a sentence when the key cannot be read. */
export async function signHash(privateKey: string, hash: string): Promise<string> {
  let key: CryptoKey;
  try {
    key = await importPrivate(privateKey);
  } catch {
    throw new Error('the private key cannot be read (is this a key file made by "mail key"?)');
  }
  const sig = await globalThis.crypto.subtle.sign(SIGN, key, new TextEncoder().encode(hash));
  return toBase64Url(new Uint8Array(sig));
}

/** Whether `signature` is `publicKey`'s over `hash`; false for anything that cannot be read. Never throws. */
export async function verifyHash(publicKey: string, hash: string, signature: string): Promise<boolean> {
  const point = pointOf(publicKey);
  const sig = SIGNATURE.test(signature) ? fromBase64Url(signature) : null;
  if (!point || !sig) return false;
  try {
    const key = await globalThis.crypto.subtle.importKey('raw', point, CURVE, false, ['verify']);
    return await globalThis.crypto.subtle.verify(SIGN, key, sig, new TextEncoder().encode(hash));
  } catch {
    return false; // a point off the curve
  }
}
