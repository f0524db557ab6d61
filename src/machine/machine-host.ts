/**
 * The one Odyssey² of the app. Every page that shows the console (#/console, #/table) attaches to
 * this host instead of starting its own worker, so moving between pages never resets the machine:
 * the worker, the ROM selection, the sound output and the test probe outlive the pages. While no
 * page shows it the machine pauses, and it goes on where it was when a page shows it again.
 */
import { ConsoleRuntime } from './runtime.ts';
import { takeWorker } from './worker-spawn.ts';
import type { ConsoleProbe } from './probe.ts';
import { ConsoleAudio } from '../audio/output.ts';
import { ConsoleStore } from '../rom-library/store.ts';
import type { ActiveRoms, PendingSave } from '../rom-library/store.ts';
import type { BootInfo, RomImages, WatchFrames } from '../worker/protocol.ts';
import { setting } from '../platform/settings.ts';
import { withCartChoice } from './cart-choice.ts';
import { timeTravelSettings } from './time-travel.ts';

export const BUILTIN_CART = setting<string | undefined>('o2conquest.console.builtinCart', undefined, (t) => t);

export type MessageKind = 'info' | 'error';

export interface HostEvents {
  /** A new picture and the external RAM as that frame left it. */
  frame(pixels: Uint8Array, eram: Uint8Array, frame: number): void;
  status(running: boolean, speed: number, reason?: string): void;
  /** The worker died; `lastState` is what a restart starts from. */
  fatal(message: string): void;
  /** A machine was built (start-up, a new cartridge, a restart). */
  booted(info: BootInfo): void;
  /** The worker's autosave of the machine (about once a second while it runs). */
  autosave(state: Uint8Array, frame: number): void;
  /** Something the page should say in its message line. */
  message(text: string, kind: MessageKind): void;
  /** A network battle's message for the other browser (the remote table sends it on). */
  net(text: string): void;
  /** A network battle's confirmed frames for spectators (the remote table's host sends them on). */
  netWatch(frames: WatchFrames): void;
}

/** Why switching the machine's ROMs is refused now (a battle under way), or null when it is allowed. */
export type SwitchGuard = () => string | null;

export class MachineHost {
  runtime: ConsoleRuntime | undefined;
  audio: ConsoleAudio | undefined;
  store: ConsoleStore | undefined;
  images: RomImages = {};
  active: ActiveRoms = {};
  /** Names the BIOS + cartridge pair (save-state slots belong to it). */
  machineKey = 'builtin';
  running = false;
  speed = 1;
  /** The newest picture, the external RAM of the same frame and its number. */
  pixels: Uint8Array | undefined;
  /** Counts the pictures that differed from the one before: what the screen has drawn is current when equal. */
  picture = 0;
  eram: Uint8Array = new Uint8Array(128);
  frame = -1;
  readonly probe: ConsoleProbe;
  readonly mainMs: number[] = [];
  private readonly listeners = new Set<Partial<HostEvents>>();
  private readonly guards = new Set<SwitchGuard>();
  /** Messages and a fatal stop said while no page listened for them, kept for the first that does. */
  private unheard: { name: 'message' | 'fatal'; args: unknown[] }[] = [];
  private starting: Promise<void> | undefined;
  private sound: Promise<void> | undefined;
  /** The worker main.ts or the first start spawned, its script loading, for the first boot to take. */
  private prespawned: Worker | undefined;
  private viewers = 0;
  private pausedAway = false;

  constructor() {
    this.probe = {
      ready: false,
      stage: 'constructed',
      runtime: () => this.runtime,
      shownFrame: -1,
      framesShown: 0,
      firstFrameAt: undefined,
      mainMsPerFrame: () => (this.mainMs.length ? this.mainMs.reduce((a, b) => a + b, 0) / this.mainMs.length : 0),
      audioStats: async () => (this.audio ? this.audio.stats() : undefined),
      backend: '',
      shownOn: '',
      eram: () => this.eram,
      frameAt: 0,
      frameDoneAt: 0,
    };
  }

  /** Listens to the machine; returns the function that stops listening. */
  on(events: Partial<HostEvents>): () => void {
    this.listeners.add(events);
    // What the machine said before any page listened (main.ts starts it while the page's code loads) reaches
    // the first page that listens, once it has finished setting up.
    const unheard = this.unheard.filter((u) => events[u.name] !== undefined);
    if (unheard.length) {
      this.unheard = this.unheard.filter((u) => !unheard.includes(u));
      queueMicrotask(() => {
        for (const u of unheard)
          if (this.listeners.has(events)) (events[u.name] as (...a: unknown[]) => void)(...u.args);
      });
    }
    return () => this.listeners.delete(events);
  }

