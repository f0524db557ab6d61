/**
 * The remote table's signalling server, run in Node beside the app: `npm start` (and `vite preview`)
 * serve it from Vite's own server (vite.config.ts), `npm run relay -- --port N` alone (relay-cli.ts).
 * It only introduces browsers to each other (their WebRTC offers, answers and candidates); the game
 * and the battles then go browser to browser over data channels. Never bundled into the page.
 *
 * It speaks the signalling protocol of PeerJS's own server (`peer`), which the page's PeerJS client
 * expects: GET <path>/<key>/id gives a fresh id; a WebSocket at <path>/peerjs?key&id&token registers
 * that id (OPEN, or ID-TAKEN when another token holds it); OFFER, ANSWER, CANDIDATE and LEAVE go to
 * their `dst` with the sender's id as `src`; a message for an id not connected waits a few seconds,
 * then its sender is told EXPIRE (the PeerJS client's "peer-unavailable"). `peer` itself was tried:
 * it cannot share a server without Express, and its timers cannot be stopped, so a process that ran
 * it never exits (the test run's preview server); this file is the part of it the app needs.
 *
 * It shares the HTTP server it is given: only its own path is answered, every other request and
 * WebSocket (Vite's hot reload) is left alone. Every message is bounded and checked.
 *
 * What a hostile or dead browser could do to it is bounded too (issue 34): messages parked for absent ids
 * have a cap per sender and in all; a socket may send so many messages a second; a socket that says
 * LEAVE is closed (it no longer speaks under the id it gave up); a socket silent for a minute (PeerJS
 * sends a HEARTBEAT every five seconds) is closed and its id freed; and an id stays bound to its token
 * for a while after its socket closed, so a host that reloads (its page keeps its token) gets its table's
 * id back, and another browser cannot take it meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { RELAY_KEY, RELAY_PATH } from './relay-address.ts';

export { RELAY_KEY, RELAY_PATH };

/** Signalling messages are offers and candidates, a few KB; anything larger is no browser's. */
const MAX_PAYLOAD = 64 * 1024;
/** Browsers connected at once at most, and messages waiting for one id. */
const MAX_CLIENTS = 5000;
const MAX_WAITING = 64;
/** How long a message waits for its `dst` before its sender is told EXPIRE. */
const EXPIRE_MS = 5000;
/** Bytes of messages parked for absent ids, from one sender and in all (one socket once parked 160 MB in 3 s). */
export const MAX_PARKED_PER_SENDER = 512 * 1024;
export const MAX_PARKED = 16 * 1024 * 1024;
/** Messages a socket may send a second, on average, and in a burst (a browser sends a few a second). */
export const MAX_RATE = 50;
export const MAX_BURST = 200;
/** A socket silent this long is dead (PeerJS's client sends a HEARTBEAT every 5 s): closed, its id freed. */
export const SILENT_MS = 60_000;
/** How long an id stays bound to its token after its socket closed: its page may come back with it. */
export const BOUND_MS = 10 * 60_000;
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const FORWARDED = new Set(['OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE', 'EXPIRE']);

interface Client {
  token: string;
  socket: WebSocket;
  /** When it last said anything, and its rate allowance (a token bucket). */
  seen: number;
  allowance: number;
}
type Parked = { type: string; src: string; dst: string; size: number };
interface Waiting {
  since: number;
  messages: Parked[];
}

export interface Relay {
  /** Connect-style middleware: answers the relay's HTTP requests, passes every other one on. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Browsers registered now, and messages waiting for an id not connected (tests). */
  clients(): number;
  waiting(): number;
  /** Bytes of messages parked for absent ids. */
  parkedBytes(): number;
  close(): void;
}

const send = (socket: WebSocket, message: object): void => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};
const refuse = (socket: WebSocket, msg: string): void => {
  send(socket, { type: 'ERROR', payload: { msg } });
  socket.close();
};
const strip = ({ size: _, ...m }: Parked): object => m;

/** What the relay knows: who is connected, what waits for whom, and which ids are kept for their token. */
class Hub {
  readonly clients = new Map<string, Client>();
  readonly waiting = new Map<string, Waiting>();
  /** Ids whose socket closed, still bound to their token until `until`. */
  readonly bound = new Map<string, { token: string; until: number }>();
  /** Bytes parked, in all and by sender. */
  parked = 0;
  readonly parkedBy = new Map<string, number>();

  constructor(readonly now: () => number) {}

  unpark(m: Parked): void {
    this.parked -= m.size;
    const left = (this.parkedBy.get(m.src) ?? 0) - m.size;
    if (left > 0) this.parkedBy.set(m.src, left);
    else this.parkedBy.delete(m.src);
  }

  deliver(message: { type: string; src: string; dst: string }, size = 0): void {
    const to = this.clients.get(message.dst);
    if (to) return send(to.socket, message);
    if (message.type === 'LEAVE' || message.type === 'EXPIRE') return;
    const mine = this.parkedBy.get(message.src) ?? 0;
    // Over a cap, the message is dropped: its sender hears EXPIRE as for an id nobody came for.
    if (mine + size > MAX_PARKED_PER_SENDER || this.parked + size > MAX_PARKED) return;
    const w = this.waiting.get(message.dst) ?? { since: this.now(), messages: [] };
    if (w.messages.length >= MAX_WAITING) return;
    w.messages.push({ ...message, size });
    this.parked += size;
    this.parkedBy.set(message.src, mine + size);
    this.waiting.set(message.dst, w);
  }

