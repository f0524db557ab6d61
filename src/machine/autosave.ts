import type { MachineHost } from './machine-host.ts';

/**
 * A page's own autosave of the machine (the console's resume slot, the table's, the resolver's): the
 * state under this BIOS and cartridge in `slot`, marked as an autosave so it leaves no "save under way"
 * marker (rom-library/store.ts). A full or closed storage is not the player's problem here: the game
 * goes on, the next autosave tries again, and the user's own slots still say when they fail.
 */
export async function autosaveMachine(
  host: MachineHost,
  slot: number,
  state: Uint8Array,
  frame: number,
): Promise<void> {
  try {
    await host.store?.putState(
      {
        key: `${host.machineKey}#${slot}`,
        machine: host.machineKey,
        slot,
        bytes: state,
        frame,
        savedAt: Date.now(),
      },
      { autosave: true },
    );
  } catch {
    // See above: nothing to tell the player.
  }
}
