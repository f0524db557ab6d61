/**
 * One browser's console at a remote table, in Node: an Odyssey2 on our BIOS and battle cartridge that
 * runs one frame each time the test's loop says so, as the page's worker runs one per display frame.
 * It answers what board/table asks of a page's machine: the battle bridge's console (`BattleConsole`:
 * keys typed through the key queue, the mailbox read after whole frames, each wait bounded by frames),
 * the network battle calls (`NetConsole`, as src/worker/net-seat.ts answers them: a battle fought here
 * with rollback, one watched, one fought alone and reported), the word it sends (`NetMachine`) and the
 * battle bots (`MachineControls`). A battle bot on the side this machine holds in a network battle
 * stands for the person steering there.
 */
import type { BattleConsole, MachineControls, NetConsole, NetMachine } from '../../board/index.ts';
import { BattleBot } from '../../rom-core/bot/index.ts';
import type { BotLevel } from '../../rom-core/bot/index.ts';
import { KeyQueue, type KeySink } from '../../rom-core/machine/key-queue.ts';
import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import { FoughtBattle, WatchedBattle } from '../../rom-core/netplay/index.ts';
import type { NetplayStats, NetStartOptions, WatchFrames } from '../../rom-core/netplay/index.ts';
import { readMailbox, type CartMailbox } from '../../rom-core/roms/index.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';
import { bootMachine } from './boot.ts';
import { BattleEnd } from '../../src/worker/battle-end.ts';

type Events = { net?(text: string): void; netWatch?(frames: WatchFrames): void };

interface Waiter {
  done(): boolean;
  what: string;
  left: number;
  resolve(): void;
  reject(e: Error): void;
}

/** The most frames one wait may take (five minutes of play), as the stepped console's. */
const MAX_WAIT_FRAMES = 18_000;
const quiet = (): void => undefined;

export class NetNode implements BattleConsole, NetConsole, NetMachine, MachineControls {
  readonly machine: Odyssey2 = bootMachine(openBios(), battleCart());
  private readonly queue = new KeyQueue();
  private readonly sink: KeySink = { setKeyCode: (code, down) => this.machine.setKeyCode(code, down) };
  private readonly bots: (BattleBot | null)[] = [null, null];
  private fought: FoughtBattle | null = null;
  private watched: WatchedBattle | null = null;
  private solo: { epoch: number; sent: number } | null = null;
  private readonly waiters = new Set<Waiter>();
  private readonly listeners = new Set<Events>();
  /** Display frames run, and how many of them a network battle had the machine. */
  frames = 0;
  netFrames = 0;
  /**
   * Display frames of a network battle that showed a new frame, and those the prediction window held (a
   * stall: the other side's sticks late); the rest yielded to the time sync (this side ran ahead).
   */
  netShown = 0;
  netStalls = 0;
  /** The machine's last autosave, as the page's worker posts it: once a second (a network battle's too) and as a battle ends. */
  autosaved: Uint8Array | null = null;
  private readonly battleEnd = new BattleEnd();

  /** A page opened again: its machine goes on from the autosave its browser kept (src/table/table-autosave.ts). */
  restore(state: Uint8Array): void {
    this.machine.loadState(state);
    this.battleEnd.forget();
  }

  /** One display frame, as the worker runs it (src/worker/net-seat.ts's NetSeat.frame for a network battle). */
  frame(): void {
    const m = this.machine;
    this.frames++;
    if (this.solo) {
      const pair = this.stick(0) | (this.stick(1) << 5);
      m.joy[0] = pair & 0x1f;
      m.joy[1] = pair >> 5;
      m.runFrame();
      this.emit('netWatch', { epoch: this.solo.epoch, from: this.solo.sent++, pairs: [pair] });
    } else if (this.fought) {
      const fought = this.fought;
      this.netFrames++;
      const local = fought.side.rb.local;
      const before = fought.side.rb.frame;
      const yields = fought.side.sync?.yields ?? 0;
      const script = this.script;
      const message = fought.tick(() =>
        script ? script(local, fought.side.sticks.length) : this.stick(local) || this.stick(local === 0 ? 1 : 0),
      );
      if (fought.side.rb.frame > before) this.netShown++;
      else if ((fought.side.sync?.yields ?? 0) === yields) this.netStalls++;
      this.emit('net', JSON.stringify(message));
      const frames = fought.takeWatch();
      if (frames) this.emit('netWatch', frames);
    } else if (this.watched) {
      this.watched.tick();
      if (this.watched.done) this.watched = null;
    } else {
      this.queue.beforeFrame(this.sink);
      const at = this.scriptFrom === null ? -1 : this.frames - this.scriptFrom - 1;
      if (this.script && at >= 0) for (const s of [0, 1] as const) m.joy[s] = this.script(s, at);
      else if (at >= 0 && at < this.stillFrames) m.setInputs(0, 0);
      else for (const s of [0, 1] as const) if (this.bots[s]) m.joy[s] = this.stick(s);
      if (at >= 0) this.taped?.(at, m.joy[0], m.joy[1]);
      m.runFrame();
      this.queue.afterFrame();
    }
    if (this.battleEnd.autosaveDue(m.frameNumber, this.mailbox())) this.autosaved = m.saveState();
    for (const w of [...this.waiters]) {
      if (w.done()) {
        this.waiters.delete(w);
        w.resolve();
      } else if (--w.left <= 0) {
        this.waiters.delete(w);
        w.reject(
          new Error(
            `waited ${MAX_WAIT_FRAMES} frames for ${w.what}; the cartridge is in its ${readMailbox(this.mailbox()).phase} phase`,
          ),
        );
      }
    }
  }

