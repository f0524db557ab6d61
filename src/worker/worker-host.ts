/**
 * The emulator worker's state and API: one ConsoleSession paced by a timer (not rAF, which workers
 * lack and hidden pages starve). Frames leave as transferred colour-index buffers on the video port
 * (with the 128 bytes of external RAM, the battle cartridge's mailbox), PCM goes straight to the
 * AudioWorklet's port, the held-input snapshot the page sends is applied before each frame, and key
 * presses and typed taps go through the session's key queue. All of it lives in one WorkerHost, so a
 * test can build several and nothing hides in module variables.
 */
import { BattleEnd } from './battle-end.ts';
import { isKeyCode } from '../../rom-core/machine/index.ts';
import { ConsoleSession } from './session.ts';
import { Pacer } from './pacer.ts';
import { bundledBuiltins } from './bundled-roms.ts';
import { SNAPSHOT_LENGTH } from './protocol.ts';
import { RewindInput } from './rewind-input.ts';
import type {
  BootInfo,
  BootOptions,
  ConsoleWorkerApi,
  InputMessage,
  RomImages,
  StopState,
  TimeTravelSettings,
  VideoMessage,
  WorkerStats,
} from './protocol.ts';
import { NetSeat } from './net-seat.ts';
import { TypedWaits } from './typed-waits.ts';
import type { CartSource } from './build-program.ts';
import { WorkWindow } from './host-stats.ts';
import { FramePost, sameBytes } from './frame-post.ts';
import { SoundOut } from './sound-out.ts';
import { FaultHooks } from './fault-hooks.ts';
import { sessionApi, type BotLevel, type SessionApiHost } from './host-session-api.ts';
import { netApi, type NetApiHost } from './host-net-api.ts';
import { debugApi, type DebugApiHost } from './host-debug-api.ts';

export class WorkerHost {
  private session: ConsoleSession | undefined;
  /** A network battle fought or watched here (the remote table). */
  private readonly net = new NetSeat((samples) => this.playSound(samples));
  private images: RomImages = {};
  private sampleRate = 48_000;
  private videoPort: MessagePort | undefined;
  private pacer = new Pacer(1000 / 60);
  private running = false;
  private hidden = false;
  private speed = 1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private snapshot: Uint8Array = new Uint8Array(SNAPSHOT_LENGTH);
  private readonly faults = new FaultHooks();
  private framesRun = 0;
  /** Rewind and run-ahead as the page set them, for every session built (off until it does). */
  private timeTravel: TimeTravelSettings = { rewindSeconds: 0, runAhead: 0 };
  private readonly rewind = new RewindInput();
  private readonly typed = new TypedWaits();
  /** The bots that hold a hand control, kept for the next session (a reset, another cartridge). */
  private readonly botLevels: BotLevel[] = [null, null];
  // Per-second figures.
  private readonly work = new WorkWindow();
  /** Which frames go to the page, and with their picture or without (frame-post.ts). */
  private readonly posts = new FramePost();
  /** When the machine is saved for the page: once a second, and in the frame a battle ends. */
  private readonly battleEnd = new BattleEnd();
  private readonly postAutosave = (state: Uint8Array, frame: number): void =>
    this.post({ type: 'autosave', state, frame }, [state.buffer]);
  /** The sound to the page's audio worklet, resting while the machine is silent. */
  private readonly audio = new SoundOut((resting) => this.post({ type: 'sound', resting }));
  readonly api: ConsoleWorkerApi;

  constructor() {
    this.api = this.makeApi();
  }

  private post(message: VideoMessage, transfer: Transferable[] = []): void {
    this.videoPort?.postMessage(message, transfer);
  }

  private need(): ConsoleSession {
    if (!this.session) throw new Error('the console has not been started yet');
    return this.session;
  }

