/**
 * A bad link made on purpose (issue 34's browser bench): kernel netem is not available where the tests
 * and benches run, so the page's own transport (peer-link.ts) delays and drops what it sends. A page
 * that finds `window.__o2netFault = { delayMs, jitterMs, loss, seed? }` set before it loads (the bench
 * sets it with Playwright's addInitScript) sends each message `delayMs ± jitterMs` late, and drops a
 * share `loss` of those on the unordered battle lane, from a seeded PRNG so a run can be repeated. Only
 * outgoing messages are touched: each page makes its own direction bad, as each end of a real line is.
 *
 * Without the setting nothing changes: peer-link.ts sends directly and nothing is made per message.
 */

export interface LinkFault {
  /** One-way delay added to every message, ms. */
  delayMs: number;
  /** Each message's delay is spread evenly over delayMs ± jitterMs. */
  jitterMs: number;
  /** Share (0-1) of the unordered lane's messages dropped; the reliable lane loses none (it would resend). */
  loss: number;
  /** The PRNG's seed (default 1): two pages given different seeds lose different messages. */
  seed?: number;
}

declare global {
  interface Window {
    __o2netFault?: LinkFault;
  }
}

/** The fault this page was given, checked, or null (the normal case). */
export function pageFault(): LinkFault | null {
  const f = (globalThis as { __o2netFault?: unknown }).__o2netFault;
  if (typeof f !== 'object' || f === null) return null;
  const { delayMs, jitterMs, loss, seed } = f as Partial<LinkFault>;
  const ok = (v: unknown, max: number): v is number => typeof v === 'number' && v >= 0 && v <= max;
  if (!ok(delayMs, 10_000) || !ok(jitterMs, 10_000) || !ok(loss, 1)) return null;
  return { delayMs, jitterMs, loss, seed: typeof seed === 'number' ? seed : 1 };
}

/** mulberry32: a small seeded PRNG, [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Schedules `send` after `ms` (setTimeout in the page; a test gives its own clock). */
export type Later = (send: () => void, ms: number) => void;

/** One page's bad link: every message it sends passes through `send`. */
export class FaultyLink {
  private readonly random: () => number;
  /** The ordered lane's last message's due time: a later one is never sent before it (the lane keeps order). */
  private orderedDue = 0;
  sent = 0;
  dropped = 0;

  constructor(
    readonly fault: LinkFault,
    private readonly now: () => number = () => performance.now(),
    private readonly later: Later = (f, ms) => void setTimeout(f, ms),
  ) {
    this.random = prng(fault.seed ?? 1);
  }

  /**
   * Sends `deliver` late (and, when `ordered` is false, perhaps never). An ordered lane's messages keep
   * their order, as a reliable channel's do: a message's jitter can hold up those after it, never reorder.
   */
  send(deliver: () => void, ordered: boolean): void {
    const { delayMs, jitterMs, loss } = this.fault;
    const spread = jitterMs * (2 * this.random() - 1);
    if (!ordered && this.random() < loss) {
      this.dropped++;
      return;
    }
    const now = this.now();
    let due = now + Math.max(0, delayMs + spread);
    if (ordered) due = this.orderedDue = Math.max(due, this.orderedDue);
    this.sent++;
    this.later(deliver, due - now);
  }
}