  /** The stick a bot steers `side` with from the picture now (0 when no bot holds it). */
  private stick(side: 0 | 1): number {
    return this.bots[side]?.step(this.machine.eram, this.machine.vdc.regs) ?? 0;
  }

  private emit<K extends keyof Events>(kind: K, value: Parameters<NonNullable<Events[K]>>[0]): void {
    for (const l of [...this.listeners]) (l[kind] as ((v: typeof value) => void) | undefined)?.(value);
  }

  /** The mailbox the page reads: the last confirmed frame's in a network battle (never a prediction's). */
  private mailbox(): Uint8Array {
    return this.fought ? this.fought.confirmedMailbox() : this.machine.eram;
  }

  private wait(done: () => boolean, what: string, signal?: AbortSignal): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w: Waiter = { done, what, left: MAX_WAIT_FRAMES, resolve, reject };
      this.waiters.add(w);
      signal?.addEventListener('abort', () => {
        if (this.waiters.delete(w)) reject(new Error(`stopped waiting for ${what}: aborted`));
      });
    });
  }

  // BattleConsole

  type(keys: readonly string[], signal?: AbortSignal): Promise<void> {
    const ticket = this.queue.tap(...keys);
    return this.wait(() => this.queue.completed >= ticket, `the keys ${keys.join(' ')} to be typed`, signal);
  }

  read(): Promise<CartMailbox> {
    return Promise.resolve(readMailbox(this.mailbox()));
  }

  async waitFor(
    done: (m: CartMailbox, frame: number) => boolean,
    what: string,
    signal?: AbortSignal,
  ): Promise<CartMailbox> {
    let seen = readMailbox(this.mailbox());
    await this.wait(
      () => {
        seen = readMailbox(this.mailbox());
        return done(seen, this.machine.frameNumber);
      },
      what,
      signal,
    );
    return seen;
  }

  // MachineControls

  /**
   * Nobody steers on this machine: its hand controls stay centred whatever asks for a bot, so a battle's
   * frames depend on nothing but its start (the same evening seated otherwise must fight it the same).
   */
  hands = true;
  /**
   * Scripted hands: each side's stick by the battle's frame (0 the first frame after the battle's start),
   * the same however the battle is seated. In a network battle the frame is the rollback's; a battle on
   * this machine alone counts from `scriptFrom`, the display frame its start was seen (set by the test).
   */
  script: ((side: 0 | 1, frame: number) => number) | null = null;
  scriptFrom: number | null = null;
  /**
   * The first frames of a battle on this machine alone with both sticks centred, as a network battle's
   * first frames are (the input delay's, whose sticks nobody read).
   */
  stillFrames = 0;
  /** Told each battle frame's sticks on this machine alone (from `scriptFrom`): a person's hands, taped. */
  taped: ((frame: number, left: number, right: number) => void) | null = null;

  setBot(stick: 0 | 1, level: BotLevel | null, seed: number): boolean {
    this.bots[stick] = level && this.hands ? new BattleBot(stick, level, seed) : null;
    return true;
  }

  setSpeed(): boolean {
    return true;
  }

  // NetMachine

  calls(): NetConsole {
    return this;
  }

  ready(): Promise<NetConsole> {
    return Promise.resolve(this);
  }

  on(events: Events): () => void {
    const entry = { ...events };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  // NetConsole (src/worker/net-seat.ts answers these in the browser)

  private clearKeys(state: Uint8Array | undefined | null): void {
    this.queue.clear(this.sink);
    this.machine.releaseAll();
    if (state) this.machine.restoreSnapshot(state);
    this.fought = null;
    this.watched = null;
    this.solo = null;
  }

  netStart(options: NetStartOptions): Uint8Array {
    this.clearKeys(options.state);
    this.fought = new FoughtBattle(this.machine, options.side, options.delay, options.epoch ?? 0, quiet);
    return this.machine.snapshot();
  }

  netInput(text: string): void {
    this.fought?.receive(text);
  }

  netStop(): NetplayStats | null {
    const stats = this.fought?.stats() ?? null;
    this.fought = null;
    this.solo = null;
    return stats;
  }

  netStats(): NetplayStats | null {
    return this.fought?.stats() ?? null;
  }

  watchHere(epoch: number): Uint8Array {
    this.clearKeys(null);
    this.watched = new WatchedBattle(this.machine, epoch, quiet);
    return this.machine.snapshot();
  }

  watchStart(state: Uint8Array, epoch: number): void {
    this.clearKeys(state);
    this.watched = new WatchedBattle(this.machine, epoch, quiet);
  }

  watchInput(frames: WatchFrames): void {
    this.watched?.receive(frames);
  }

  watchStop(): void {
    if (this.watched) this.watched.ending = true;
  }

  soloStart(state: Uint8Array, epoch: number): void {
    this.clearKeys(state);
    this.solo = { epoch, sent: 0 };
  }

  /** The battle's latest frame run here in a network battle this machine fights (null in none). */
  get battleFrame(): number | null {
    return this.fought ? this.fought.side.rb.frame : null;
  }

  /** The epoch of the network battle this machine fights (null in none): each start of it again is a later one. */
  get battleEpoch(): number | null {
    return this.fought ? this.fought.side.epoch : null;
  }

  /** Whether a network battle (fought, watched or alone) has the machine now. */
  get inBattle(): boolean {
    return this.fought !== null || this.watched !== null || this.solo !== null;
  }
}
