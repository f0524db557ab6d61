/**
 * A battle under way survives a reload: the battle as programmed is kept in this browser until its
 * result is logged, and the machine autosaves into a slot of the resolver's own (the table's is 0,
 * the console page's 1-4) while it is on. After a reload the machine goes on from that state and the
 * page awaits the same battle's end.
 */
import { setting } from '../platform/settings.ts';
import { errorText, type MachineHost } from '../machine/machine-host.ts';
import { autosaveMachine } from '../machine/autosave.ts';
import type { Prepared } from './setup-form.ts';

export const RESOLVER_SLOT = 5;

export const PENDING = setting<Prepared | null>(
  'o2conquest.resolver.pending',
  null,
  (t) => {
    try {
      const p = JSON.parse(t) as Partial<Prepared> | null;
      return p && typeof p === 'object' && p.setup && p.energy && p.weapons && typeof p.area === 'string'
        ? (p as Prepared)
        : undefined;
    } catch {
      return undefined;
    }
  },
  (v) => (v ? JSON.stringify(v) : ''),
);

export function saveMachine(host: MachineHost, state: Uint8Array, frame: number): Promise<void> {
  // Storage full or closed: the battle goes on; only a reload would lose it.
  return autosaveMachine(host, RESOLVER_SLOT, state, frame);
}

/** Loads the resolver's autosave into the machine; returns the sentence to show. */
export async function restoreMachine(host: MachineHost): Promise<{ ok: boolean; text: string }> {
  try {
    const saved = await host.store?.getState(host.machineKey, RESOLVER_SLOT);
    if (!saved || !host.runtime)
      return { ok: false, text: 'The battle under way before the reload was not saved; program it again.' };
    const frame = await host.runtime.api.loadState(saved.bytes);
    return {
      ok: true,
      text: `The console goes on from its autosave (frame ${frame}): the battle under way before the reload.`,
    };
  } catch (e) {
    return {
      ok: false,
      text: `The console's autosave could not be loaded (${errorText(e)}); program the battle again.`,
    };
  }
}
