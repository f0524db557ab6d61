/**
 * The emulator worker: one ConsoleSession paced by a timer (not rAF, which workers lack and hidden
 * pages starve). Frames leave as transferred colour-index buffers on the video port, PCM goes straight
 * to the AudioWorklet's port, and the held-input snapshot the page sends is applied before each frame.
 */
import * as Comlink from 'comlink';
import { ConsoleSession } from './session.ts';
import { Pacer } from './pacer.ts';
import { bundledBuiltins } from './bundled-roms.ts';
import { SNAPSHOT_LENGTH } from './protocol.ts';
import type { AudioMessage, BootInfo, BootOptions, ConsoleWorkerApi, InputMessage, RomImages, VideoMessage, WorkerStats } from './protocol.ts';

const AUTOSAVE_EVERY = 60;

let session: ConsoleSession | undefined;
let images: RomImages = {};
let sampleRate = 48_000;
let videoPort: MessagePort | undefined;
let audioPort: MessagePort | undefined;
let pacer = new Pacer(1000 / 60);
let running = false;
let hidden = false;
let speed = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let snapshot: Uint8Array = new Uint8Array(SNAPSHOT_LENGTH);
let crashPending = false;
let hangPending = false;
let framesRun = 0;
// Per-second figures.
let windowStart = performance.now();
let windowFrames = 0;
let windowWorkMs = 0;
let lastFps = 0;
let lastWorkMs = 0;

function post(message: VideoMessage, transfer: Transferable[] = []): void {
  videoPort?.postMessage(message, transfer);
}

function need(): ConsoleSession {
  if (!session) throw new Error('the console has not been started yet');
  return session;
}

function postFrame(workerMs: number): void {
  const s = need();
  const pixels = s.machine.frame.slice();
  post({ type: 'frame', pixels, frame: s.machine.frameNumber, workerMs }, [pixels.buffer]);
}

function postStatus(reason?: string): void {
  post({ type: 'status', running, speed, frame: session?.machine.frameNumber ?? 0, reason });
}

/** One emulated frame with its sound; returns the breakpoint address if one was reached. */
function emulateFrame(withSound: boolean): number | undefined {
  const s = need();
  if (crashPending) {
    crashPending = false;
    throw new Error('simulated core failure (test hook crashNextFrame)');
  }
  if (hangPending) for (;;) { /* test hook hangNextFrame: a frame that never returns */ }
  s.applyInput(snapshot);
  const { hit } = s.runFrame();
  // Stopped inside the frame: no sound or autosave until the frame has ended.
  if (hit !== undefined) return hit;
  framesRun++;
  if (withSound && audioPort) {
    const samples = s.machine.audio.slice();
    audioPort.postMessage({ type: 'pcm', samples } satisfies AudioMessage, [samples.buffer]);
  }
  if (s.machine.frameNumber % AUTOSAVE_EVERY === 0) {
    const state = s.machine.saveState();
    post({ type: 'autosave', state, frame: s.machine.frameNumber }, [state.buffer]);
  }
  return hit;
}

function tick(): void {
  timer = undefined;
  if (!running || hidden || !session) return;
  const now = performance.now();
  const due = pacer.due(now);
  if (due > 0) {
    const start = performance.now();
    const frames = due * speed;
    let hit: number | undefined;
    for (let i = 0; i < frames && hit === undefined; i++) hit = emulateFrame(speed === 1);
    const work = performance.now() - start;
    windowFrames += frames;
    windowWorkMs += work;
    postFrame(work / frames);
    if (hit !== undefined) {
      running = false;
      postStatus(`breakpoint at ${hit.toString(16).toUpperCase().padStart(3, '0')}h`);
      return;
    }
  }
  const t = performance.now();
  if (t - windowStart >= 1000) {
    lastFps = (windowFrames * 1000) / (t - windowStart);
    lastWorkMs = windowFrames ? windowWorkMs / windowFrames : 0;
    windowStart = t;
    windowFrames = 0;
    windowWorkMs = 0;
  }
  schedule();
}

