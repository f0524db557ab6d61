/**
 * The remote table's connection settings as a person types them (issue 21: "the STUN/TURN list is a
 * setting"): the signalling server (empty: this app's own, which `npm start` serves; else the address
 * of one started with `npm run relay -- --port N`), and the STUN/TURN servers browsers on different
 * networks need. Each is checked before anything is kept; a mistake is a sentence and keeps nothing.
 */
import { ICE_SERVERS, RELAY_URL } from './peer-link.ts';
import { setting } from '../platform/settings.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The signalling server's address: '' (this app's own) or an http(s) URL with no path beyond '/'. */
export function checkRelayUrl(text: string): Checked<string> {
  const t = text.trim();
  if (t === '') return { ok: true, value: '' };
  let u: URL;
  try {
    u = new URL(t);
  } catch {
    return { ok: false, error: `"${t.slice(0, 60)}" is not an address (write it as https://relay.example.org:9000)` };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    return { ok: false, error: `the signalling server is reached over http or https, not ${u.protocol}` };
  if (u.pathname !== '/' || u.search || u.hash)
    return { ok: false, error: 'give the signalling server as its address alone (no path after the port)' };
  return { ok: true, value: u.origin };
}

const ICE_URL = /^(stun|stuns|turn|turns):[^\s]+$/;

/** The STUN/TURN list: JSON, an array of { urls, username?, credential? } (RTCIceServer), at most 8. */
export function checkIceServers(text: string): Checked<RTCIceServer[]> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the STUN/TURN list is not JSON (e.g. [{"urls": "stun:stun.example.org:3478"}])' };
  }
  if (!Array.isArray(v) || v.length > 8)
    return { ok: false, error: 'the STUN/TURN list is an array of at most 8 servers' };
  const out: RTCIceServer[] = [];
  for (const [i, s] of v.entries()) {
    const o = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
    const urls = typeof o.urls === 'string' ? [o.urls] : Array.isArray(o.urls) ? o.urls : null;
    if (!urls || urls.length === 0 || !urls.every((u) => typeof u === 'string' && ICE_URL.test(u)))
      return {
        ok: false,
        error: `server ${i + 1}: "urls" is a stun:, stuns:, turn: or turns: address, or a list of them`,
      };
    for (const key of ['username', 'credential'] as const)
      if (o[key] !== undefined && typeof o[key] !== 'string')
        return { ok: false, error: `server ${i + 1}: "${key}" is text` };
    const server: RTCIceServer = { urls: typeof o.urls === 'string' ? o.urls : [...(urls as string[])] };
    if (typeof o.username === 'string') server.username = o.username;
    if (typeof o.credential === 'string') server.credential = o.credential;
    out.push(server);
  }
  return { ok: true, value: out };
}

/** Keeps both when both are right; else says what is wrong with the first that is not, keeping neither. */
export function saveNetSettings(relay: string, ice: string): Checked<string> {
  const r = checkRelayUrl(relay);
  if (!r.ok) return r;
  const i = checkIceServers(ice);
  if (!i.ok) return i;
  RELAY_URL.set(r.value);
  ICE_SERVERS.set(i.value);
  return {
    ok: true,
    value: `Kept: ${r.value || "this app's own signalling server"}, ${i.value.length} STUN/TURN ${i.value.length === 1 ? 'server' : 'servers'}. They count from the next table opened or joined.`,
  };
}

/** The settings as the form shows them. */
export function netSettingsText(): { relay: string; ice: string } {
  return { relay: RELAY_URL.get(), ice: JSON.stringify(ICE_SERVERS.get(), null, 1) };
}

/**
 * The input delay of battles at this table (issue 34, as RetroArch lets one set it): null is "auto", chosen
 * from the round trip the last battle measured (board/table's `inputDelay`); else 0-8 frames. Kept as text:
 * "auto" or the digit.
 */
export const INPUT_DELAY = setting<number | null>(
  'o2conquest.net.delay',
  null,
  (t) => (t === 'auto' ? null : /^[0-8]$/.test(t) ? Number(t) : undefined),
  (v) => (v === null ? 'auto' : String(v)),
);
