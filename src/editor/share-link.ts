/**
 * A program as a link: its sources (the main file and its includes) as JSON, deflated
 * (`CompressionStream('deflate-raw')`) and written in base64url after a short tag, in the console's
 * URL fragment (`#/console?src=o2src1.…`). Nothing leaves the browser: the fragment is never sent
 * to a server. A damaged or oversized link is refused with a sentence before anything is changed.
 */
import type { SourceFile } from '../worker/build-program.ts';

/** The tag in front of every shared program: told apart from any other text at a glance. */
export const SHARE_TAG = 'o2src1.';
/** The key of the fragment's query part that holds a shared program. */
export const SHARE_KEY = 'src';
/**
 * The longest link text made or read: browsers take links far longer, but chat programs and mail cut
 * them; Gust's demo with its g7000.h is some 6,000 characters.
 */
export const MAX_SHARE_CHARS = 64_000;
/** The most bytes a link may inflate to (a small text inflating to gigabytes is refused). */
export const MAX_SHARE_BYTES = 1 << 20;

export interface SharedProgram {
  files: SourceFile[];
  main: string;
}

export type ShareDecoded = ({ ok: true } & SharedProgram) | { ok: false; error: string };

/** The program's text for a link's fragment (without `#/console?src=`), or the sentence saying why it is too long. */
export async function encodeShare(
  program: SharedProgram,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const json = JSON.stringify({ main: program.main, files: program.files.map((f) => [f.name, f.text]) });
  // The board's codec (the mail games' too), loaded when a link is made or opened: imported statically, it
  // made the console's first script wait for the whole board and XState (issue 38).
  const { deflateRaw, toBase64Url } = await import('../../board/index.ts');
  const text = SHARE_TAG + toBase64Url(await deflateRaw(new TextEncoder().encode(json)));
  if (text.length > MAX_SHARE_CHARS)
    return {
      ok: false,
      error: `the link would be ${text.length} characters long, more than the ${MAX_SHARE_CHARS} a shared program may be; export the files instead`,
    };
  return { ok: true, text };
}

/** The whole link to the console with `text` (from encodeShare) in its fragment. */
export function shareUrl(base: string, text: string): string {
  return `${base.replace(/#.*$/, '')}#/console?${SHARE_KEY}=${text}`;
}

/** The shared program in a fragment (`#/console?src=…`), or null when the fragment holds none. */
export function sharedText(hash: string): string | null {
  const query = hash.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(hash.slice(query + 1)).get(SHARE_KEY);
}

/** A link's text back to its files, or the sentence saying why it is no shared program. */
export async function decodeShare(text: string): Promise<ShareDecoded> {
  const refuse = (why: string): ShareDecoded => ({
    ok: false,
    error: `This program link ${why}; your program was left as it was.`,
  });
  if (text.length > MAX_SHARE_CHARS)
    return refuse(`is ${text.length} characters long, more than the ${MAX_SHARE_CHARS} a shared program may be`);
  if (!text.startsWith(SHARE_TAG)) return refuse(`is not one this console made (it starts "${SHARE_TAG}")`);
  const { fromBase64Url, inflateRaw } = await import('../../board/index.ts'); // as in encodeShare
  const bytes = fromBase64Url(text.slice(SHARE_TAG.length));
  if (!bytes) return refuse('is damaged: it holds characters a link never does (was it cut or changed?)');
  let json: Uint8Array | 'too-big';
  try {
    json = await inflateRaw(bytes, MAX_SHARE_BYTES);
  } catch {
    return refuse('is damaged: it does not unpack (was it cut short?)');
  }
  if (json === 'too-big') return refuse(`unpacks to more than ${MAX_SHARE_BYTES} bytes, far more than any program`);
  const program = parseProgram(json);
  return program ? { ok: true, ...program } : refuse('is damaged: it unpacks, but not to a program');
}

/** The files and main file of the link's JSON, or null when it is not what encodeShare writes. */
function parseProgram(bytes: Uint8Array): SharedProgram | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const v = value as { main?: unknown; files?: unknown };
  if (typeof v?.main !== 'string' || !Array.isArray(v.files) || v.files.length === 0) return null;
  const files: SourceFile[] = [];
  for (const f of v.files as unknown[]) {
    if (!Array.isArray(f) || typeof f[0] !== 'string' || typeof f[1] !== 'string') return null;
    files.push({ name: f[0], text: f[1] });
  }
  return files.some((f) => f.name === v.main) ? { files, main: v.main } : null;
}