function schedule(): void {
  if (timer !== undefined || !running || hidden) return;
  timer = setTimeout(() => {
    try {
      tick();
    } catch (e) {
      running = false;
      post({ type: 'fatal', message: e instanceof Error ? e.message : String(e) });
      throw e;
    }
  }, pacer.wait(performance.now()));
}

function resume(): void {
  pacer.restart(performance.now());
  audioPort?.postMessage({ type: 'flush' } satisfies AudioMessage);
  schedule();
}

async function build(next: RomImages): Promise<BootInfo> {
  const builtins = bundledBuiltins(next.cart ? 'console-test' : next.builtinCart);
  const s = new ConsoleSession(next, builtins, sampleRate);
  session = s;
  images = next;
  const info = s.info();
  pacer = new Pacer(1000 / info.frameRate);
  return info;
}

const api: ConsoleWorkerApi = {
  async boot(options: BootOptions): Promise<BootInfo> {
    videoPort = options.videoPort;
    audioPort = options.audioPort;
    sampleRate = options.sampleRate;
    videoPort.onmessage = (event: MessageEvent<InputMessage>) => {
      if (event.data?.type === 'input' && event.data.snapshot.length === SNAPSHOT_LENGTH) snapshot = event.data.snapshot;
      else if (event.data?.type === 'ping') post({ type: 'pong' });
    };
    const info = await build(options.images);
    if (options.state) need().machine.loadState(options.state);
    postFrame(0);
    running = !options.paused;
    postStatus();
    if (running) resume();
    return info;
  },
  async swapImages(next: RomImages): Promise<BootInfo> {
    const merged: RomImages = { ...images, ...next };
    const info = await build(merged);
    postFrame(0);
    postStatus();
    if (running) resume();
    return info;
  },
  async powerCycle(): Promise<BootInfo> {
    return api.swapImages({});
  },
  setRunning(run: boolean): void {
    if (run === running) return;
    running = run;
    need().clearHit();
    if (running) resume();
    else if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    postStatus();
  },
  setHidden(isHidden: boolean): void {
    hidden = isHidden;
    if (hidden && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (!hidden && running) resume();
  },
  setSpeed(next: number): void {
    speed = Math.max(1, Math.min(8, Math.round(next)));
    if (speed !== 1) audioPort?.postMessage({ type: 'flush' } satisfies AudioMessage);
    postStatus();
  },
  stepFrames(n: number): number {
    const count = Math.max(1, Math.min(600, Math.floor(n)));
    for (let i = 0; i < count; i++) {
      if (emulateFrame(false) !== undefined) break;
    }
    postFrame(0);
    postStatus();
    return need().machine.frameNumber;
  },
  stepInstruction() {
    if (need().stepInstruction() === 'frame') {
      postFrame(0);
      postStatus();
    }
    return need().debugInfo();
  },
  saveState(): Uint8Array {
    const state = need().machine.saveState() as Uint8Array<ArrayBuffer>;
    return Comlink.transfer(state, [state.buffer]);
  },
  loadState(state: Uint8Array): number {
    const s = need();
    s.machine.loadState(state);
    postFrame(0);
    postStatus();
    return s.machine.frameNumber;
  },
  debugInfo() {
    return need().debugInfo();
  },
  setBreakpoints(addresses: number[]): void {
    need().setBreakpoints(addresses);
  },
  stats(): WorkerStats {
    return { framesRun, framesDropped: pacer.dropped, workerMsPerFrame: lastWorkMs, fps: lastFps, running, speed };
  },
  externalRam(): Uint8Array {
    return need().machine.eram.slice();
  },
  frame() {
    const s = need();
    return { pixels: s.machine.frame.slice(), frame: s.machine.frameNumber };
  },
  crashNextFrame(): void {
    crashPending = true;
  },
  hangNextFrame(): void {
    hangPending = true;
  },
};

Comlink.expose(api);
