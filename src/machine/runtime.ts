/**
 * The page's side of one emulator worker: starts it, hands it the video and audio ports, receives
 * frames (keeping only the newest), autosaves and status, and notices when it dies. A dead worker is
 * replaced by a new one started from the last autosave, never silently. So is a stuck one: the
 * watchdog pings the worker on the video port, which it answers between frames; no answer within
 * WATCHDOG_MS means a frame (or a state load) has not returned, and the worker is ended.
 */
import * as Comlink from 'comlink';
import type {
  BootInfo,
  ConsoleWorkerApi,
  InputMessage,
  RomImages,
  VideoMessage,
  WatchFrames,
} from '../worker/protocol.ts';
import type { KeyCode } from '../../rom-core/machine/index.ts';
import type { ConsoleAudio } from '../audio/output.ts';
import { earlyFailure, NOT_STARTED, spawnWorker } from './worker-spawn.ts';

/** How long a frame may take before the worker is declared stuck. */
export const WATCHDOG_MS = 1000;
const WATCHDOG_TICK_MS = 250;

export interface RuntimeEvents {
  /**
   * `doneAt`: when the worker finished the frame, as performance.timeOrigin + performance.now(). `pixels` is null
   * when the picture is the same as the frame before (the worker compared them): the last one still stands.
   */
  frame(pixels: Uint8Array | null, eram: Uint8Array, frame: number, workerMs: number, doneAt: number): void;
  status(running: boolean, speed: number, frame: number, reason?: string): void;
  fatal(message: string): void;
  /** The worker's autosave (about once a second while running). */
  autosave?(state: Uint8Array, frame: number): void;
  /** A network battle's message for the other browser (the remote table sends it on). */
  net?(text: string): void;
  /** A network battle's confirmed frames for spectators (the remote table's host sends them on). */
  netWatch?(frames: WatchFrames): void;
}

/** The runtime once made; before that, its first autosave waits here. */
interface Made {
  runtime?: ConsoleRuntime;
  pendingState?: { bytes: Uint8Array; frame: number };
  /** The sound output the worker's rests go to: given at boot, or later (connectAudio). */
  audio?: ConsoleAudio;
}

export class ConsoleRuntime {
  /** The newest autosave (about once a second) and the frame it was taken at. */
  lastState: { bytes: Uint8Array; frame: number } | undefined;
  private dead = false;
  private watchdog: ReturnType<typeof setInterval> | undefined;

  private constructor(
    readonly api: Comlink.Remote<ConsoleWorkerApi>,
    private readonly worker: Worker,
    private readonly port: MessagePort,
    readonly info: BootInfo,
    private readonly made: Made,
  ) {}

  /** Gives the worker the sound output it booted without (made after the first picture: issue 38). */
  async connectAudio(audio: ConsoleAudio): Promise<void> {
    if (this.made.audio === audio || this.dead) return;
    this.made.audio = audio;
    const port = audio.connectFeed();
    await this.api.connectAudio(Comlink.transfer(port, [port]), audio.sampleRate);
  }