  /** Posts the frame now in the machine; a running frame (`always` false) only when the page needs it (frame-post.ts). */
  private postFrame(workerMs: number, always = true): void {
    const s = this.need();
    this.net.flush((m) => this.post(m));
    // In a network battle the page reads the last confirmed frame's mailbox, never a predicted one.
    const mailbox = this.net.mailbox(s);
    const posting = this.posts.decide(s.machine.frame, mailbox, always);
    if (posting === 'none') return;
    // A still picture is not copied or sent again: the page keeps drawing (or not drawing) the one it has.
    const pixels = posting === 'picture' ? s.machine.frame.slice() : null;
    const eram = mailbox.slice();
    // doneAt on the page's clock too (timeOrigin differs between the page and the worker): the bench's latency split.
    const doneAt = performance.timeOrigin + performance.now();
    this.post(
      { type: 'frame', pixels, eram, frame: s.machine.frameNumber, workerMs, doneAt },
      pixels ? [pixels.buffer, eram.buffer] : [eram.buffer],
    );
  }

  private postStatus(reason?: string): void {
    this.post({
      type: 'status',
      running: this.running,
      speed: this.speed,
      frame: this.session?.machine.frameNumber ?? 0,
      reason,
    });
  }

  /** One emulated frame with its sound; returns the stop if the debugger stopped the CPU in it. */
  private emulateFrame(withSound: boolean): StopState | undefined {
    const s = this.need();
    this.faults.check();
    if (this.net.frame(s, this.snapshot)) {
      this.framesRun++;
      // A network battle is saved as it goes too: the host's page reloaded mid-battle takes it up from here
      // (issue 34), its guests started again from this state, instead of fighting the battle from its start.
      this.battleEnd.autosave(s.machine, this.net.mailbox(s), this.postAutosave);
      return undefined;
    }
    s.applyInput(this.snapshot);
    const { stop } = s.runFrame();
    // Stopped inside the frame: no sound or autosave until the frame has ended.
    if (stop !== undefined && s.machine.midFrame) return stop;
    this.framesRun++;
    this.settleTyped();
    if (withSound) this.audio.send(s.machine.audio);
    this.battleEnd.autosave(s.machine, s.machine.eram, this.postAutosave);
    return stop;
  }

  /** One frame's sound, played (at normal speed) by the page's audio worklet. */
  private playSound(samples: Float32Array): void {
    if (this.speed === 1) this.audio.send(samples);
  }

