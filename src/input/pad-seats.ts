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
    // Called every animation frame: the maps change only when a pad comes or goes.
    for (const id of this.held.keys()) if (!pads.some((p) => p.id === id)) this.held.delete(id);
    for (const pad of pads) {
      if (this.held.has(pad.id)) continue;
      const before = this.last.get(pad.id);
      const control = before !== undefined && !this.taken(before) ? before : this.firstFree();
      if (control === null) continue;
      this.held.set(pad.id, control);
      this.last.set(pad.id, control);
    }
    return pads.map((p) => this.held.get(p.id) ?? null);
  }

  private taken(control: 0 | 1): boolean {
    for (const c of this.held.values()) if (c === control) return true;
    return false;
  }

  private firstFree(): 0 | 1 | null {
    return !this.taken(0) ? 0 : !this.taken(1) ? 1 : null;
  }
}
