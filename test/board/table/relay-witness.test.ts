/**
 * A battle between two guests as the host witnesses it (board/table/relay-witness.ts, issue 34): the host's
 * machine runs a reported frame only once both guests' own sticks for it were seen passing through, and
 * only if the report agrees; a report that gives either side a stick its guest never sent is refused with a
 * sentence and nothing of it runs. Sticks and reports come in any order and repeat, as on the lanes.
 */
import { describe, expect, it } from 'vitest';
import { RelayWitness } from '../../../board/table/relay-witness.ts';

function witness(delay = 2) {
  const ran: { from: number; pairs: number[] }[] = [];
  const w = new RelayWitness(0, delay, ['Ann', 'Bob'], (from, pairs) => ran.push({ from, pairs }));
  const frames = () => ran.flatMap((r) => r.pairs.map((p, i) => [r.from + i, p]));
  return { w, ran, frames };
}

const pair = (left: number, right: number): number => left | (right << 5);

describe('the relay witness', () => {
  it('runs reported frames once both sticks were seen, in order, whatever came first', () => {
    const { w, frames } = witness(2);
    // Frames 0 and 1 run centred (the input delay); the sticks of 2.. come as sent.
    expect(w.reported({ epoch: 0, from: 0, pairs: [0, 0, pair(1, 8), pair(2, 8)] })).toBeNull();
    expect(frames()).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(w.sent(0, { epoch: 0, from: 2, sticks: [1, 2] })).toBeNull();
    expect(frames()).toHaveLength(2);
    expect(w.sent(1, { epoch: 0, from: 2, sticks: [8] })).toBeNull();
    expect(frames().at(-1)).toEqual([2, pair(1, 8)]);
    // Repeated messages and a repeated report change nothing; the next stick lets frame 3 run.
    w.sent(0, { epoch: 0, from: 2, sticks: [1, 2] });
    w.reported({ epoch: 0, from: 2, pairs: [pair(1, 8), pair(2, 8)] });
    w.sent(1, { epoch: 0, from: 2, sticks: [8, 8, 4] });
    expect(frames()).toEqual([
      [0, 0],
      [1, 0],
      [2, pair(1, 8)],
      [3, pair(2, 8)],
    ]);
  });

  it('refuses a report that gives the other guest a stick it never sent, and runs none of it', () => {
    const { w, frames } = witness(0);
    w.sent(0, { epoch: 0, from: 0, sticks: [16, 16] });
    w.sent(1, { epoch: 0, from: 0, sticks: [0, 0] });
    // The reporting guest (left) says Bob pushed left at frame 1 (he sent nothing held).
    const why = w.reported({ epoch: 0, from: 0, pairs: [pair(16, 0), pair(16, 8)] });
    expect(why).toBe("frame 1: the report gives Bob the stick 8, but Bob's browser sent 0");
    expect(frames()).toEqual([[0, pair(16, 0)]]);
    // Refused for good in this epoch: later honest frames do not run either.
    expect(w.reported({ epoch: 0, from: 1, pairs: [pair(16, 0)] })).toBe(why);
    expect(frames()).toHaveLength(1);
  });

  it("refuses a report of the reporter's own stick other than the one it sent the other guest", () => {
    const { w, frames } = witness(0);
    w.sent(1, { epoch: 0, from: 0, sticks: [4] });
    w.reported({ epoch: 0, from: 0, pairs: [pair(16, 4)] });
    expect(frames()).toEqual([]);
    expect(w.sent(0, { epoch: 0, from: 0, sticks: [0] })).toBe(
      "frame 0: the report gives Ann the stick 16, but Ann's browser sent 0",
    );
    expect(frames()).toEqual([]);
  });

  it('ignores another epoch, a gap in the report, and sticks far past the frames run', () => {
    const { w, frames } = witness(0);
    w.sent(0, { epoch: 1, from: 0, sticks: [3] });
    w.reported({ epoch: 0, from: 5, pairs: [0] });
    w.sent(1, { epoch: 0, from: 100_000, sticks: [3] });
    w.sent(0, { epoch: 0, from: 0, sticks: [0] });
    w.sent(1, { epoch: 0, from: 0, sticks: [0] });
    expect(frames()).toEqual([]);
    w.reported({ epoch: 0, from: 0, pairs: [0] });
    expect(frames()).toEqual([[0, 0]]);
  });
});
