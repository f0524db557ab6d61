/**
 * The bad link the netplay browser bench makes in a page (src/net/link-fault.ts): read only when set
 * and well formed; messages late by the delay ± the jitter; the unordered lane loses about the share
 * asked, the same ones for the same seed; the ordered lane loses none and keeps its order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FaultyLink, pageFault, type LinkFault } from '../../../src/net/link-fault.ts';

const g = globalThis as { __o2netFault?: unknown };
afterEach(() => {
  delete g.__o2netFault;
});

/** A link on a clock of its own: what it scheduled, with the delay asked. */
function link(fault: LinkFault) {
  const scheduled: { id: number; ms: number }[] = [];
  let t = 0;
  let next = 0;
  const l = new FaultyLink(
    fault,
    () => t,
    (_f, ms) => scheduled.push({ id: next - 1, ms }),
  );
  const send = (ordered: boolean): void => {
    next++;
    l.send(() => undefined, ordered);
  };
  return { l, scheduled, send, tick: (ms: number) => (t += ms) };
}

describe('a bad link made in the page', () => {
  it('is read only when set and well formed', () => {
    expect(pageFault()).toBeNull();
    g.__o2netFault = { delayMs: 75, jitterMs: 15, loss: 0.03 };
    expect(pageFault()).toEqual({ delayMs: 75, jitterMs: 15, loss: 0.03, seed: 1 });
    g.__o2netFault = { delayMs: 75, jitterMs: 15, loss: 2 };
    expect(pageFault()).toBeNull();
    g.__o2netFault = { delayMs: '75', jitterMs: 15, loss: 0 };
    expect(pageFault()).toBeNull();
  });

  it('delays by the delay ± the jitter and drops about the share asked, the same for the same seed', () => {
    const runs = [1, 1, 2].map((seed) => {
      const r = link({ delayMs: 75, jitterMs: 15, loss: 0.03, seed });
      for (let i = 0; i < 4000; i++) r.send(false);
      return r;
    });
    const [a, b, c] = runs;
    for (const s of a.scheduled) {
      expect(s.ms).toBeGreaterThanOrEqual(60);
      expect(s.ms).toBeLessThanOrEqual(90);
    }
    expect(a.l.dropped).toBeGreaterThan(80);
    expect(a.l.dropped).toBeLessThan(160);
    expect(a.l.sent + a.l.dropped).toBe(4000);
    expect(b.scheduled).toEqual(a.scheduled);
    expect(c.scheduled).not.toEqual(a.scheduled);
  });

  it('loses nothing on the ordered lane and never lets a message pass the one before', () => {
    const r = link({ delayMs: 75, jitterMs: 15, loss: 0.5 });
    const due: number[] = [];
    for (let i = 0; i < 1000; i++) {
      r.send(true);
      due.push(i + r.scheduled[i].ms);
      r.tick(1);
    }
    expect(r.l.dropped).toBe(0);
    for (let i = 1; i < due.length; i++) expect(due[i]).toBeGreaterThanOrEqual(due[i - 1]);
  });
});
