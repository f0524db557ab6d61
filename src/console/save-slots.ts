/**
 * Save states: four slots per BIOS + cartridge pair in IndexedDB, a state downloaded as a file, a
 * state file loaded. A slot that storage refuses keeps what it had and says so.
 */
import { el } from '../platform/dom.ts';
import { download } from '../platform/download.ts';
import { playUiSound } from '../audio/ui-sounds.ts';
import { errorText } from '../machine/machine-host.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { loadStateOn } from '../machine/load-state.ts';

const SLOTS = 4;

export class SaveSlots {
  readonly select: HTMLSelectElement;

  constructor(private readonly host: MachineHost) {
    this.select = el('select', { id: 'console-slot', title: 'Save-state slot', 'aria-label': 'Save-state slot' });
    for (let i = 1; i <= SLOTS; i++) this.select.append(el('option', { value: String(i), text: `Slot ${i}` }));
  }

  private slot(): number {
    return Number(this.select.value) || 1;
  }

  loadStateBytes(bytes: Uint8Array, what: string): Promise<boolean> {
    return loadStateOn(this.host, bytes, what);
  }

  async save(): Promise<void> {
    const host = this.host;
    if (!host.runtime) return;
    const bytes = await host.runtime.api.saveState();
    const dbg = await host.runtime.api.debugInfo();
    if (!host.store) {
      host.say('Saving in slots needs IndexedDB, which this browser does not offer; use “Download state”.', 'error');
      return;
    }
    const slot = this.slot();
    try {
      await host.store.putState({
        key: `${host.machineKey}#${slot}`,
        machine: host.machineKey,
        slot,
        bytes,
        frame: dbg.frame,
        savedAt: Date.now(),
      });
    } catch (e) {
      // A full quota or a storage error: the slot keeps what it had; the state can still leave as a file.
      host.say(
        `Slot ${slot} was not saved (${errorText(e)}). Its previous contents are unchanged; use “Download state” to keep this moment as a file.`,
        'error',
      );
      playUiSound('error');
      return;
    }
    await this.refresh();
    host.say(`Saved in slot ${slot} (frame ${dbg.frame}).`);
    playUiSound('click');
  }

  async load(): Promise<void> {
    const host = this.host;
    const slot = this.slot();
    let saved;
    try {
      saved = await host.store?.getState(host.machineKey, slot);
    } catch (e) {
      host.say(`Slot ${slot} could not be read (${errorText(e)}). The running game is unchanged.`, 'error');
      return;
    }
    if (!saved) {
      host.say(`Slot ${slot} is empty for this BIOS and cartridge.`, 'error');
      return;
    }
    playUiSound((await this.loadStateBytes(saved.bytes, `slot ${slot}`)) ? 'click' : 'error');
  }

  async refresh(): Promise<void> {
    const host = this.host;
    const states = (await host.store?.listStates(host.machineKey).catch(() => [])) ?? [];
    for (const option of Array.from(this.select.options)) {
      const s = states.find((x) => x.slot === Number(option.value));
      option.textContent = s
        ? `Slot ${option.value} · frame ${s.frame} · ${new Date(s.savedAt).toLocaleTimeString()}`
        : `Slot ${option.value} · empty`;
    }
  }

  async downloadState(): Promise<void> {
    const host = this.host;
    if (!host.runtime) return;
    const bytes = await host.runtime.api.saveState();
    download(
      new Blob([bytes as BlobPart], { type: 'application/octet-stream' }),
      `o2-${new Date().toISOString().replace(/[:.]/g, '-')}.o2s`,
    );
    host.say('State downloaded; drop the file on the screen (or use “Open state…”) to load it.');
  }
}