  /** Resolves the typed-key waits whose last tap has finished. */
  private settleTyped(): void {
    // The page's battle console waits for the frame a typed key's wait settled in (WorkerBattleConsole.type).
    if (this.typed.settle(() => this.need().keyQueue.completed)) this.posts.owe();
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.running || this.hidden || !this.session) return;
    const now = performance.now();
    const due = this.pacer.due(now);
    if (due > 0 && !this.runDue(due * this.speed)) return;
    this.work.roll(performance.now());
    this.schedule();
  }

  /** Runs `frames` frames and posts the last; false when the debugger stopped the machine. */
  private runDue(frames: number): boolean {
    const start = performance.now();
    let hit: StopState | undefined;
    if (!this.rewind.step(this.need(), this.snapshot, frames, () => this.audio.flush())) {
      for (let i = 0; i < frames && hit === undefined; i++) hit = this.emulateFrame(this.speed === 1);
      // The picture shown runs ahead of the real frames, whose sound went out as they ran.
      const s = this.need();
      if (hit === undefined && !s.netplay && !s.machine.midFrame) s.time.showAhead();
    }
    const work = performance.now() - start;
    this.work.add(frames, work);
    // A frame the debugger stopped in is the page's to show at once.
    this.postFrame(work / frames, hit !== undefined);
    if (hit === undefined) return true;
    this.running = false;
    this.postStatus(hit.text);
    return false;
  }

  /**
   * The rewind input pressed while paused: one frame back per press, shown at once, the machine still
   * paused (as the frame step goes one frame on). Nothing happens at the oldest frame kept.
   */
  private rewindPaused(): void {
    const s = this.session;
    if (!s || s.netplay || !s.rewindFrame()) return;
    this.postFrame(0);
    this.postStatus();
  }

  private stopRunning(): void {
    this.running = false;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * A key went down or the sticks moved: run the next frame now instead of at its time (Pacer.
   * pullForward), so the input is on screen at the next display refresh rather than one later.
   */
  private inputArrived(): void {
    if (!this.running || this.hidden || !this.session || this.speed !== 1) return;
    const now = performance.now();
    // Overdue frames (a late timer) run now; else the next one is taken early.
    let frames = this.pacer.due(now);
    if (frames === 0 && this.pacer.pullForward(now)) frames = 1;
    if (frames === 0) return;
    this.clearTimer();
    this.fatalOnThrow(() => {
      if (this.runDue(frames)) this.schedule();
    });
  }

  /** Runs frames; a throw stops the machine and tells the page (its runtime restarts from the last autosave). */
  private fatalOnThrow(run: () => void): void {
    try {
      run();
    } catch (e) {
      this.running = false;
      this.post({ type: 'fatal', message: e instanceof Error ? e.message : String(e) });
      throw e;
    }
  }

  private schedule(): void {
    if (this.timer !== undefined || !this.running || this.hidden) return;
    this.timer = setTimeout(() => this.fatalOnThrow(() => this.tick()), this.pacer.wait(performance.now()));
  }

  private resume(): void {
    this.pacer.restart(performance.now());
    this.audio.flush();
    this.schedule();
  }

  private build(next: RomImages): BootInfo {
    const builtins = bundledBuiltins(next.cart ? 'console-test' : next.builtinCart);
    this.battleEnd.forget();
    this.typed.dropAll();
    const s = new ConsoleSession(next, builtins, this.sampleRate);
    s.time.configure(this.timeTravel);
    for (const stick of [0, 1] as const) {
      const bot = this.botLevels[stick];
      if (bot) s.setBot(stick, bot.level, bot.seed);
    }
    this.session = s;
    this.images = next;
    const info = s.info();
    this.pacer = new Pacer(1000 / info.frameRate);
    return info;
  }

  private onInput(m: InputMessage): void {
    if (m?.type === 'input' && m.snapshot.length === SNAPSHOT_LENGTH) {
      const moved = !sameBytes(this.snapshot, m.snapshot);
      const pressed = RewindInput.pressed(this.snapshot, m.snapshot);
      this.snapshot = m.snapshot;
      if (pressed && !this.running) this.rewindPaused();
      else if (moved) this.inputArrived();
    } else if (m?.type === 'ping') this.post({ type: 'pong' });
    else if (m?.type === 'key' && this.session) {
      // A value that is no key code changes nothing.
      if (!isKeyCode(m.code)) return;
      if (m.down) this.session.keyQueue.press(m.code);
      else this.session.keyQueue.release(m.code);
      if (m.down) this.inputArrived();
    }
  }

  /**
   * The page's sound output, made after the first picture (its AudioContext cost the page's thread over a second on
   * a cold browser, issue 38). A rate unlike the boot's changes the machine's resampler only: the machine, its keys,
   * its netplay and its rewind go on untouched.
   */
  private connectAudio(port: MessagePort, sampleRate: number): void {
    // A rate the machine cannot play is refused (a RangeError) before anything changes.
    this.session?.machine.setSampleRate(sampleRate);
    this.sampleRate = sampleRate;
    this.audio.connect(port);
  }

  private makeApi(): ConsoleWorkerApi {
    const host: SessionApiHost & NetApiHost & DebugApiHost = {
      net: this.net,
      typed: this.typed,
      botLevels: this.botLevels,
      need: () => this.need(),
      current: () => this.session,
      settleTyped: () => this.settleTyped(),
      isRunning: () => this.running,
      stopRunning: () => this.stopRunning(),
      goOn: () => {
        this.running = true;
        this.postStatus();
        this.resume();
      },
      emulateFrame: (withSound) => this.emulateFrame(withSound),
      postFrame: (workerMs) => this.postFrame(workerMs),
      postStatus: (reason) => this.postStatus(reason),
    };
    return { ...this.machineApi(), ...this.runApi(), ...debugApi(host), ...sessionApi(host), ...netApi(host) };
  }

  /** Boot, new images and states: each builds or changes the machine and shows it. */
  private machineApi(): Pick<
    ConsoleWorkerApi,
    'boot' | 'connectAudio' | 'swapImages' | 'powerCycle' | 'swapCart' | 'loadState'
  > {
    return {
      connectAudio: (port, sampleRate) => this.connectAudio(port, sampleRate),
      boot: async (options: BootOptions): Promise<BootInfo> => {
        this.videoPort = options.videoPort;
        this.posts.forget();
        this.audio.connect(options.audioPort);
        this.sampleRate = options.sampleRate;
        this.videoPort.onmessage = (event: MessageEvent<InputMessage>) => this.onInput(event.data);
        const info = this.build(options.images);
        if (options.state) this.need().machine.loadState(options.state);
        this.postFrame(0);
        this.running = !options.paused;
        this.postStatus();
        if (this.running) this.resume();
        return info;
      },
      swapImages: async (next: RomImages): Promise<BootInfo> => {
        const merged: RomImages = { ...this.images, ...next };
        const info = this.build(merged);
        this.postFrame(0);
        this.postStatus();
        if (this.running) this.resume();
        return info;
      },
      powerCycle: async (): Promise<BootInfo> => this.api.swapImages({}),
      swapCart: (image: Uint8Array, source: CartSource, previous: Uint8Array): string | undefined => {
        const s = this.need();
        const refused = s.swapCart(image, source, previous);
        if (refused) return refused;
        // A later power cycle or restart of this worker boots the new image.
        this.images = { ...this.images, cart: image, cartSource: source };
        this.postFrame(0);
        this.postStatus(s.debugInfo().stop?.text);
        return undefined;
      },
      loadState: (state: Uint8Array): number => {
        const s = this.need();
        s.loadState(state);
        this.battleEnd.forget();
        this.postFrame(0);
        this.postStatus();
        return s.machine.frameNumber;
      },
    };
  }

  /** Running, pausing, speed, time travel, figures and the test hooks. */
  private runApi(): Pick<
    ConsoleWorkerApi,
    'setRunning' | 'setHidden' | 'setSpeed' | 'setTimeTravel' | 'stats' | 'crashNextFrame' | 'hangNextFrame'
  > {
    return {
      setRunning: (run: boolean): void => {
        if (run === this.running) return;
        this.running = run;
        this.need().clearHit();
        if (!run) this.need().paused();
        if (this.running) this.resume();
        else this.clearTimer();
        // Paused, the page shows the frame the machine stopped at (running, it may lag up to HEARTBEAT frames).
        if (!run) this.postFrame(0);
        this.postStatus();
      },
      setHidden: (isHidden: boolean): void => {
        this.hidden = isHidden;
        if (this.hidden) this.clearTimer();
        if (!this.hidden && this.running) this.resume();
      },
      setSpeed: (next: number): void => {
        this.speed = Math.max(1, Math.min(8, Math.round(next)));
        if (this.speed !== 1) this.audio.flush();
        this.postStatus();
      },
      setTimeTravel: (settings: TimeTravelSettings): void => {
        this.timeTravel = { rewindSeconds: settings.rewindSeconds, runAhead: settings.runAhead };
        this.session?.time.configure(this.timeTravel);
      },
      stats: (): WorkerStats => ({
        framesRun: this.framesRun,
        framesDropped: this.pacer.dropped,
        workerMsPerFrame: this.work.workMs,
        fps: this.work.fps,
        running: this.running,
        speed: this.speed,
        rewindDepth: this.session?.time.depth ?? 0,
      }),
      crashNextFrame: (): void => this.faults.crashNextFrame(),
      hangNextFrame: (): void => this.faults.hangNextFrame(),
    };
  }
}