  /**
   * Messages nobody came for: their senders hear EXPIRE (once per pair). Dead sockets closed and
   * their ids freed; bindings past their time forgotten.
   */
  sweep(): void {
    const t = this.now();
    for (const [dst, w] of this.waiting) {
      if (t - w.since < EXPIRE_MS) continue;
      this.waiting.delete(dst);
      const told = new Set<string>();
      for (const m of w.messages) {
        this.unpark(m);
        if (told.has(m.src)) continue;
        told.add(m.src);
        this.deliver({ type: 'EXPIRE', src: dst, dst: m.src });
      }
    }
    for (const [id, c] of this.clients)
      if (t - c.seen > SILENT_MS) {
        this.clients.delete(id);
        c.socket.terminate();
      }
    for (const [id, b] of this.bound) if (b.until <= t) this.bound.delete(id);
  }

  clear(): void {
    for (const c of this.clients.values()) c.socket.terminate();
    this.clients.clear();
    this.waiting.clear();
    this.bound.clear();
    this.parkedBy.clear();
    this.parked = 0;
  }
}

/** A socket's registration under its id and token (PeerJS's OPEN or ID-TAKEN), then its messages. */
function register(hub: Hub, socket: WebSocket, req: IncomingMessage): void {
  const { clients, bound, now } = hub;
  const q = new URL(req.url ?? '', 'http://relay').searchParams;
  const id = q.get('id') ?? '';
  const token = q.get('token') ?? '';
  if (q.get('key') !== RELAY_KEY) return refuse(socket, 'Invalid key provided');
  if (!ID.test(id) || !ID.test(token)) return refuse(socket, 'No id, token, or key supplied to websocket server');
  const held = clients.get(id);
  const keptFor = bound.get(id);
  if ((held && held.token !== token) || (!held && keptFor && keptFor.until > now() && keptFor.token !== token)) {
    send(socket, { type: 'ID-TAKEN', payload: { msg: 'ID is taken' } });
    socket.close();
    return;
  }
  if (!held && clients.size >= MAX_CLIENTS) return refuse(socket, 'Server has reached its concurrent user limit');
  // The same token again (a page reloaded): the new socket takes the id over from the old one.
  if (held) held.socket.close();
  bound.delete(id);
  const client: Client = { token, socket, seen: now(), allowance: MAX_BURST };
  clients.set(id, client);
  send(socket, { type: 'OPEN' });
  const w = hub.waiting.get(id);
  hub.waiting.delete(id);
  for (const m of w?.messages ?? []) {
    hub.unpark(m);
    send(socket, strip(m));
  }
  const gone = (): void => {
    if (clients.get(id) !== client) return;
    clients.delete(id);
    bound.set(id, { token, until: now() + BOUND_MS });
  };
  socket.on('message', (data) => heard(hub, id, client, String(data)));
  socket.on('close', gone);
  socket.on('error', () => socket.terminate());
}

/** One message from the socket registered as `id`: rate-limited, checked, then forwarded to its `dst`. */
function heard(hub: Hub, id: string, client: Client, text: string): void {
  const socket = client.socket;
  const t = hub.now();
  client.allowance = Math.min(MAX_BURST, client.allowance + ((t - client.seen) / 1000) * MAX_RATE);
  client.seen = t;
  if (--client.allowance < 0) return refuse(socket, `too many messages: at most ${MAX_RATE} a second`);
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return;
  }
  const msg = m as { type?: unknown; dst?: unknown; payload?: unknown } | null;
  if (typeof msg !== 'object' || msg === null || typeof msg.type !== 'string') return;
  if (msg.type === 'LEAVE' && msg.dst === undefined) {
    // The page gave its id up: the id is free at once, and the socket speaks under it no more.
    if (hub.clients.get(id) === client) hub.clients.delete(id);
    socket.close();
    return;
  }
  if (!FORWARDED.has(msg.type) || typeof msg.dst !== 'string' || !ID.test(msg.dst)) return;
  const size = text.length;
  hub.deliver(
    { type: msg.type, src: id, dst: msg.dst, ...(msg.payload === undefined ? {} : { payload: msg.payload }) },
    size,
  );
}

/** The relay's HTTP side: a fresh id at <path>/<key>/id, a line of text at <path>/; others pass on. */
function answerHttp(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const path = (req.url ?? '').split('?')[0];
  if (!path.startsWith(`${RELAY_PATH}/`)) return next();
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cache-Control', 'no-store');
  if (req.method === 'GET' && path === `${RELAY_PATH}/${RELAY_KEY}/id`) {
    res.setHeader('Content-Type', 'text/html');
    res.end(randomUUID());
    return;
  }
  res.statusCode = path === `${RELAY_PATH}/` ? 200 : 404;
  res.setHeader('Content-Type', 'text/plain');
  res.end(res.statusCode === 200 ? "o2conquest relay: the remote table's signalling server\n" : 'not found\n');
}

export function attachRelay(server: Server, now: () => number = Date.now): Relay {
  const hub = new Hub(now);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => register(hub, socket, req));

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if ((req.url ?? '').split('?')[0] !== `${RELAY_PATH}/peerjs`) return;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);

  // Unref'd: it never keeps a process alive.
  const expiry = setInterval(() => hub.sweep(), 1000);
  expiry.unref();

  return {
    middleware: answerHttp,
    clients: () => hub.clients.size,
    waiting: () => [...hub.waiting.values()].reduce((n, w) => n + w.messages.length, 0),
    parkedBytes: () => hub.parked,
    close() {
      clearInterval(expiry);
      server.off('upgrade', onUpgrade);
      hub.clear();
      wss.close();
    },
  };
}
