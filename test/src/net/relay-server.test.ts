/**
 * The remote table's signalling server (src/net/relay-server.ts) as PeerJS's client uses it: an id
 * over HTTP, registration over a WebSocket, offers passed to their `dst` with the sender as `src`, an
 * id held by another token refused, a message for nobody answered with EXPIRE, bad input ignored, the
 * server's other requests and sockets left alone. Real sockets on a free port of this machine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import {
  attachRelay,
  BOUND_MS,
  MAX_BURST,
  MAX_PARKED_PER_SENDER,
  RELAY_KEY,
  RELAY_PATH,
  SILENT_MS,
  type Relay,
} from '../../../src/net/relay-server.ts';

interface Running {
  server: Server;
  relay: Relay;
  port: number;
  clock: { t: number };
}
let running: Running | null = null;

async function start(): Promise<Running> {
  const clock = { t: 0 };
  const server = createServer((req, res) =>
    relay.middleware(req, res, () => {
      res.statusCode = 418;
      res.end('other');
    }),
  );
  const relay = attachRelay(server, () => clock.t);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running = { server, relay, port: (server.address() as AddressInfo).port, clock };
  return running;
}

afterEach(async () => {
  if (!running) return;
  running.relay.close();
  await new Promise((resolve) => running!.server.close(resolve));
  running = null;
});

/** A client as PeerJS opens one; its messages in order. */
async function client(
  port: number,
  id: string,
  token: string,
): Promise<{ ws: WebSocket; got: Record<string, unknown>[]; next(): Promise<Record<string, unknown>> }> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${port}${RELAY_PATH}/peerjs?key=${RELAY_KEY}&id=${id}&token=${token}&version=1.5.5`,
  );
  const got: Record<string, unknown>[] = [];
  const waiters: ((m: Record<string, unknown>) => void)[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as Record<string, unknown>;
    const w = waiters.shift();
    if (w) w(m);
    else got.push(m);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    got,
    next: () => (got.length ? Promise.resolve(got.shift()!) : new Promise((resolve) => waiters.push(resolve))),
  };
}

describe('the relay (signalling server)', () => {
  it('gives an id, registers clients and passes an offer to its dst with the sender as src', async () => {
    const { port } = await start();
    const id = await (await fetch(`http://127.0.0.1:${port}${RELAY_PATH}/${RELAY_KEY}/id`)).text();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const host = await client(port, 'o2conquest-ABC234', 'tokenA');
    const guest = await client(port, id, 'tokenB');
    expect(await host.next()).toEqual({ type: 'OPEN' });
    expect(await guest.next()).toEqual({ type: 'OPEN' });
    guest.ws.send(JSON.stringify({ type: 'OFFER', dst: 'o2conquest-ABC234', payload: { sdp: 'x' }, src: 'forged' }));
    expect(await host.next()).toEqual({ type: 'OFFER', src: id, dst: 'o2conquest-ABC234', payload: { sdp: 'x' } });
    expect(running!.relay.clients()).toBe(2);
  });

  it('refuses an id another token holds, and a wrong key', async () => {
    const { port } = await start();
    const first = await client(port, 'o2conquest-ABC234', 'tokenA');
    expect(await first.next()).toEqual({ type: 'OPEN' });
    const second = await client(port, 'o2conquest-ABC234', 'tokenZ');
    expect(await second.next()).toEqual({ type: 'ID-TAKEN', payload: { msg: 'ID is taken' } });
    const ws = new WebSocket(`ws://127.0.0.1:${port}${RELAY_PATH}/peerjs?key=nope&id=a&token=b`);
    const m = await new Promise<string>((resolve) => ws.on('message', (d) => resolve(String(d))));
    expect(JSON.parse(m)).toEqual({ type: 'ERROR', payload: { msg: 'Invalid key provided' } });
  });

  it('answers an offer to nobody with EXPIRE after it waited, and drops what is not a signalling message', async () => {
    const r = await start();
    const guest = await client(r.port, 'guest1', 'tokenB');
    expect(await guest.next()).toEqual({ type: 'OPEN' });
    for (const bad of [
      '{',
      '[]',
      JSON.stringify({ type: 'OFFER' }),
      JSON.stringify({ type: 'NUKE', dst: 'x' }),
      JSON.stringify({ type: 'OFFER', dst: '../../etc' }),
    ])
      guest.ws.send(bad);
    guest.ws.send(JSON.stringify({ type: 'OFFER', dst: 'o2conquest-NOBODY', payload: {} }));
    // Once the offer waits, the relay's clock moves past the wait; its once-a-second sweep tells the sender.
    await expect.poll(() => r.relay.waiting()).toBe(1);
    r.clock.t = 6000;
    expect(await guest.next()).toEqual({ type: 'EXPIRE', src: 'o2conquest-NOBODY', dst: 'guest1' });
    expect(guest.got).toEqual([]);
  });

  it('leaves the server’s other requests and WebSockets to it', async () => {
    const { port, server } = await start();
    expect((await fetch(`http://127.0.0.1:${port}/index.html`)).status).toBe(418);
    // Another WebSocket on the same server (Vite's hot reload, say) is not taken by the relay.
    let other = false;
    server.on('upgrade', (req, socket) => {
      if (req.url === '/hmr') {
        other = true;
        socket.destroy();
      }
    });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/hmr`);
    await new Promise((resolve) => {
      ws.on('error', resolve);
      ws.on('close', resolve);
    });
    expect(other).toBe(true);
  });

  it('closes a socket that says LEAVE: its id is free and it speaks under it no more', async () => {
    const { port, relay } = await start();
    const host = await client(port, 'o2conquest-ABC234', 'tokenA');
    expect(await host.next()).toEqual({ type: 'OPEN' });
    const closed = new Promise((resolve) => host.ws.once('close', resolve));
    host.ws.send(JSON.stringify({ type: 'LEAVE' }));
    await closed;
    expect(relay.clients()).toBe(0);
  });

  it("keeps a closed id for its token: the host's reloaded page gets it back, another browser does not until the binding ends", async () => {
    const r = await start();
    const host = await client(r.port, 'o2conquest-ABC234', 'hostSecret1');
    expect(await host.next()).toEqual({ type: 'OPEN' });
    host.ws.close();
    await expect.poll(() => r.relay.clients()).toBe(0);
    const squatter = await client(r.port, 'o2conquest-ABC234', 'tokenZ');
    expect(await squatter.next()).toEqual({ type: 'ID-TAKEN', payload: { msg: 'ID is taken' } });
    const back = await client(r.port, 'o2conquest-ABC234', 'hostSecret1');
    expect(await back.next()).toEqual({ type: 'OPEN' });
    back.ws.close();
    await expect.poll(() => r.relay.clients()).toBe(0);
    r.clock.t += BOUND_MS + 1;
    const later = await client(r.port, 'o2conquest-ABC234', 'tokenZ');
    expect(await later.next()).toEqual({ type: 'OPEN' });
  });

  it('caps what one socket parks for absent ids', async () => {
    const { port, relay } = await start();
    const guest = await client(port, 'guest1', 'tokenB');
    expect(await guest.next()).toEqual({ type: 'OPEN' });
    const payload = { sdp: 'x'.repeat(30_000) };
    for (let i = 0; i < 40; i++) guest.ws.send(JSON.stringify({ type: 'OFFER', dst: `nobody${i}`, payload }));
    guest.ws.send(JSON.stringify({ type: 'HEARTBEAT' }));
    await expect.poll(() => relay.parkedBytes()).toBeGreaterThan(MAX_PARKED_PER_SENDER - 31_000);
    expect(relay.parkedBytes()).toBeLessThanOrEqual(MAX_PARKED_PER_SENDER);
    expect(relay.waiting()).toBeLessThan(40);
  });

  it('refuses a socket that floods it, and closes one silent for a minute', async () => {
    const r = await start();
    const flood = await client(r.port, 'guest1', 'tokenB');
    expect(await flood.next()).toEqual({ type: 'OPEN' });
    for (let i = 0; i <= MAX_BURST; i++) flood.ws.send(JSON.stringify({ type: 'HEARTBEAT' }));
    expect(await flood.next()).toEqual({ type: 'ERROR', payload: { msg: 'too many messages: at most 50 a second' } });
    const quiet = await client(r.port, 'guest2', 'tokenC');
    expect(await quiet.next()).toEqual({ type: 'OPEN' });
    const closed = new Promise((resolve) => quiet.ws.once('close', resolve));
    r.clock.t += SILENT_MS + 1;
    await closed;
    expect(r.relay.clients()).toBe(0);
  });
});
