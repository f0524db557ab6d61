// The Power Base Record: a numbered track at the bottom of the board. Half values sit on the line
// between two numbers (Rule 6), so positions are in half-space steps.

export interface TrackMarker { player: number; record: number; slot: number }

/** Last number shown: at least 60 (the manual's illustrations reach 55), and always past the leader. */
export function trackLength(records: readonly number[], target?: number | null): number {
  const top = Math.max(60, target ?? 0, ...records.map((r) => Math.ceil(r) + 5));
  return Math.ceil(top / 10) * 10;
}

/**
 * Gives each marker its stack slot so none hides another. Records are rounded to the nearest half
 * space, the finest position on the track; a marker is wider than half a space, so markers less
 * than one space apart (7 and 7½) stack like markers on the same space.
 */
export function trackMarkers(records: readonly number[]): TrackMarker[] {
  const placed: TrackMarker[] = [];
  return records.map((record, player) => {
    const key = Math.round(record * 2) / 2;
    const near = new Set(placed.filter((m) => Math.abs(m.record - key) < 1).map((m) => m.slot));
    let slot = 0;
    while (near.has(slot)) slot++;
    const m = { player, record: key, slot };
    placed.push(m);
    return m;
  });
}

/** "12½" style text for a record value. */
export function formatRecord(record: number): string {
  const whole = Math.floor(record);
  const half = Math.round((record - whole) * 2) === 1;
  return half ? `${whole}½` : String(whole);
}
