/** Bytes as base64 text for a JSON message (a machine snapshot is about 2 KB). */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Base64 text back to bytes; throws an Error with a sentence when it is not base64. */
export function fromBase64(text: string): Uint8Array {
  let s: string;
  try {
    s = atob(text);
  } catch {
    throw new Error('the machine state in the message is not base64');
  }
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
