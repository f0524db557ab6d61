/**
 * `npm run relay -- --port N [--host H]`: the remote table's signalling server alone, for a group that
 * hosts one on a public machine (the app's "Relay" setting then points at it). `npm start` runs the
 * same relay inside the app's own server, so nobody needs this on one machine.
 */
import { createServer } from 'node:http';
import { attachRelay, RELAY_PATH } from './relay-server.ts';

const USAGE =
  "usage: npm run relay -- --port N [--host H]\n  Runs the remote table's signalling server (PeerJS) on port N (1-65535), host H (default 0.0.0.0).";

function fail(why: string): never {
  process.stderr.write(`relay: ${why}\n${USAGE}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
let port: number | null = null;
let host = '0.0.0.0';
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--port') {
    const v = args[++i];
    if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 65535)
      fail(`--port wants a port number from 1 to 65535 (got ${JSON.stringify(v ?? null)})`);
    port = Number(v);
  } else if (a === '--host') {
    const v = args[++i];
    if (!v) fail('--host wants a host name or address');
    host = v;
  } else fail(`unknown option ${JSON.stringify(a)}`);
}
if (port === null) fail('--port is required');

const server = createServer((req, res) =>
  relay.middleware(req, res, () => {
    res.statusCode = 404;
    res.end(`o2conquest relay: the signalling server for the remote table lives under ${RELAY_PATH}/\n`);
  }),
);
const relay = attachRelay(server);
server.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'EADDRINUSE' ? `port ${port} is in use` : e.message));
server.listen(port, host, () =>
  process.stdout.write(`o2conquest relay on http://${host}:${port}${RELAY_PATH}/ (Ctrl-C stops it)\n`),
);
