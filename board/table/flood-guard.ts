/**
 * The remote table's flood guard (issue 21): each guest's connection earns FLOOD_PER_SECOND messages a
 * second up to FLOOD_BURST (battle sticks included); beyond that its messages are dropped, counted and
 * said once per flood, never queued without bound.
 */

/** Messages a connection may send in a burst, and how many more it earns a second. */
export const FLOOD_BURST = 120;
export const FLOOD_PER_SECOND = 90;

interface Bucket {
  tokens: number;
  at: number;
  dropped: number;
  told: boolean;
}

export class FloodGuard {
  private readonly buckets = new Map<string, Bucket>();

  /** 'ok' lets the message through; 'drop' drops it; 'tell' drops the first of a flood (say so once). */
  admit(connection: string, now: number): 'ok' | 'drop' | 'tell' {
    let b = this.buckets.get(connection);
    if (!b) {
      b = { tokens: FLOOD_BURST, at: now, dropped: 0, told: false };
      this.buckets.set(connection, b);
    }
    b.tokens = Math.min(FLOOD_BURST, b.tokens + ((now - b.at) / 1000) * FLOOD_PER_SECOND);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      b.told = false;
      return 'ok';
    }
    b.dropped++;
    if (b.told) return 'drop';
    b.told = true;
    return 'tell';
  }

  /** Messages dropped on a connection so far. */
  dropped(connection: string): number {
    return this.buckets.get(connection)?.dropped ?? 0;
  }

  /** A connection closed: its count goes with it. */
  forget(connection: string): void {
    this.buckets.delete(connection);
  }
}
