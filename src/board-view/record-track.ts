// The Power Base Record: a numbered track at the bottom of the board. Half values sit on the line
// between two numbers (Rule 6), so positions are in half-space steps.

export interface TrackMarker { player: number; record: number; slot: number }

/** Last number shown: at least 60 (the manual's illustrations reach 55), and always past the leader. */
export function trackLength(records: readonly number[], target?: number | null): number {
  const top = Math.max(60, target ?? 0, ...records.map((r) => Math.ceil(r) + 5));
  return Math.ceil(top / 10) * 10;
}

/**
 * Groups markers that share a position so they can be stacked, and gives each its stack slot.
 * Records are rounded to the nearest half space, the finest position on the track.
 */
export function trackMarkers(records: readonly number[]): TrackMarker[] {
  const seen = new Map<number, number>();
  return records.map((record, player) => {
    const key = Math.round(record * 2) / 2;
    const slot = seen.get(key) ?? 0;
    seen.set(key, slot + 1);
    return { player, record: key, slot };
  });
}

/** "12½" style text for a record value. */
export function formatRecord(record: number): string {
  const whole = Math.floor(record);
  const half = Math.round((record - whole) * 2) === 1;
  return half ? `${whole}½` : String(whole);
}