  /**
   * Resolves once the page is shown frame `n` or a later one. After a state loaded at frame `n`, frames the
   * worker posted before the load may still be on their way (they come on the video port, apart from the
   * API's answer): what reads the machine waits for this first.
   */
  frameShown(n: number): Promise<void> {
    if (this.frame >= n) return Promise.resolve();
    return new Promise((resolve) => {
      const off = this.on({
        frame: (_p, _e, frame) => {
          if (frame < n) return;
          off();
          resolve();
        },
      });
    });
  }

  private emit<K extends keyof HostEvents>(name: K, ...args: Parameters<HostEvents[K]>): void {
    let heard = false;
    for (const l of this.listeners) {
      const listener = l[name] as ((...a: Parameters<HostEvents[K]>) => void) | undefined;
      if (!listener) continue;
      heard = true;
      listener(...args);
    }
    if (!heard && (name === 'message' || name === 'fatal')) this.unheard.push({ name, args });
  }

  say(text: string, kind: MessageKind = 'info'): void {
    this.emit('message', text, kind);
  }

  /** Starts the machine the first time a page asks; later calls wait for that same start. */
  start(): Promise<void> {
    window.__o2console = this.probe;
    this.starting ??= this.firstStart();
    return this.starting;
  }

  private async firstStart(): Promise<void> {
    // The worker's script loads while the ROM library opens: each waits on something else than this thread (the
    // network, IndexedDB). The sound output is made after the first picture (openSound, issue 38).
    this.prespawned = takeWorker();
    this.probe.stage = 'opening the ROM library';
    const pending = ConsoleStore.takePendingSave();
    const notice = (await this.openLibrary(pending)).notice;
    // ?cart=console-test (tests, links) or the last choice picks which of our cartridges runs.
    this.images.builtinCart = new URLSearchParams(location.search).get('cart') ?? BUILTIN_CART.get();
    this.probe.stage = 'booting the emulator worker';
    try {
      await this.boot(this.images, undefined);
    } catch (e) {
      // A stored image the machine refuses must not lock the user out: fall back to our own.
      if (!(this.images.bios || this.images.cart || this.images.charset)) throw e;
      this.say(`The saved ROM selection did not start (${errorText(e)}); booting our own ROMs instead.`, 'error');
      this.images = { builtinCart: this.images.builtinCart };
      await this.store?.setActive({});
      await this.boot(this.images, undefined);
    }
    if (notice) this.say(notice, 'error');
    this.probe.stage = 'machine started';
  }

  /**
   * Makes the sound output and gives it to the machine, once; the screen asks after its first picture is on the
   * page. Its AudioContext is made on this thread, and the first of a browser's can take it over a second (the
   * browser's audio service starting: 1.2 s in headless Chromium on the CI machine), which kept the first picture
   * waiting (issue 38). The machine runs meanwhile, without sound.
   */
  openSound(): Promise<void> {
    this.sound ??= this.makeSound();
    return this.sound;
  }

  private async makeSound(): Promise<void> {
    const audio = await ConsoleAudio.create();
    if ('error' in audio) {
      this.say(audio.error, 'error');
      return;
    }
    this.audio = audio;
    await this.runtime?.connectAudio(audio);
  }

  /** Opens the ROM library and takes the active images from it; what to tell the user, if anything. */
  private async openLibrary(pending: PendingSave | undefined): Promise<{ notice?: string }> {
    try {
      this.store = await ConsoleStore.open((why) =>
        this.say(
          `Browser storage closed: ${why}. The game goes on; “Download state” still keeps a moment as a file.`,
          'error',
        ),
      );
      this.active = await this.store.active();
      this.images = await this.loadActiveImages(this.active);
      return { notice: pending ? await this.interruptedSaveNotice(pending) : undefined };
    } catch (e) {
      this.images = {};
      return {
        notice: `The ROM library (browser storage) is not available: ${errorText(e)}. Our own ROMs are used and nothing is saved in this browser; “Download state” still keeps a moment as a file.`,
      };
    }
  }

  /** What happened to a slot save the last session began but the closing tab cut off. */
  private async interruptedSaveNotice(p: PendingSave): Promise<string | undefined> {
    const now = await this.store?.getState(p.machine, p.slot);
    if (now && now.savedAt >= p.startedAt) return undefined; // it committed just before the tab closed
    const kept = now
      ? `its earlier state (frame ${now.frame}, saved ${new Date(now.savedAt).toLocaleString()})`
      : 'nothing, as before (it was empty)';
    return `Saving in slot ${p.slot} (frame ${p.frame}) did not finish: the page was closed while it was being written. Slot ${p.slot} still holds ${kept}; nothing saved earlier was lost.`;
  }

