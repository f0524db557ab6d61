/**
 * A battle fought between two browsers (the remote table, issue 21), as a machine runs it (the browser's
 * worker, or a Node test's machine): both
 * machines start from the same snapshot (the host's, at the battle's start) and run in step through a
 * NetplaySide (rom-core/netplay: GGPO-style rollback). The local stick is what this player steers with
 * either control's keys or pad (or the battle bot holding this side); the other side's comes over the
 * network. Sound is made only for frames run for the first time, so a rollback never repeats or cuts
 * it; the mailbox the page reads is the last confirmed frame's, so a result is never one a prediction
 * made up.
 */
import { FirstRunSound } from './first-run-sound.ts';
import { KeyTimes } from './key-times.ts';
import { parseBattleMessage, type BattleMessage } from './messages.ts';
import type { NetplayStats, WatchFrames } from './net-calls.ts';
import { PREDICTION_WINDOW } from './rollback.ts';
import { NetplaySide } from './side.ts';
import type { Odyssey2 } from '../machine/odyssey2.ts';

/** Frames whose mailbox is kept (more than a rollback can ever reach back). */
const KEPT = 256;
const ERAM = 128;
/** The mailbox before any frame is confirmed: all zero (no cartridge's signature). */
const NONE = new Uint8Array(ERAM);

export class FoughtBattle {
  readonly side: NetplaySide;
  /** Each frame's sound once, when it first runs (a rollback's reruns are silent). */
  private readonly sounded = new FirstRunSound();
  private readonly mailboxes = new Uint8Array(KEPT * ERAM);
  /** A view of each kept mailbox, made once: the worker reads the confirmed one every display frame. */
  private readonly views = Array.from({ length: KEPT }, (_, i) => this.mailboxes.subarray(i * ERAM, (i + 1) * ERAM));
  private refused = 0;
  /** When sticks changed on either side (the bench's key → other machine figure), and the other side's frames looked at for changes. */
  private readonly keys = new KeyTimes();
  private remoteScanned: number;
  /**
   * Test hook (netPerturb): after this frame, one byte of internal RAM differs on this side only, as a
   * difference between two browsers' machines would: 3Bh, between the battle cartridge's globals
   * (30h-3Ah) and the BIOS's (3Dh-3Fh), read by neither (rom-core/roms/carts/README.md, "RAM map").
   */
  perturbAt: number | null = null;

  constructor(
    machine: Odyssey2,
    local: 0 | 1,
    private readonly delay: number,
    epoch: number,
    private readonly sound: (samples: Float32Array) => void,
  ) {
    this.side = new NetplaySide(machine, { local, delay, window: PREDICTION_WINDOW, hashEvery: 30 }, epoch);
    this.remoteScanned = delay;
    this.side.rb.onFrame = (f) => {
      this.keys.frameRan(f);
      // The test hook's difference, made again each time this frame is run (a rollback does not undo it).
      if (f === this.perturbAt) machine.cpu.ram[0x3b] ^= 0x5a;
      this.mailboxes.set(machine.eram, (f % KEPT) * ERAM);
      if (this.sounded.take(f)) this.sound(machine.audio);
    };
  }

  /** A message from the other side (JSON text, checked here). */
  receive(text: string): void {
    const r = parseBattleMessage(text);
    if (!r.ok) {
      this.refused++;
      return;
    }
    try {
      this.side.receive(r.message);
    } catch {
      // An input for a frame too far ahead: no honest peer sends one; dropped.
      this.refused++;
    }
    this.remoteChanges();
  }

  /**
   * The other side's sticks now known without a gap, looked at for changes (KeyTimes). A stick that came
   * out of order is looked at once the gap before it fills: a little late, never early.
   */
  private remoteChanges(): void {
    const rb = this.side.rb;
    const upTo = rb.remoteKnownFrames;
    for (let f = this.remoteScanned; f < upTo; f++) {
      const stick = rb.knownStick(rb.remote, f);
      const before = f === 0 ? 0 : rb.knownStick(rb.remote, f - 1);
      if (stick >= 0 && before >= 0 && stick !== before) this.keys.remoteChanged(f, rb.frame);
    }
    this.remoteScanned = Math.max(this.remoteScanned, upTo);
  }

  /** Confirmed frames not yet given to spectators start here (they run the battle from its first frame). */
  private watchFrom = 0;

  /**
   * The confirmed frames since the last call, for spectators: { epoch, from, pairs } (left | right << 5
   * per frame), or null when there is nothing new.
   */
  takeWatch(): WatchFrames | null {
    const rb = this.side.rb;
    if (this.watchFrom >= rb.confirmed) return null;
    const from = this.watchFrom;
    const pairs: number[] = [];
    for (let f = from; f < rb.confirmed; f++) {
      const p = rb.sticksAt(f);
      if (p < 0) break;
      pairs.push(p);
    }
    this.watchFrom = from + pairs.length;
    if (!pairs.length) return null;
    const desync = rb.desync;
    return desync === null ? { epoch: this.side.epoch, from, pairs } : { epoch: this.side.epoch, from, pairs, desync };
  }

  /** One display frame; returns the message for the other side. */
  tick(stick: () => number): BattleMessage {
    const sticks = this.side.sticks;
    const before = sticks.length;
    const message = this.side.tick(stick).message;
    for (let f = before; f < sticks.length; f++) this.keys.localRead(f, sticks[f], f === 0 ? 0 : sticks[f - 1]);
    return message;
  }

  /** The external RAM as the last confirmed frame left it (the mailbox the page reads a result from). */
  /** A view into the kept mailboxes: the caller copies it if it keeps it. */
  confirmedMailbox(): Uint8Array {
    const c = this.side.rb.confirmed;
    if (c === 0) return NONE;
    return this.views[(c - 1) % KEPT];
  }

  stats(): NetplayStats {
    const rb = this.side.rb;
    const depths = [...rb.rollbacks].sort((a, b) => a - b);
    return {
      frame: rb.frame,
      confirmed: rb.confirmed,
      rollbacks: depths.length,
      maxDepth: depths.at(-1) ?? 0,
      medianDepth: depths[Math.floor(depths.length / 2)] ?? 0,
      depthCounts: counts(depths),
      delay: this.delay,
      rerunMs: rb.rerunMs,
      desync: rb.desync,
      refused: this.refused,
      yields: this.side.sync?.yields ?? 0,
      ahead: Math.round((this.side.sync?.ahead() ?? 0) * 10) / 10,
      rttMs: this.side.rttFrames === null ? null : Math.round((this.side.rttFrames * 1000) / 60),
      keyTimes: this.keys.figures(),
    };
  }
}

/** How many of `sorted` (whole numbers from 0) are each value: index d holds the count of d. */
function counts(sorted: number[]): number[] {
  const out = new Array<number>((sorted.at(-1) ?? -1) + 1).fill(0);
  for (const d of sorted) out[d]++;
  return out;
}
