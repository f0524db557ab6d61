// The Power Base Record: a numbered track at the bottom of the board. Half values sit on the line
// between two numbers (Rule 6), so positions are in half-space steps.

export interface TrackMarker {
  player: number;
  record: number;
  slot: number;
}

/** Last number shown: at least 60 (the manual's illustrations reach 55), and always past the leader. */
export function trackLength(records: readonly number[], target?: number | null): number {
  const top = Math.max(60, target ?? 0, ...records.map((r) => Math.ceil(r) + 5));
  return Math.ceil(top / 10) * 10;
}

/**
 * Every how many spaces a number is written under the track: every 5 up to 60 spaces, then wider so
 * that about a dozen numbers fit (a long game's leader passes 150, and 34 numbers ran together).
 */
export function trackLabelStep(length: number): number {
  return [5, 10, 20, 25, 50, 100].find((step) => length / step <= 12) ?? Math.ceil(length / 1200) * 100;
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
