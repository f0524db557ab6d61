/** Starts the relay on its own server, HTTP or (with a certificate) HTTPS: `npm run relay`, and its tests. */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { attachRelay, RELAY_PATH, type Relay } from './relay-server.ts';
import type { RelayOptions } from './relay-options.ts';

export interface RunningRelay {
  server: Server;
  relay: Relay;
  /** Where PeerJS finds it, e.g. `https://0.0.0.0:9000/o2relay/`. */
  url: string;
  close(): Promise<void>;
}

/** Listens on the options' port and host; rejects with the server's error (a port in use, a bad key). */
export function startRelay(options: RelayOptions): Promise<RunningRelay> {
  const other = (res: ServerResponse): void => {
    res.statusCode = 404;
    res.end(`o2conquest relay: the signalling server for the remote table lives under ${RELAY_PATH}/\n`);
  };
  // The handler reaches the relay once it is attached to the server the handler is given to.
  const attachedTo: { relay?: Relay } = {};
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    if (attachedTo.relay) attachedTo.relay.middleware(req, res, () => other(res));
    else other(res);
  };
  let server: Server;
  try {
    // A key that does not match its certificate throws here, before anything listens.
    server = options.tls
      ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handler)
      : createHttpServer(handler);
  } catch (e) {
    return Promise.reject(new Error(`the certificate and key were refused: ${(e as Error).message}`));
  }
  const attached = attachRelay(server);
  attachedTo.relay = attached;
  return new Promise((resolve, reject) => {
    server.once('error', (e) => {
      attached.close();
      reject(e);
    });
    server.listen(options.port, options.host, () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        server,
        relay: attached,
        url: `${options.tls ? 'https' : 'http'}://${options.host}:${port}${RELAY_PATH}/`,
        close: () =>
          new Promise((done) => {
            attached.close();
            server.close(() => done());
          }),
      });
    });
  });
}
