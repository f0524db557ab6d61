/** The worker API's network battle calls: a battle fought or watched here, through the host's NetSeat. */
import * as Comlink from 'comlink';
import type { ConsoleSession } from './session.ts';
import type { ConsoleWorkerApi, NetplayStats, NetStartOptions, WatchFrames } from './protocol.ts';
import type { NetSeat } from './net-seat.ts';

/** What the network calls need of the WorkerHost. */
export interface NetApiHost {
  readonly net: NetSeat;
  need(): ConsoleSession;
  current(): ConsoleSession | undefined;
  postFrame(workerMs: number): void;
}

export type NetApi = Pick<
  ConsoleWorkerApi,
  | 'netStart'
  | 'watchStart'
  | 'soloStart'
  | 'watchHere'
  | 'watchInput'
  | 'watchStop'
  | 'netInput'
  | 'netStop'
  | 'netStats'
  | 'netPerturb'
>;

export function netApi(host: NetApiHost): NetApi {
  const net = host.net;
  return {
    netStart: (options: NetStartOptions): Uint8Array => {
      const start = net.start(host.need(), options) as Uint8Array<ArrayBuffer>;
      host.postFrame(0);
      return Comlink.transfer(start, [start.buffer]);
    },
    watchStart: (state: Uint8Array, epoch: number): void => {
      net.watchFrom(host.need(), state, epoch);
      host.postFrame(0);
    },
    soloStart: (state: Uint8Array, epoch: number): void => {
      net.soloFrom(host.need(), state, epoch);
      host.postFrame(0);
    },
    watchHere: (epoch: number): Uint8Array => {
      const start = net.watchFrom(host.need(), null, epoch) as Uint8Array<ArrayBuffer>;
      return Comlink.transfer(start, [start.buffer]);
    },
    watchInput: (frames: WatchFrames): void => net.watchInput(frames),
    watchStop: (): void => net.watchEnd(),
    netInput: (text: string): void => net.input(text),
    netStop: (): NetplayStats | null => net.stop(host.current()),
    netStats: (): NetplayStats | null => net.stats(),
    netPerturb: (): void => net.perturb(),
  };
}
