/**
 * A battle between two guests, as the host witnesses it (issue 34: a guest who reports frames decides
 * nothing alone). Each guest's sticks reach the other only through the host, which passes their battle
 * messages on; the left guest reports the confirmed frames, which the host's machine runs for the result.
 * So the host runs a reported frame only once it has seen both sticks of that frame in the messages it
 * passed on, and only if the report says the same: a report that gives either side a stick its guest
 * never sent is refused with a sentence, and nothing of it runs. A report ahead of the sticks waits for
 * them (the sticks ride the unordered battle lane, the report the table's).
 */

/** Frames past the last one run that the witness keeps sticks or reported pairs for (a flood is dropped). */
export const WITNESS_WINDOW = 4096;

interface Sent {
  epoch: number;
  from: number;
  sticks: readonly number[];
}

interface Report {
  epoch: number;
  from: number;
  pairs: readonly number[];
}

export class RelayWitness {
  /** The sticks each side sent, by frame, for frames not run yet. */
  private readonly seen: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  /** Reported pairs waiting for both sides' sticks, from frame `next`. */
  private readonly waiting: number[] = [];
  /** The first frame not run yet on the host's machine. */
  private next = 0;
  /** Set once a report was refused: nothing more of this epoch runs. */
  refused: string | null = null;

  /**
   * `run` takes frames checked against both guests' own sticks (left | right << 5, in order from `from`);
   * `delay` is the battle's input delay; `names` names the sides in sentences.
   */
  constructor(
    readonly epoch: number,
    delay: number,
    private readonly names: readonly [string, string],
    private readonly run: (from: number, pairs: number[]) => void,
  ) {
    // The first `delay` frames run with both sticks centred on every machine (rom-core's rollback): never sent.
    for (let f = 0; f < delay; f++) for (const seen of this.seen) seen.set(f, 0);
  }

  /** A battle message one side's guest sent, passed on by the host. The refusal, or null. */
  sent(side: 0 | 1, m: Sent): string | null {
    if (m.epoch !== this.epoch || this.refused) return this.refused;
    const seen = this.seen[side];
    for (let i = 0; i < m.sticks.length; i++) {
      const f = m.from + i;
      // The first stick a guest sent for a frame is the one the other guest's machine ran.
      if (f >= this.next && f < this.next + WITNESS_WINDOW && !seen.has(f)) seen.set(f, m.sticks[i] & 0x1f);
    }
    return this.release();
  }

  /** The reporting guest's confirmed frames. The refusal, or null (run now, or waiting for sticks). */
  reported(m: Report): string | null {
    if (m.epoch !== this.epoch || this.refused) return this.refused;
    const end = this.next + this.waiting.length;
    // Frames already taken come again (each report repeats the unacknowledged ones); a gap is not taken.
    if (m.from > end) return null;
    for (let i = end - m.from; i < m.pairs.length && this.waiting.length < WITNESS_WINDOW; i++)
      this.waiting.push(m.pairs[i]);
    return this.release();
  }

  /** Runs the waiting frames whose two sticks were both seen and agree with the report. */
  private release(): string | null {
    let n = 0;
    while (n < this.waiting.length) {
      const f = this.next + n;
      const left = this.seen[0].get(f);
      const right = this.seen[1].get(f);
      if (left === undefined || right === undefined) break;
      const pair = this.waiting[n];
      const lie = (pair & 0x1f) !== left ? 0 : pair >> 5 !== right ? 1 : null;
      if (lie !== null) {
        this.refused = `frame ${f}: the report gives ${this.names[lie]} the stick ${lie === 0 ? pair & 0x1f : pair >> 5}, but ${this.names[lie]}'s browser sent ${lie === 0 ? left : right}`;
        break;
      }
      n++;
    }
    if (n > 0) {
      const from = this.next;
      const pairs = this.waiting.splice(0, n);
      for (let f = from; f < from + n; f++) {
        this.seen[0].delete(f);
        this.seen[1].delete(f);
      }
      this.next += n;
      this.run(from, pairs);
    }
    return this.refused;
  }
}
