/**
 * The remote table's connections (issue 21): WebRTC data channels between browsers, set up through
 * PeerJS and our signalling server (src/net/relay-server.ts; `npm start` serves it beside the app).
 * The host listens under an id made from its table's code; guests connect to it. Everything sent is
 * JSON text, checked on arrival (board/table/table-messages.ts); this file only carries it.
 *
 * Each guest has two connections to the host (board/table's lanes): the table's, reliable and ordered,
 * and the battle's, unordered (PeerJS's `reliable: false`): a battle message that is lost or late holds
 * up none after it, where on an ordered channel one lost packet held every later one for a
 * retransmission (issue 34: a bad link halved the frame rate). The battle lane is opened after the
 * table's and names it; until it is open, or if it never opens, battle messages take the table's lane.
 */
import { Peer, type DataConnection, type PeerOptions } from 'peerjs';
import type { Lane } from '../../board/index.ts';
import { jsonSetting, setting } from '../platform/settings.ts';
import { RELAY_KEY, RELAY_PATH } from './relay-address.ts';
import { FaultyLink, pageFault } from './link-fault.ts';

/**
 * The bad link the netplay browser bench asks for (link-fault.ts), or null: every page but the bench's.
 * Read once when the page loads; the battle lane may lose messages, the table's only comes late.
 */
const fault = ((f) => (f ? new FaultyLink(f) : null))(pageFault());

/** Sends `text` on `c` now, or through the bench's bad link. */
function sendOn(c: DataConnection, text: string, unordered: boolean): void {
  if (!fault) {
    void c.send(text);
    return;
  }
  fault.send(() => {
    if (c.open) void c.send(text);
  }, !unordered);
}

/** The signalling server: empty for the app's own server, else a URL such as https://relay.example.org:9000. */
export const RELAY_URL = setting<string>('o2conquest.net.relay', '', (t) => t);
/**
 * STUN/TURN servers for browsers on different networks (a setting; none needed on one network). Each
 * entry is an RTCIceServer: { urls, username?, credential? }.
 */
export const ICE_SERVERS = jsonSetting<RTCIceServer[]>(
  'o2conquest.net.ice',
  [{ urls: 'stun:stun.l.google.com:19302' }],
  (v) =>
    Array.isArray(v) &&
    v.every((s) => typeof s === 'object' && s !== null && (typeof s.urls === 'string' || Array.isArray(s.urls)))
      ? (v as RTCIceServer[])
      : undefined,
);

/** Letters that cannot be misread for one another (no 0/O, 1/I/L), for a code said across a room. */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
const CODE = new RegExp(`^[${CODE_LETTERS}]{${CODE_LENGTH}}$`);

