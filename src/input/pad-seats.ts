/**
 * Which hand control each gamepad holds. A pad takes the lowest free control when it is first seen and keeps it
 * while it stays connected: when the first pad is unplugged mid-game the second pad's player goes on steering the
 * right-hand control (the left one is let go) rather than taking over the left; a pad that comes back (the same
 * id) gets its own control again when it is free. Pads past the two controls steer nothing until one is freed.
 */
import type { PadLike } from './gamepad.ts';

export class PadSeats {
  /** Pad id -> control (0 left, 1 right), for pads connected now. */
  private readonly held = new Map<string, 0 | 1>();
  /** The control each pad id last held, so a pad unplugged and plugged back in finds its own. */
  private readonly last = new Map<string, 0 | 1>();

  /** The pads connected now (in index order), each with its control, or null for a pad with none. */
  seat(pads: readonly PadLike[]): (0 | 1 | null)[] {
    const ids = new Set(pads.map((p) => p.id));
    for (const id of [...this.held.keys()]) if (!ids.has(id)) this.held.delete(id);
    const taken = (c: 0 | 1): boolean => [...this.held.values()].includes(c);
    for (const pad of pads) {
      if (this.held.has(pad.id)) continue;
      const before = this.last.get(pad.id);
      const control = before !== undefined && !taken(before) ? before : !taken(0) ? 0 : !taken(1) ? 1 : null;
      if (control === null) continue;
      this.held.set(pad.id, control);
      this.last.set(pad.id, control);
    }
    return pads.map((p) => this.held.get(p.id) ?? null);
  }
}
