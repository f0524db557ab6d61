/**
 * The ROMs the machine runs and the images stored in this browser: the list of what runs now, the
 * choice of our own cartridges, opening or dropping files (a BIOS, cartridge or character ROM boots
 * a new machine; a save state is handed to the save slots), using and forgetting stored images.
 * Every switch asks the host first: during a battle at the table it is refused with the reason.
 */
import { el } from '../platform/dom.ts';
import { checkFileSize, classifyFile } from '../rom-library/classify.ts';
import { romKey } from '../rom-library/store.ts';
import { BUILTIN_CART, errorText } from './host.ts';
import type { MachineHost } from './host.ts';
import type { BootInfo, RomImages } from '../worker/protocol.ts';

export interface LibraryPanelOptions {
  /** A save-state file was opened or dropped. */
  loadState(bytes: Uint8Array, what: string): Promise<boolean>;
  /** A new machine was booted (the slots list belongs to the BIOS + cartridge pair). */
  booted(): void;
}

export class LibraryPanel {
  /** What runs now (BIOS, cartridge, character ROM). */
  readonly romList: HTMLElement;
  readonly builtinSelect: HTMLSelectElement;
  readonly libraryList: HTMLElement;

  constructor(private readonly host: MachineHost, private readonly options: LibraryPanelOptions) {
    this.romList = el('ul', { class: 'console-roms', id: 'console-roms' });
    this.libraryList = el('ul', { class: 'console-library', id: 'console-library' });
    this.builtinSelect = el('select', { id: 'console-builtin-cart', title: 'Which of our own cartridges runs when you have not loaded one' });
    this.builtinSelect.addEventListener('change', () => {
      const chosen = this.builtinSelect.value;
      if (this.refused()) {
        this.builtinSelect.value = this.host.runtime?.info.builtinCart ?? '';
        return;
      }
      BUILTIN_CART.set(chosen);
      void this.useBuiltins();
    });
  }

  /** Shows what the machine runs now. */
  show(info: BootInfo): void {
    this.romList.replaceChildren(...info.roms.map((r) => el('li', { 'data-kind': r.kind, text: r.note })));
    this.builtinSelect.replaceChildren(...info.builtinCarts.map((c) => el('option', { value: c.id, text: c.name })));
    this.builtinSelect.value = info.builtinCart ?? '';
    this.builtinSelect.disabled = info.builtinCart === undefined;
  }

  /** Says why a switch is refused now (and returns true), or returns false. */
  private refused(): boolean {
    const why = this.host.switchRefusal();
    if (why) this.host.say(`The cartridge was not switched: ${why}`, 'error');
    return why !== null;
  }

  async takeFiles(files: FileList | null): Promise<void> {
    if (!files) return;
    for (const file of Array.from(files)) await this.takeFile(file);
  }

  private async takeFile(file: File): Promise<void> {
    const host = this.host;
    const tooBig = checkFileSize(file.name, file.size);
    if (tooBig) {
      host.say(tooBig, 'error');
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const c = classifyFile(file.name, bytes);
    if (c.kind === 'error') {
      host.say(c.message, 'error');
      return;
    }
    if (c.kind === 'state') {
      await this.options.loadState(bytes, `“${file.name}”`);
      return;
    }
    if (this.refused()) return;
    const key = romKey(c.kind, bytes.length, c.identity.crcHex);
    const next: RomImages = { ...host.images, [c.kind]: bytes };
    if (c.kind === 'cart') delete next.builtinCart;
    try {
      await this.boot(next, undefined);
    } catch (e) {
      host.say(`“${file.name}” could not be started: ${errorText(e)}. The previous machine keeps running.`, 'error');
      await this.boot(host.images, host.runtime?.lastState?.bytes);
      return;
    }
    host.images = next;
    host.active = { ...host.active, [c.kind]: key };
    try {
      await host.store?.putRom({ key, kind: c.kind, name: file.name, note: c.identity.note, size: bytes.length, crcHex: c.identity.crcHex, bytes, added: Date.now() });
      await host.store?.setActive(host.active);
    } catch {
      host.say(`Loaded “${file.name}” but could not store it in this browser; it will be gone after a reload.`, 'error');
      return;
    }
    await this.refresh();
    host.say(`Loaded “${file.name}”: ${c.identity.note}.`);
  }

  private async boot(images: RomImages, state: Uint8Array | undefined): Promise<void> {
    await this.host.boot(images, state);
    this.options.booted();
  }

  async useBuiltins(): Promise<void> {
    const host = this.host;
    if (this.refused()) return;
    host.images = { builtinCart: this.builtinSelect.value || undefined };
    host.active = {};
    await host.store?.setActive({});
    await this.boot({ builtinCart: host.images.builtinCart }, undefined);
    host.say('Booted our own BIOS and cartridge.');
  }

  /** The images stored in this browser: use one, or forget it. */
  async refresh(): Promise<void> {
    const host = this.host;
    const roms = (await host.store?.listRoms().catch(() => [])) ?? [];
    if (roms.length === 0) {
      this.libraryList.replaceChildren(el('li', { class: 'empty', text: 'None yet: drop a BIOS, cartridge or character ROM on the screen, or use “Open ROM…”.' }));
      return;
    }
    roms.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
    this.libraryList.replaceChildren(...roms.map((rom) => {
      const inUse = host.active[rom.kind] === rom.key;
      const use = el('button', { type: 'button', text: inUse ? 'in use' : 'use', title: `Boot with this ${rom.kind}` });
      use.disabled = inUse;
      use.addEventListener('click', () => void this.useStored(rom.key));
      const forget = el('button', { type: 'button', text: 'forget', title: 'Remove it from this browser' });
      forget.addEventListener('click', () => void this.forgetStored(rom.key));
      return el('li', { 'data-key': rom.key, title: rom.note }, `${rom.name} (${rom.kind}, ${rom.size} bytes, CRC32 ${rom.crcHex}) `, use, ' ', forget);
    }));
  }

  private async useStored(key: string): Promise<void> {
    const host = this.host;
    if (this.refused()) return;
    const rom = await host.store?.getRom(key);
    if (!rom) return;
    const next: RomImages = { ...host.images, [rom.kind]: rom.bytes };
    if (rom.kind === 'cart') delete next.builtinCart;
    try {
      await this.boot(next, undefined);
    } catch (e) {
      host.say(`“${rom.name}” could not be started: ${errorText(e)}.`, 'error');
      await this.boot(host.images, host.runtime?.lastState?.bytes);
      return;
    }
    host.images = next;
    host.active = { ...host.active, [rom.kind]: key };
    await host.store?.setActive(host.active);
    await this.refresh();
    host.say(`Booted with “${rom.name}”.`);
  }

  private async forgetStored(key: string): Promise<void> {
    const host = this.host;
    await host.store?.deleteRom(key);
    const kind = (['bios', 'cart', 'charset'] as const).find((k) => host.active[k] === key);
    if (kind) {
      // The image in use stays running until the next boot; from then on ours takes its place.
      const { [kind]: _gone, ...rest } = host.active;
      host.active = rest;
      await host.store?.setActive(host.active);
    }
    await this.refresh();
    host.say(kind ? 'Forgotten; it keeps running until you switch or reload.' : 'Forgotten.');
  }
}
