/**
 * The remote table's signalling server (PeerJS's `peer`), run in Node beside the app: `npm start`
 * serves it from Vite's own server (vite.config.ts), `npm run relay -- --port N` alone (relay-cli.ts).
 * It only introduces browsers to each other; the game and the battles then go browser to browser over
 * WebRTC data channels. Never bundled into the page.
 *
 * It shares the HTTP server it is given: its HTTP routes and its WebSocket live under RELAY_PATH, and
 * every other request and WebSocket (Vite's own hot reload) is left to the server's other handlers.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ExpressPeerServer } from 'peer';
import { WebSocketServer } from 'ws';

/** Where the relay answers on the server it shares (the page's default, src/net/peer-link.ts). */
export const RELAY_PATH = '/o2relay';
/** PeerJS's key: the same on both sides. */
export const RELAY_KEY = 'o2conquest';

export interface Relay {
  /** Connect-style middleware: answers the relay's HTTP requests, passes every other one on. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  close(): void;
}

export function attachRelay(server: Server): Relay {
  const sockets: WebSocketServer[] = [];
  const app = ExpressPeerServer(server, {
    path: RELAY_PATH,
    key: RELAY_KEY,
    allow_discovery: false,
    // The relay's WebSocket answers only its own path; Vite's hot-reload socket on the same server is untouched.
    createWebSocketServer: (options) => {
      const wss = new WebSocketServer({ noServer: true });
      const path = options.path;
      const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname !== path) return;
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      };
      options.server?.on('upgrade', onUpgrade);
      sockets.push(wss);
      return wss;
    },
  } as Parameters<typeof ExpressPeerServer>[1]);
  // ExpressPeerServer sets itself up when an Express app mounts it; here a plain server takes it. Express's
  // own mount handler hands the parent's prototypes down: given the app's own, it changes nothing.
  const own = app as unknown as Record<'request' | 'response' | 'engines' | 'settings', object>;
  app.emit('mount', { request: Object.getPrototypeOf(own.request), response: Object.getPrototypeOf(own.response), engines: Object.getPrototypeOf(own.engines), settings: Object.getPrototypeOf(own.settings) });
  return {
    middleware(req, res, next) {
      if ((req.url ?? '').startsWith(`${RELAY_PATH}/`)) app(req as never, res as never, next);
      else next();
    },
    close() {
      for (const wss of sockets) {
        for (const client of wss.clients) client.terminate();
        wss.close();
      }
    },
  };
}
