/**
 * A turn as text: its JSON, deflated (`CompressionStream('deflate-raw')`, in Node 20 and every current
 * browser) and written in base64url after a short tag, so it fits in a file and in a link's #fragment.
 * The text's length is checked before anything is decoded, and the inflated size while inflating:
 * a small text that inflates to gigabytes (a zip bomb) is refused after MAX_TURN_BYTES.
 */

/** The tag in front of every turn's text: a turn is told apart from any other text at a glance. */
export const TURN_TAG = 'o2turn1.';
/** The longest turn text accepted: a whole game's events deflate to far less. */
export const MAX_TURN_CHARS = 200_000;
/** The most bytes a turn's text may inflate to. */
export const MAX_TURN_BYTES = 1 << 20;

export type Decoded = { ok: true; value: unknown } | { ok: false; error: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes of base64url text (no padding), or null when it is not base64url as encodeTurnText writes it. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (const c of text) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  // The bits past the last byte are zero in the text this codec writes: any other text is not that text.
  if ((acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

/** `bytes` packed with raw deflate (the turns' and the console's share links' packing). */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return (await pipe(bytes as Uint8Array<ArrayBuffer>, new CompressionStream('deflate-raw'), Infinity)) as Uint8Array;
}

/** Raw-deflated `bytes` unpacked, or 'too-big' once more than `limit` bytes came out; throws when they are damaged. */
export function inflateRaw(bytes: Uint8Array, limit: number): Promise<Uint8Array | 'too-big'> {
  return pipe(bytes as Uint8Array<ArrayBuffer>, new DecompressionStream('deflate-raw'), limit);
}

async function pipe(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array | 'too-big'> {
  const writer = stream.writable.getWriter();
  // Errors of the write side surface on the read side; the write's own rejection is not awaited.
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return 'too-big';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A turn's JSON text as a turn's text (tag + base64url of the deflated UTF-8). */
export async function encodeTurnText(json: string): Promise<string> {
  return TURN_TAG + toBase64Url(await deflateRaw(new TextEncoder().encode(json)));
}

/**
 * A turn's text back to its JSON value, or the sentence saying why it is no turn. A link is taken
 * as it is pasted: whatever stands before its `#` (and a `turn=` after it) is left aside.
 */
export async function decodeTurnText(text: string): Promise<Decoded> {
  if (typeof text !== 'string') return { ok: false, error: 'a turn is text' };
  if (text.length > MAX_TURN_CHARS) {
    return {
      ok: false,
      error: `this turn is ${text.length} characters long, more than the ${MAX_TURN_CHARS} a turn may be; it was not read`,
    };
  }
  let t = text.trim();
  const hash = t.lastIndexOf('#');
  if (hash >= 0) t = t.slice(hash + 1).replace(/^turn=/, '');
  if (!t.startsWith(TURN_TAG))
    return { ok: false, error: `this is not a turn of Conquest of the World by mail (a turn starts "${TURN_TAG}")` };
  const bytes = fromBase64Url(t.slice(TURN_TAG.length));
  if (bytes === null)
    return {
      ok: false,
      error: 'this turn is damaged: it holds characters a turn never does (was it cut or changed in the mail?)',
    };
  let json: Uint8Array | 'too-big';
  try {
    json = await inflateRaw(bytes, MAX_TURN_BYTES);
  } catch {
    return { ok: false, error: 'this turn is damaged: it does not unpack (was it cut short or changed in the mail?)' };
  }
  if (json === 'too-big')
    return {
      ok: false,
      error: `this turn unpacks to more than ${MAX_TURN_BYTES} bytes, far more than any turn holds; it was refused unread`,
    };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return { ok: false, error: 'this turn is damaged: it unpacks, but not to a turn (no valid JSON text)' };
  }
  return { ok: true, value };
}
