/**
 * One side of a network battle: its RollbackMachine, the sticks it read (what it sends), and what the
 * other side has acknowledged. Every message carries all this side's sticks the other has not
 * acknowledged, so a lost message only delays them (as GGPO sends them), and messages may arrive in any
 * order (the page sends them on an unordered channel). Each also says the frame this side is at and its
 * advantage, for the time sync (time-sync.ts) that keeps both sides at the same frame. Used by the page's worker
 * (rom-core/netplay/fought-battle.ts) and by the netplay bench's simulated network alike.
 */
import type { Odyssey2 } from '../machine/odyssey2.ts';
import { MAX_STICKS, type BattleMessage } from './messages.ts';
import { RollbackMachine, type RollbackOptions } from './rollback.ts';
import { TimeSync } from './time-sync.ts';

/** Local sticks whose reading time is kept (more than a message can leave unacknowledged). */
const RING = 256;

export class NetplaySide {
  readonly rb: RollbackMachine;
  /** This side's sticks, by frame (what it sends). */
  readonly sticks: number[] = [];
  /** The other side has all of this side's inputs below this frame. */
  private acked = 0;
  /** Keeps this side from running ahead of the other (null: never yields, the bench's comparison). */
  readonly sync: TimeSync | null;
  /** Display frames so far, and the display frame each of the last RING local sticks was read in. */
  private ticks = 0;
  private readonly readTick = new Float64Array(RING);
  /**
   * The round trip in display frames, smoothed (as TCP's SRTT, 1/8 a sample), or null before the first:
   * from reading a stick to the other side's message saying it has it. It is measured on the battle's own
   * path (worker, page, network, page, worker, both ways), so it is what a stick really takes, where a
   * ping answered by the pages' main threads is not (issue 34: 250-770 ms shown for 120-300 ms real).
   */
  rttFrames: number | null = null;

  constructor(
    machine: Odyssey2,
    options: RollbackOptions,
    readonly epoch = 0,
    timeSync = true,
  ) {
    this.sync = timeSync ? new TimeSync() : null;
    this.rb = new RollbackMachine(machine, options);
    for (let f = 0; f < options.delay; f++) this.sticks[f] = 0;
  }

  /** Takes what the other side sent (checked already: checkBattleMessage); a message of another start of the battle is dropped. */
  receive(m: BattleMessage): void {
    if (m.epoch !== this.epoch) return;
    m.sticks.forEach((s, i) => this.rb.remoteInput(m.from + i, s));
    if (m.ack > this.acked) this.roundTrip(m.ack - 1);
    this.acked = Math.max(this.acked, m.ack);
    this.sync?.heard(m.frame, m.adv);
    for (const h of m.hashes) this.rb.remoteHash(h.frame, h.hash);
  }

  /** A sample of the round trip: the stick of `frame` was read then, and the other side has it now. */
  private roundTrip(frame: number): void {
    // The first frames were never read (centred by the delay), and an acknowledgement of one read too long
    // ago for the ring to tell when is no sample.
    if (frame < this.sticks.length - RING || this.readTick[frame % RING] === 0) return;
    if (frame >= this.sticks.length) return;
    const sample = this.ticks - this.readTick[frame % RING];
    this.rttFrames = this.rttFrames === null ? sample : this.rttFrames + (sample - this.rttFrames) / 8;
  }

  /**
   * One display frame: the local stick is read (`stick`, asked only when one is due), the machine runs
   * what it can; returns the message to send. `ran` is whether a new frame was run. A side running ahead
   * of the other yields the display frame (time-sync.ts): no stick is read and nothing runs.
   */
  tick(stick: () => number): { message: BattleMessage; ran: boolean } {
    const rb = this.rb;
    const yielded = this.sync?.tick(rb.frame) ?? false;
    this.ticks++;
    if (!yielded && rb.needsLocal) {
      const s = stick() & 0x1f;
      const f = rb.localInput(s);
      this.sticks[f] = s;
      this.readTick[f % RING] = this.ticks;
    }
    const ran = !yielded && rb.advance();
    const from = Math.max(this.acked, this.sticks.length - MAX_STICKS);
    return {
      message: {
        t: 'battle',
        from,
        sticks: this.sticks.slice(from),
        ack: rb.remoteKnownFrames,
        hashes: rb.takeHashes(),
        epoch: this.epoch,
        frame: rb.frame,
        adv: this.sync?.advantage(rb.frame) ?? null,
      },
      ran,
    };
  }
}