  private async loadActiveImages(active: ActiveRoms): Promise<RomImages> {
    const images: RomImages = {};
    for (const kind of ['bios', 'cart', 'charset'] as const) {
      const key = active[kind];
      if (!key || !this.store) continue;
      const rom = await this.store.getRom(key);
      if (rom) images[kind] = rom.bytes;
    }
    return images;
  }

  /** A page shows the machine: it runs (again, if it was paused only because nobody showed it). */
  attach(route: string): void {
    this.viewers++;
    this.probe.shownOn = route;
    if (this.pausedAway) {
      this.pausedAway = false;
      void this.runtime?.api.setRunning(true);
    }
  }

  /** A page that showed the machine goes away; with nobody left showing it, it pauses (never resets). */
  detach(): void {
    this.viewers = Math.max(0, this.viewers - 1);
    if (this.viewers > 0) return;
    this.probe.shownOn = '';
    if (this.running) {
      this.pausedAway = true;
      void this.runtime?.api.setRunning(false);
    }
  }

  /** While `guard` says why, the ROMs cannot be switched (loaded, swapped, power-cycled from a page). */
  addSwitchGuard(guard: SwitchGuard): () => void {
    this.guards.add(guard);
    return () => this.guards.delete(guard);
  }

  /** Why a switch of ROMs is refused now, or null. */
  switchRefusal(): string | null {
    for (const g of this.guards) {
      const why = g();
      if (why) return why;
    }
    return null;
  }

  /** Builds a new machine from these images (and a state); the previous worker ends once it has. */
  async boot(images: RomImages, state: Uint8Array | undefined, paused = false): Promise<BootInfo> {
    const previous = this.runtime;
    this.runtime = undefined;
    previous?.terminate();
    // The user's remembered mapper and TV standard for their cartridge go with it every time it boots.
    const worker = this.prespawned;
    this.prespawned = undefined;
    // Paused only because no page shows the machine yet (main.ts starts it while the page's code loads): the
    // page may attach while the worker boots, so whether it runs is decided again once it has booted.
    const pausedForNobody = !paused && this.viewers === 0;
    const runtime = await ConsoleRuntime.start(
      withCartChoice(images),
      {
        frame: (pixels, eram, frame, _workerMs, doneAt) => {
          if (pixels) {
            this.pixels = pixels;
            this.picture++;
          }
          // The worker's first frame always carries its picture; none before it means nothing to show yet.
          if (!this.pixels) return;
          this.eram = eram;
          this.frame = frame;
          this.probe.shownFrame = frame;
          this.probe.frameAt = performance.now();
          this.probe.frameDoneAt = doneAt;
          this.emit('frame', this.pixels, eram, frame);
        },
        status: (running, speed, _frame, reason) => {
          this.running = running;
          this.speed = speed;
          this.emit('status', running, speed, reason);
        },
        fatal: (message) => this.emit('fatal', message),
        autosave: (state, frame) => this.emit('autosave', state, frame),
        net: (text) => this.emit('net', text),
        netWatch: (frames) => this.emit('netWatch', frames),
      },
      { audio: this.audio, state, paused: paused || this.viewers === 0, worker },
    );
    this.runtime = runtime;
    // The sound output made while this machine booted without it.
    if (this.audio) await runtime.connectAudio(this.audio);
    await this.applyTimeTravel();
    if (pausedForNobody) {
      if (this.viewers === 0) this.pausedAway = true;
      else await runtime.api.setRunning(true);
    }
    this.machineKey = runtime.info.roms
      .filter((r) => r.kind !== 'charset')
      .map((r) => `${r.kind}:${r.crcHex}`)
      .join('+');
    this.emit('booted', runtime.info);
    return runtime.info;
  }

  /** Sends the rewind and run-ahead settings to the worker (after a boot, or when they change). */
  async applyTimeTravel(): Promise<void> {
    await this.runtime?.api.setTimeTravel(timeTravelSettings());
  }

  /** Starts a new worker from the last autosave after the old one died. */
  async restart(): Promise<string> {
    const last = this.runtime?.lastState;
    await this.boot(this.images, last?.bytes);
    return last ? `Restarted from frame ${last.frame}.` : 'Restarted from power-on.';
  }
}

/** The app's one machine (created on first use). */
const shared: { host?: MachineHost } = {};

export function machineHost(): MachineHost {
  shared.host ??= new MachineHost();
  return shared.host;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
