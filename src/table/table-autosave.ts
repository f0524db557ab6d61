/**
 * The table's machine autosave (save-state slot 0 of the BIOS + cartridge pair, in this browser's
 * IndexedDB): written as the worker posts it (once a second, and in the frame a battle ends), and read back
 * on a fresh load so a reload mid-battle comes back to the same battle.
 */
import { autosaveMachine } from '../machine/autosave.ts';
import { errorText, type MachineHost } from '../machine/machine-host.ts';

/** The save-state slot the table's machine autosave lives in (the console page's slots are 1-4). */
const AUTOSAVE_SLOT = 0;

export async function saveTableMachine(host: MachineHost, state: Uint8Array, frame: number): Promise<void> {
  // A full storage: the game's own autosave says so; the machine goes on.
  await autosaveMachine(host, AUTOSAVE_SLOT, state, frame);
}

/** After a reload the machine goes on from its autosave: what to say, or null when there was none. */
export async function restoreTableMachine(
  host: MachineHost,
): Promise<{ text: string; error: boolean; frame?: number } | null> {
  try {
    const saved = await host.store?.getState(host.machineKey, AUTOSAVE_SLOT);
    if (!saved || !host.runtime) return null;
    const frame = await host.runtime.api.loadState(saved.bytes);
    return { text: `The console goes on from its autosave (frame ${frame}).`, error: false, frame };
  } catch (e) {
    // Kept aside, not replaced by the next autosave (nothing a player had is lost).
    await host.store?.setStateAside(host.machineKey, AUTOSAVE_SLOT, `was refused by the machine (${errorText(e)})`);
    return { text: `The console's autosave could not be loaded (${errorText(e)}); it started afresh.`, error: true };
  }
}
