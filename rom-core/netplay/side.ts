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

export class NetplaySide {
  readonly rb: RollbackMachine;
  /** This side's sticks, by frame (what it sends). */
  readonly sticks: number[] = [];
  /** The other side has all of this side's inputs below this frame. */
  private acked = 0;
  /** Keeps this side from running ahead of the other (null: never yields, the bench's comparison). */
  readonly sync: TimeSync | null;

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
    this.acked = Math.max(this.acked, m.ack);
    this.sync?.heard(m.frame, m.adv);
    for (const h of m.hashes) this.rb.remoteHash(h.frame, h.hash);
  }

  /**
   * One display frame: the local stick is read (`stick`, asked only when one is due), the machine runs
   * what it can; returns the message to send. `ran` is whether a new frame was run. A side running ahead
   * of the other yields the display frame (time-sync.ts): no stick is read and nothing runs.
   */
  tick(stick: () => number): { message: BattleMessage; ran: boolean } {
    const rb = this.rb;
    const yielded = this.sync?.tick(rb.frame) ?? false;
    if (!yielded && rb.needsLocal) {
      const s = stick() & 0x1f;
      this.sticks[rb.localInput(s)] = s;
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