  static async start(
    images: RomImages,
    events: RuntimeEvents,
    options: { audio?: ConsoleAudio; state?: Uint8Array; paused?: boolean; worker?: Worker },
  ): Promise<ConsoleRuntime> {
    const worker = options.worker ?? spawnWorker();
    const api = Comlink.wrap<ConsoleWorkerApi>(worker);
    const channel = new MessageChannel();
    const made: Made = { audio: options.audio };
    const failures: string[] = [];
    // A worker that fails before boot answers (its script did not load, it threw at start) would leave
    // the boot call waiting for ever: the first failure ends the wait with its reason.
    let failBoot: (e: Error) => void = () => undefined;
    const bootFailed = new Promise<never>((_, reject) => {
      failBoot = reject;
    });
    bootFailed.catch(() => undefined);
    const fail = (message: string): void => {
      if (made.runtime) made.runtime.die(message, events);
      else {
        failures.push(message);
        failBoot(new Error(message));
      }
    };
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      fail(e.message || (made.runtime ? 'the emulator worker stopped with an error it did not describe' : NOT_STARTED));
    });
    worker.addEventListener('messageerror', () => fail('a message from the emulator worker could not be read'));
    const early = earlyFailure(worker);
    if (early !== undefined) fail(early);
    channel.port1.onmessage = ConsoleRuntime.videoListener(events, made, fail);
    const audioPort = options.audio?.connectFeed();
    const transfer: Transferable[] = [channel.port2];
    if (audioPort) transfer.push(audioPort);
    let info: BootInfo;
    try {
      info = await Promise.race([
        bootFailed,
        api.boot(
          Comlink.transfer(
            {
              images,
              state: options.state,
              videoPort: channel.port2,
              audioPort,
              // Without sound yet (the first boot) the common rate; connectAudio rebuilds the machine for another.
              sampleRate: options.audio?.sampleRate ?? 48_000,
              paused: options.paused,
            },
            transfer,
          ),
        ),
      ]);
    } catch (e) {
      worker.terminate();
      throw e;
    }
    const runtime = new ConsoleRuntime(api, worker, channel.port1, info, made);
    made.runtime = runtime;
    runtime.lastState = made.pendingState;
    if (failures.length) runtime.die(failures[0], events);
    else runtime.watch(events);
    return runtime;
  }

  /** What the worker says on the video port: frames, status, autosaves, failures, pongs, netplay, sound. */
  private static videoListener(
    events: RuntimeEvents,
    made: Made,
    fail: (message: string) => void,
  ): (event: MessageEvent<VideoMessage>) => void {
    return (event) => {
      const m = event.data;
      if (m.type === 'frame') events.frame(m.pixels, m.eram, m.frame, m.workerMs, m.doneAt);
      else if (m.type === 'status') events.status(m.running, m.speed, m.frame, m.reason);
      else if (m.type === 'autosave') {
        if (made.runtime) made.runtime.lastState = { bytes: m.state, frame: m.frame };
        else made.pendingState = { bytes: m.state, frame: m.frame };
        events.autosave?.(m.state, m.frame);
      } else if (m.type === 'fatal') fail(m.message);
      else if (m.type === 'pong') made.runtime?.heard();
      else if (m.type === 'net') events.net?.(m.text);
      else if (m.type === 'net-watch') events.netWatch?.(m.frames);
      else if (m.type === 'sound') made.audio?.rest(m.resting);
    };
  }

  private pingSent: number | undefined;
  private lastTick = 0;

  private heard(): void {
    this.pingSent = undefined;
  }

  /**
   * Pings every WATCHDOG_TICK_MS; an unanswered ping older than WATCHDOG_MS ends the worker. A tick
   * that itself came late (the page was starved as well, or was in the background) proves nothing
   * about the worker, so it only starts the count again.
   */
  private watch(events: RuntimeEvents): void {
    this.lastTick = performance.now();
    this.watchdog = setInterval(() => {
      const now = performance.now();
      const late = now - this.lastTick > WATCHDOG_TICK_MS * 2;
      this.lastTick = now;
      if (this.dead) return;
      if (late) {
        this.pingSent = undefined;
      } else if (this.pingSent !== undefined) {
        if (now - this.pingSent < WATCHDOG_MS) return;
        this.die(`a frame did not return within ${WATCHDOG_MS / 1000} second (the emulator is stuck)`, events);
        return;
      }
      this.pingSent = now;
      this.port.postMessage({ type: 'ping' });
    }, WATCHDOG_TICK_MS);
  }

  get alive(): boolean {
    return !this.dead;
  }

  sendInput(snapshot: Uint8Array): void {
    if (!this.dead) this.port.postMessage({ type: 'input', snapshot } satisfies InputMessage);
  }

  /** A key went down or up, by its code (rom-core's KEY_NAMES index); the worker's key queue applies it at a frame boundary. */
  sendKey(code: KeyCode, down: boolean): void {
    if (!this.dead) this.port.postMessage({ type: 'key', code, down } satisfies InputMessage);
  }

  private die(message: string, events: RuntimeEvents): void {
    if (this.dead) return;
    this.dead = true;
    clearInterval(this.watchdog);
    this.worker.terminate();
    events.fatal(message);
  }

  terminate(): void {
    this.dead = true;
    clearInterval(this.watchdog);
    this.port.close();
    this.api[Comlink.releaseProxy]();
    this.worker.terminate();
  }
}
