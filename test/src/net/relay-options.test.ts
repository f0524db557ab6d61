/**
 * `npm run relay`'s options (src/net/relay-options.ts) and its TLS (src/net/relay-start.ts): each bad
 * option refused with a sentence; with a certificate and key the relay answers over HTTPS and a PeerJS
 * client registers over WSS. The certificate in tls/ is a self-signed one made for these tests only
 * (`openssl req -x509 -newkey ec … -days 36500 -subj /CN=localhost`), never for a real relay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { get } from 'node:https';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { parseRelayOptions } from '../../../src/net/relay-options.ts';
import { startRelay, type RunningRelay } from '../../../src/net/relay-start.ts';
import { RELAY_KEY, RELAY_PATH } from '../../../src/net/relay-server.ts';

const CERT = fileURLToPath(new URL('./tls/test-cert.pem', import.meta.url));
const KEY = fileURLToPath(new URL('./tls/test-key.pem', import.meta.url));

let running: RunningRelay | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

describe('the relay options', () => {
  it('take a port, a host, and a certificate with its key', () => {
    expect(parseRelayOptions(['--port', '9000'])).toEqual({ port: 9000, host: '0.0.0.0', tls: null });
    const tls = parseRelayOptions(['--port', '9443', '--host', '127.0.0.1', '--cert', CERT, '--key', KEY]);
    expect(tls).toMatchObject({ port: 9443, host: '127.0.0.1' });
    expect((tls as { tls: { cert: Buffer } }).tls.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(parseRelayOptions(['--help'])).toBe('help');
  });

  it('refuse what cannot work, each with a sentence', () => {
    const error = (args: string[]): string => (parseRelayOptions(args) as { error: string }).error;
    expect(error([])).toBe('--port is required');
    expect(error(['--port', '70000'])).toMatch(/from 1 to 65535/);
    expect(error(['--port', '9000', '--cert', CERT])).toMatch(/--cert and --key go together/);
    expect(error(['--port', '9000', '--key', KEY])).toMatch(/--cert and --key go together/);
    expect(error(['--port', '9000', '--cert', '--key', KEY])).toBe('--cert wants a PEM file');
    expect(error(['--port', '9000', '--cert', '/nowhere/cert.pem', '--key', KEY])).toMatch(
      /--cert \/nowhere\/cert.pem: cannot read it \(ENOENT\)/,
    );
    expect(error(['--port', '9000', '--cert', KEY, '--key', KEY])).toMatch(/not a PEM certificate/);
    expect(error(['--port', '9000', '--cert', CERT, '--key', CERT])).toMatch(/not a PEM private key/);
    expect(error(['--port', '9000', '--tls'])).toBe('unknown option "--tls"');
  });
});

describe('the relay over TLS', () => {
  it('answers HTTPS and registers a PeerJS client over WSS', async () => {
    const options = parseRelayOptions(['--port', '1', '--host', '127.0.0.1', '--cert', CERT, '--key', KEY]);
    if (options === 'help' || 'error' in options) throw new Error('options refused');
    running = await startRelay({ ...options, port: 0 });
    expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/o2relay\/$/);
    const port = new URL(running.url).port;
    const ca = readFileSync(CERT);
    const status = await new Promise<number>((resolve, reject) =>
      get(`https://127.0.0.1:${port}/`, { ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject),
    );
    expect(status).toBe(404);
    const ws = new WebSocket(
      `wss://127.0.0.1:${port}${RELAY_PATH}/peerjs?key=${RELAY_KEY}&id=host-a&token=t1&version=1.5.5`,
      { ca },
    );
    const first = await new Promise<Record<string, unknown>>((resolve, reject) => {
      ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as Record<string, unknown>));
      ws.once('error', reject);
    });
    expect(first.type).toBe('OPEN');
    ws.close();
  });

  it('refuses a key that is not the certificate’s, before listening', async () => {
    const other = parseRelayOptions(['--port', '1', '--cert', CERT, '--key', KEY]);
    if (other === 'help' || 'error' in other) throw new Error('options refused');
    const wrongKey = Buffer.from(
      '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n',
    );
    await expect(startRelay({ ...other, port: 0, tls: { cert: other.tls!.cert, key: wrongKey } })).rejects.toThrow(
      /the certificate and key were refused/,
    );
  });
});
