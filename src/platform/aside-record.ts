/**
 * A record set aside as unreadable (stored.ts), offered for download with its sentence (issue 37):
 * setting it aside keeps it in this browser, but only the developer tools could reach it there, and
 * the player who wants to mend it by hand, or send it with a bug report, needs it as a file.
 */

/** What a page offers for download beside a sentence about a record set aside. */
export interface AsideRecord {
  /** The file's name: the key it was set aside under, in characters every file system takes. */
  name: string;
  /** The record as text, made when asked: a large record is not copied for a sentence nobody clicks. */
  text: () => string;
}

/** A file name for the record set aside under `key`: o2conquest-KEY.json (KEY once), other characters as dashes. */
export function asideFileName(key: string): string {
  const name = key.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120);
  return name.startsWith('o2conquest') ? `${name}.json` : `o2conquest-${name}.json`;
}

/**
 * `value` as JSON text, its bytes (a ROM, a saved state) as base64 under "base64", never throwing: a
 * record too deep or too odd for JSON (the damage that set it aside) is said so in the file instead.
 */
export function recordText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    const text = JSON.stringify(value, bytesAsBase64, 1);
    return text ?? `(this record is ${typeof value}, which has no text)`;
  } catch (e) {
    return `(this record cannot be written as text: ${e instanceof Error ? e.message : 'unknown error'})`;
  }
}

function bytesAsBase64(_key: string, v: unknown): unknown {
  const bytes =
    v instanceof ArrayBuffer
      ? new Uint8Array(v)
      : ArrayBuffer.isView(v)
        ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
        : null;
  if (bytes === null) return v;
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(s) };
}
