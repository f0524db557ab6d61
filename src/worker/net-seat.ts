/**
 * What the worker does for the remote table (issue 21), kept beside the machine's session: a network
 * battle this page fights (FoughtBattle), or one it watches (WatchedBattle), never both. While either
 * runs the machine's keys and sticks are theirs alone (ConsoleSession.netplay). The worker host asks it
 * to run each display frame and hands it what it posts with each picture.
 */
import { FoughtBattle, MAX_HASHES, WatchedBattle } from '../../rom-core/netplay/index.ts';
import type { BattleMessage } from '../../rom-core/netplay/index.ts';

import type { ConsoleSession } from './session.ts';
import type { NetplayStats, NetStartOptions, VideoMessage, WatchFrames } from './protocol.ts';

export class NetSeat {
  private net: FoughtBattle | null = null;
  private watch: WatchedBattle | null = null;
  /** The network battle's latest message for the other browser, posted with the next picture. */
  private out: BattleMessage | null = null;
  /**
   * A battle this page fights alone for a remote table (its guest holds both seats): the machine runs
   * each frame with both sticks from here, and the frames' sticks go to the host, whose machine runs
   * them for the result (as it runs a battle between two guests). `sent` frames have gone out.
   */
  private solo: { epoch: number; sent: number; pending: number[] } | null = null;

  /** Until when (`now()`'s clock) the battle's first frame is held (NetStartOptions.holdMs). */
  private holdUntil = 0;

  constructor(
    private readonly sound: (samples: Float32Array) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs this display frame when a network battle or a watch has the machine; false when it does not. */
  frame(s: ConsoleSession, held: Uint8Array): boolean {
    const solo = this.solo;
    if (solo) {
      const pair = s.soloSticks(held);
      const m = s.machine;
      m.setInputs(pair & 0x1f, pair >> 5);
      m.runFrame();
      this.sound(m.audio);
      solo.pending.push(pair);
      return true;
    }
    const net = this.net;
    if (net) {
      // Held at its start: the display frame runs nothing (the picture stays the battle's first).
      if (this.holdUntil > 0) {
        if (this.now() < this.holdUntil) return true;
        this.holdUntil = 0;
      }
      const message = net.tick(() => s.netStick(net.side.rb.local, held));
      // Posted once for all the frames run together: each message carries every stick not yet
      // acknowledged, and the hashes of the messages it replaces (the last MAX_HASHES of them).
      if (this.out && this.out.hashes.length)
        message.hashes = [...this.out.hashes, ...message.hashes].slice(-MAX_HASHES);
      this.out = message;
      return true;
    }
    if (this.watch) {
      this.watch.tick();
      if (this.watch.done) {
        this.watch = null;
        s.netplay = false;
      }
      return true;
    }
    return false;
  }

  /** What goes out with a picture: the battle's message and spectators' frames. */
  flush(post: (m: VideoMessage) => void): void {
    if (this.out) {
      post({ type: 'net', text: JSON.stringify(this.out) });
      this.out = null;
    }
    const frames = this.net?.takeWatch();
    if (frames) post({ type: 'net-watch', frames });
    const solo = this.solo;
    if (solo?.pending.length) {
      post({ type: 'net-watch', frames: { epoch: solo.epoch, from: solo.sent, pairs: solo.pending } });
      solo.sent += solo.pending.length;
      solo.pending = [];
    }
  }

  /** The mailbox the page reads: the last confirmed frame's in a network battle, else the machine's own. */
  mailbox(s: ConsoleSession): Uint8Array {
    return this.net ? this.net.confirmedMailbox() : s.machine.eram;
  }

  start(s: ConsoleSession, options: NetStartOptions): Uint8Array {
    if (options.side !== 0 && options.side !== 1)
      throw new RangeError(`a side is 0 (left) or 1 (right), got ${String(options.side)}`);
    if (!Number.isInteger(options.delay) || options.delay < 0 || options.delay > 8)
      throw new RangeError(`an input delay is 0 to 8 frames, got ${String(options.delay)}`);
    const epoch = options.epoch ?? 0;
    if (!Number.isInteger(epoch) || epoch < 0 || epoch > 1000)
      throw new RangeError(`a battle's epoch is 0 to 1000, got ${String(epoch)}`);
    const hold = options.holdMs ?? 0;
    if (typeof hold !== 'number' || !(hold >= 0 && hold <= 1000))
      throw new RangeError(`a battle's start is held 0 to 1000 ms, got ${String(hold)}`);
    // This page's typed keys are dropped; then the guest starts from the host's snapshot (checked as a
    // save state is: a bad one changes nothing), keys and sticks included.
    s.clearKeys();
    if (options.state) s.machine.restoreSnapshot(options.state);
    s.netplay = true;
    this.watch = null;
    this.out = null;
    this.solo = null;
    this.net = new FoughtBattle(s.machine, options.side, options.delay, epoch, this.sound);
    this.holdUntil = hold > 0 ? this.now() + hold : 0;
    return s.machine.snapshot();
  }

  input(text: string): void {
    if (typeof text === 'string') this.net?.receive(text);
  }

  stop(s: ConsoleSession | undefined): NetplayStats | null {
    const stats = this.net?.stats() ?? null;
    this.net = null;
    this.solo = null;
    this.out = null;
    if (s) s.netplay = false;
    return stats;
  }

  stats(): NetplayStats | null {
    return this.net?.stats() ?? null;
  }

  /** Test hook: from the next frame this machine differs from the other side's (FoughtBattle.perturbAt). */
  perturb(): void {
    if (this.net) this.net.perturbAt = this.net.side.rb.frame;
  }

  /** A battle fought here alone from the host's `state` (solo above); its frames are reported from 0. */
  soloFrom(s: ConsoleSession, state: Uint8Array, epoch: number): Uint8Array {
    if (!Number.isInteger(epoch) || epoch < 0 || epoch > 1000)
      throw new RangeError(`a battle's epoch is 0 to 1000, got ${String(epoch)}`);
    s.clearKeys();
    s.machine.restoreSnapshot(state);
    // netplay: nothing may take the machine back or change it under the frames reported (rewind, edits).
    s.netplay = true;
    this.net = null;
    this.watch = null;
    this.out = null;
    this.solo = { epoch, sent: 0, pending: [] };
    return s.machine.snapshot();
  }

  /** A spectator: the battle from `state` (the host's snapshot), or, with no state, from this machine as it is (the host of two guests' battle). */
  watchFrom(s: ConsoleSession, state: Uint8Array | null, epoch: number): Uint8Array {
    s.clearKeys();
    if (state) s.machine.restoreSnapshot(state);
    s.netplay = true;
    this.net = null;
    this.solo = null;
    this.watch = new WatchedBattle(s.machine, epoch, this.sound);
    return s.machine.snapshot();
  }

  watchInput(frames: WatchFrames): void {
    this.watch?.receive(frames);
  }

  /** The watch runs the frames that came, then ends. */
  watchEnd(): void {
    if (this.watch) this.watch.ending = true;
  }
}