export function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  return Array.from(bytes, (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');
}

/** A code as typed (spaces, lower case) in the form the host uses, or null when it cannot be one. */
export function readCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

const peerId = (code: string): string => `o2conquest-${code}`;

const HOST_TOKEN = 'o2conquest.net.hostToken';

/**
 * This browser's secret as a host: the signalling server keeps a table's id bound to the token that held
 * it for a while after its page closed (src/net/relay-server.ts), so the host's reloaded page, with the
 * same token, gets its table back and nobody else can take it meanwhile. Made once and kept; a browser
 * that keeps nothing makes one per page (a reload then waits for the binding to end).
 */
function hostToken(): string {
  const made = Array.from(
    crypto.getRandomValues(new Uint8Array(18)),
    (b) => CODE_LETTERS[b % CODE_LETTERS.length],
  ).join('');
  try {
    const kept = localStorage.getItem(HOST_TOKEN);
    if (kept && /^[A-Za-z0-9]{16,64}$/.test(kept)) return kept;
    localStorage.setItem(HOST_TOKEN, made);
  } catch {
    // Storage refused: this page's own token.
  }
  return made;
}

function options(): PeerOptions {
  const config = { iceServers: ICE_SERVERS.get() };
  const url = RELAY_URL.get().trim();
  if (url) {
    const u = new URL(url);
    const secure = u.protocol === 'https:';
    return {
      host: u.hostname,
      port: Number(u.port) || (secure ? 443 : 80),
      path: RELAY_PATH,
      key: RELAY_KEY,
      secure,
      config,
    };
  }
  const secure = location.protocol === 'https:';
  return {
    host: location.hostname,
    port: Number(location.port) || (secure ? 443 : 80),
    path: RELAY_PATH,
    key: RELAY_KEY,
    secure,
    config,
  };
}

/** PeerJS's error types in a sentence for the players. */
function why(e: { type?: string; message?: string }): string {
  switch (e.type) {
    case 'peer-unavailable':
      return 'no table is open under this code (the host may have closed it, or the code is mistyped)';
    case 'unavailable-id':
      return "this table's code is still in use on the signalling server (the old page is closing); trying again";
    case 'network':
    case 'server-error':
    case 'socket-error':
    case 'socket-closed':
      return 'the signalling server cannot be reached (it runs with `npm start`, or see the Relay setting)';
    case 'browser-incompatible':
      return 'this browser has no WebRTC data channels';
    default:
      return e.message ?? String(e.type ?? 'an unknown network error');
  }
}

export interface HostLinkEvents {
  data(connection: string, text: string): void;
  closed(connection: string): void;
  /** The host lost the signalling server (guests already connected stay connected). */
  problem(text: string): void;
}

/** What a guest's battle lane says when it opens: the table connection (PeerJS's id of it) it belongs to. */
interface LaneMetadata {
  lane: 'battle';
  table: string;
}

const isLane = (v: unknown): v is LaneMetadata =>
  typeof v === 'object' &&
  v !== null &&
  (v as LaneMetadata).lane === 'battle' &&
  typeof (v as LaneMetadata).table === 'string';

/** The host's end: listens under the table's code, one data channel per guest (and its battle lane). */
export class HostLink {
  private readonly connections = new Map<string, DataConnection>();
  private readonly lanes = new Map<string, DataConnection>();
  private seq = 0;

  private constructor(
    private readonly peer: Peer,
    readonly code: string,
    events: HostLinkEvents,
  ) {
    peer.on('connection', (conn) => {
      if (isLane(conn.metadata)) return this.battleLane(conn, events);
      const id = `c${++this.seq}`;
      conn.on('open', () => this.connections.set(id, conn));
      conn.on('data', (data) => {
        if (typeof data === 'string') events.data(id, data);
      });
      conn.on('close', () => {
        this.connections.delete(id);
        this.lanes.get(id)?.close();
        this.lanes.delete(id);
        events.closed(id);
      });
      conn.on('error', () => conn.close());
    });
    peer.on('disconnected', () => {
      events.problem(
        'the signalling server dropped this table; new guests cannot join until it is back (trying again)',
      );
      setTimeout(() => {
        if (!peer.destroyed) peer.reconnect();
      }, 2000);
    });
  }

  /** Opens the table under `code`; rejects with a sentence. A code still held by this page's last load is tried again for a while. */
  static async open(code: string, events: HostLinkEvents): Promise<HostLink> {
    for (let attempt = 0; ; attempt++) {
      try {
        const peer = await new Promise<Peer>((resolve, reject) => {
          const p = new Peer(peerId(code), { ...options(), token: hostToken() });
          p.once('open', () => resolve(p));
          p.once('error', (e) => {
            p.destroy();
            reject(e);
          });
        });
        return new HostLink(peer, code, events);
      } catch (e) {
        const type = (e as { type?: string }).type;
        if (type !== 'unavailable-id' || attempt >= 10) throw new Error(why(e as { type?: string }), { cause: e });
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /**
   * A guest's battle lane: taken only from the browser (PeerJS peer) that holds the table connection it
   * names, so no guest can speak on another's behalf through it; what comes on it is that guest's.
   */
  private battleLane(conn: DataConnection, events: HostLinkEvents): void {
    const table = (conn.metadata as LaneMetadata).table;
    conn.on('open', () => {
      const entry = [...this.connections].find(([, c]) => c.connectionId === table && c.peer === conn.peer);
      if (!entry) return conn.close();
      const [id] = entry;
      this.lanes.get(id)?.close();
      this.lanes.set(id, conn);
      conn.on('data', (data) => {
        if (typeof data === 'string' && this.lanes.get(id) === conn) events.data(id, data);
      });
      conn.on('close', () => {
        if (this.lanes.get(id) === conn) this.lanes.delete(id);
      });
    });
    conn.on('error', () => conn.close());
  }

  send(connection: string, text: string, lane: Lane = 'table'): void {
    const battle = lane === 'battle' ? this.lanes.get(connection) : undefined;
    const c = battle?.open ? battle : this.connections.get(connection);
    if (c?.open) sendOn(c, text, c === battle);
  }

  /** Closes one guest's connection (it stopped answering): a guest that comes back opens a new one. */
  drop(connection: string): void {
    const c = this.connections.get(connection);
    this.connections.delete(connection);
    this.lanes.get(connection)?.close();
    this.lanes.delete(connection);
    c?.close();
  }

  close(): void {
    this.peer.destroy();
    this.connections.clear();
    this.lanes.clear();
  }
}

export interface GuestLinkEvents {
  data(text: string): void;
  /** The line to the host closed (the host left or reloaded). */
  closed(): void;
}

/** A guest's end: one data channel to the host's table, and its battle lane once that opens. */
export class GuestLink {
  private lane: DataConnection | null = null;

  private constructor(
    private readonly peer: Peer,
    private readonly conn: DataConnection,
    code: string,
    events: GuestLinkEvents,
  ) {
    const metadata: LaneMetadata = { lane: 'battle', table: conn.connectionId };
    const lane = peer.connect(peerId(code), { reliable: false, serialization: 'raw', metadata });
    lane.on('open', () => {
      this.lane = lane;
    });
    lane.on('data', (data) => {
      if (typeof data === 'string') events.data(data);
    });
    lane.on('close', () => {
      if (this.lane === lane) this.lane = null;
    });
    lane.on('error', () => lane.close());
  }

  /** Joins the table under `code`; rejects with a sentence. */
  static async join(code: string, events: GuestLinkEvents): Promise<GuestLink> {
    const peer = await new Promise<Peer>((resolve, reject) => {
      const p = new Peer(options());
      p.once('open', () => resolve(p));
      p.once('error', (e) => {
        p.destroy();
        reject(new Error(why(e)));
      });
    });
    const conn = await new Promise<DataConnection>((resolve, reject) => {
      const c = peer.connect(peerId(code), { reliable: true, serialization: 'raw' });
      const fail = (e: { type?: string; message?: string }): void => {
        peer.destroy();
        reject(new Error(why(e)));
      };
      peer.once('error', fail);
      c.once('open', () => {
        peer.off('error', fail);
        resolve(c);
      });
    });
    conn.on('data', (data) => {
      if (typeof data === 'string') events.data(data);
    });
    conn.on('close', () => events.closed());
    peer.on('error', () => undefined);
    return new GuestLink(peer, conn, code, events);
  }

  send(text: string, lane: Lane = 'table'): void {
    const c = lane === 'battle' && this.lane?.open ? this.lane : this.conn;
    if (c.open) sendOn(c, text, c === this.lane);
  }

  close(): void {
    this.peer.destroy();
  }
}
