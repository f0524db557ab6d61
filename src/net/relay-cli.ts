/**
 * `npm run relay -- --port N [--host H] [--cert FILE --key FILE]`: the remote table's signalling server
 * alone, for a group that hosts one on a public machine (the app's "Relay" setting then points at it).
 * `npm start` runs the same relay inside the app's own server, so nobody needs this on one machine.
 */
import { startRelay } from './relay-start.ts';
import { RELAY_USAGE, parseRelayOptions } from './relay-options.ts';

function fail(why: string): never {
  process.stderr.write(`relay: ${why}\n${RELAY_USAGE}\n`);
  process.exit(2);
}

const options = parseRelayOptions(process.argv.slice(2));
if (options === 'help') {
  process.stdout.write(`${RELAY_USAGE}\n`);
  process.exit(0);
}
if ('error' in options) fail(options.error);
startRelay(options).then(
  (running) => process.stdout.write(`o2conquest relay on ${running.url} (Ctrl-C stops it)\n`),
  (e: NodeJS.ErrnoException) => fail(e.code === 'EADDRINUSE' ? `port ${options.port} is in use` : e.message),
);
