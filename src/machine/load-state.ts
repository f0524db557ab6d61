/**
 * Loading a save state into the one machine, from any page (the console's slots and files, the table's
 * library): refused with a sentence while a battle or a network game holds the machine, and a state the
 * worker refuses leaves the running game as it was, said in a sentence. One path for both pages.
 */
import { errorText, type MachineHost } from './machine-host.ts';

export async function loadStateOn(host: MachineHost, bytes: Uint8Array, what: string): Promise<boolean> {
  if (!host.runtime) return false;
  const why = host.switchRefusal();
  if (why) {
    host.say(`${what} was not loaded: ${why}`, 'error');
    return false;
  }
  try {
    const frame = await host.runtime.api.loadState(bytes);
    host.say(`Loaded the state from ${what} (frame ${frame}).`);
    return true;
  } catch (e) {
    host.say(`${what} was not loaded: ${errorText(e).replace(/\.$/, '')}. The running game is unchanged.`, 'error');
    return false;
  }
}
