/**
 * `npm run relay`'s options, read and checked apart from starting the server so each refusal is a
 * sentence a test can see: `--port N [--host H] [--cert FILE --key FILE]`. With a certificate and its
 * key the relay speaks HTTPS and WSS, which a page served over HTTPS needs (a browser refuses a plain
 * `ws://` from a secure page).
 */
import { readFileSync } from 'node:fs';

export const RELAY_USAGE =
  'usage: npm run relay -- --port N [--host H] [--cert FILE --key FILE]\n' +
  "  Runs the remote table's signalling server (PeerJS) on port N (1-65535), host H (default 0.0.0.0);\n" +
  '  with --cert and --key (PEM files) it serves HTTPS and WSS instead of HTTP and WS.';

export interface RelayOptions {
  port: number;
  host: string;
  /** The certificate chain and private key, as read from their files (PEM). */
  tls: { cert: Buffer; key: Buffer } | null;
}

/** `--help`, the options, or a sentence saying what is wrong. Reads the TLS files (a missing one is refused here). */
export function parseRelayOptions(args: readonly string[]): 'help' | RelayOptions | { error: string } {
  if (args.includes('--help') || args.includes('-h')) return 'help';
  let port: number | null = null;
  let host = '0.0.0.0';
  const files: { cert?: string; key?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = args[i + 1] as string | undefined;
    if (a === '--port') {
      if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 65535)
        return { error: `--port wants a port number from 1 to 65535 (got ${JSON.stringify(v ?? null)})` };
      port = Number(v);
    } else if (a === '--host') {
      if (!v || v.startsWith('--')) return { error: '--host wants a host name or address' };
      host = v;
    } else if (a === '--cert' || a === '--key') {
      if (!v || v.startsWith('--')) return { error: `${a} wants a PEM file` };
      files[a === '--cert' ? 'cert' : 'key'] = v;
    } else return { error: `unknown option ${JSON.stringify(a)}` };
    i++;
  }
  if (port === null) return { error: '--port is required' };
  if ((files.cert === undefined) !== (files.key === undefined))
    return { error: '--cert and --key go together: a certificate needs its private key' };
  if (files.cert === undefined || files.key === undefined) return { port, host, tls: null };
  const cert = readPem(files.cert, 'CERTIFICATE', '--cert');
  if (typeof cert === 'string') return { error: cert };
  const key = readPem(files.key, 'PRIVATE KEY', '--key');
  if (typeof key === 'string') return { error: key };
  return { port, host, tls: { cert, key } };
}

/** A PEM file's bytes, or a sentence: unreadable, or not the kind of PEM block asked for. */
function readPem(path: string, kind: string, option: string): Buffer | string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    return `${option} ${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
  }
  // "PRIVATE KEY" also matches "EC PRIVATE KEY" and "RSA PRIVATE KEY".
  if (!new RegExp(`-----BEGIN [A-Z ]*${kind}-----`).test(bytes.toString('latin1')))
    return `${option} ${path}: not a PEM ${kind.toLowerCase()} (no "-----BEGIN … ${kind}-----" line)`;
  return bytes;
}
