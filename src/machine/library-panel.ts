/**
 * The ROMs the machine runs and the images stored in this browser: the list of what runs now, the
 * choice of our own cartridges, opening or dropping files (a BIOS, cartridge or character ROM boots
 * a new machine; a save state is handed to the save slots), using and forgetting stored images.
 * Every switch asks the host first: during a battle at the table it is refused with the reason.
 */
import { el } from '../platform/dom.ts';
import { checkFileSize, classifyFile } from '../rom-library/classify.ts';
import { romKey } from '../rom-library/store.ts';
import { BUILTIN_CART, errorText } from './machine-host.ts';
import type { MachineHost } from './machine-host.ts';
import type { BootInfo, RomImages } from '../worker/protocol.ts';
import type { CartSource } from '../worker/build-program.ts';
import { MAPPER_KINDS, type MapperKind } from '../../rom-core/machine/index.ts';
import { choiceFor, rememberChoice, type CartChoice } from './cart-choice.ts';

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
  /** The user's cartridge: which mapper and TV standard it runs on (automatic, or their choice, remembered per image). */
  readonly cartSettings: HTMLElement;
  private readonly mapperSelect: HTMLSelectElement;
  private readonly tvSelect: HTMLSelectElement;
  /** The images of a boot under way (the booted machine is shown before `host.images` takes them). */
  private booting: RomImages | undefined;

  constructor(
    private readonly host: MachineHost,
    private readonly options: LibraryPanelOptions,
  ) {
    this.romList = el('ul', { class: 'console-roms', id: 'console-roms' });
    this.libraryList = el('ul', { class: 'console-library', id: 'console-library' });
    this.builtinSelect = el('select', {
      id: 'console-builtin-cart',
      title: 'Which of our own cartridges runs when you have not loaded one',
    });
    this.mapperSelect = el('select', { id: 'console-cart-mapper', title: "The cartridge's bank switching (its PCB)" });
    this.tvSelect = el('select', { id: 'console-cart-tv', title: 'NTSC (Odyssey²) or PAL (Videopac) timing' });
    this.cartSettings = el(
      'p',
      { class: 'console-cart-settings' },
      el('label', {}, 'mapper: ', this.mapperSelect),
      ' ',
      el('label', {}, 'TV: ', this.tvSelect),
    );
    const changed = (): void =>
      void this.chooseForCart({
        mapper: this.mapperSelect.value ? (this.mapperSelect.value as MapperKind) : undefined,
        tv: this.tvSelect.value === 'NTSC' || this.tvSelect.value === 'PAL' ? this.tvSelect.value : undefined,
      });
    this.mapperSelect.addEventListener('change', changed);
    this.tvSelect.addEventListener('change', changed);
    this.cartSettings.hidden = true;
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
    this.showCartSettings(info);
  }

  private showCartSettings(info: BootInfo): void {
    const p = info.cartProfile;
    // The machine just booted may not be `host.images` yet (that is set once the boot succeeded).
    const cart = this.booting?.cart ?? this.host.images.cart;
    this.cartSettings.hidden = !p || !cart;
    if (!p || !cart) return;
    const chosen = choiceFor(cart);
    const auto = p.name ? `${p.mapper}, as listed for ${p.name}` : `${p.mapper}, by its size`;
    this.mapperSelect.replaceChildren(
      el('option', { value: '', text: `automatic (${auto})` }),
      ...MAPPER_KINDS.map((k) => el('option', { value: k, text: k })),
    );
    this.mapperSelect.value = chosen.mapper ?? '';
    this.tvSelect.replaceChildren(
      el('option', { value: '', text: `automatic (${p.pal ? 'PAL' : 'NTSC'})` }),
      el('option', { value: 'NTSC', text: 'NTSC (Odyssey²)' }),
      el('option', { value: 'PAL', text: 'PAL (Videopac)' }),
    );
    this.tvSelect.value = chosen.tv ?? '';
    this.cartSettings.dataset.mapper = info.mapper;
    this.cartSettings.dataset.timing = info.timing;
  }

  /** Boots the user's cartridge with another mapper or TV standard and remembers it for this image; a refusal changes nothing. */
  private async chooseForCart(choice: CartChoice): Promise<void> {
    const host = this.host;
    const cart = host.images.cart;
    if (!cart) return;
    const before = choiceFor(cart);
    if (this.refused()) {
      this.mapperSelect.value = before.mapper ?? '';
      this.tvSelect.value = before.tv ?? '';
      return;
    }
    const kept = rememberChoice(cart, choice);
    try {
      await this.boot(host.images, undefined);
    } catch (e) {
      rememberChoice(cart, before);
      // The selects show the refused choice until the machine is back; put them back first so the page never says
      // "it runs as before" beside a choice that is not in force.
      this.mapperSelect.value = before.mapper ?? '';
      this.tvSelect.value = before.tv ?? '';
      await this.boot(host.images, host.runtime?.lastState?.bytes);
      host.say(`The cartridge did not start that way: ${errorText(e)}. It runs as before.`, 'error');
      return;
    }
    const info = host.runtime?.info;
    host.say(
      `The cartridge now runs on the ${info?.mapper ?? choice.mapper} mapper, ${info?.timing ?? choice.tv}${kept ? '; remembered for this image' : ' (this browser would not store the choice)'}.`,
    );
  }

  /** Says why a switch is refused now (and returns true), or returns false. */
  private refused(): boolean {
    const why = this.host.switchRefusal();
    if (why) this.host.say(`The cartridge was not switched: ${why}`, 'error');
    return why !== null;
  }

  async takeFiles(files: FileList | File[] | null): Promise<void> {
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
    if (c.kind === 'cart') {
      delete next.builtinCart;
      // The last build's source lines are not this cartridge's.
      delete next.cartSource;
    }
    if (
      !(await this.switchTo(
        next,
        (why) => `“${file.name}” could not be started: ${why}. The previous machine keeps running.`,
      ))
    )
      return;
    host.active = { ...host.active, [c.kind]: key };
    try {
      await host.store?.putRom({
        key,
        kind: c.kind,
        name: file.name,
        note: c.identity.note,
        size: bytes.length,
        crcHex: c.identity.crcHex,
        bytes,
        added: Date.now(),
      });
      await host.store?.setActive(host.active);
    } catch {
      host.say(
        `Loaded “${file.name}” but could not store it in this browser; it will be gone after a reload.`,
        'error',
      );
      return;
    }
    await this.refresh();
    host.say(`Loaded “${file.name}”: ${c.identity.note}.`);
  }

  /**
   * Swaps a rebuilt program into the running machine in place of `previous` (the build it runs), the
   * machine's state kept (ConsoleWorkerApi.swapCart); returns why not in a sentence, nothing changed,
   * when it cannot (another size or mapper, another cartridge loaded since, a battle on).
   */
  async swapBuilt(image: Uint8Array, source: CartSource, previous: Uint8Array): Promise<string | undefined> {
    const host = this.host;
    const why = host.switchRefusal();
    if (why) return why;
    const api = host.runtime?.api;
    if (!api) return 'the console is not running.';
    const refused = await api.swapCart(image, source, previous);
    if (refused) return refused;
    host.images = { ...host.images, cart: image, cartSource: source };
    return undefined;
  }

  /**
   * Boots a cartridge built in the browser (the program panel) with its sources for the debugger;
   * returns false, the machine as it was and the reason said, when it cannot. It is not stored: its
   * sources are, and a reload builds it again.
   */
  async runBuilt(name: string, image: Uint8Array, source: CartSource): Promise<boolean> {
    if (this.refused()) return false;
    const next: RomImages = { ...this.host.images, cart: image, cartSource: source };
    delete next.builtinCart;
    return this.switchTo(
      next,
      (why) => `“${name}” was built but could not be started: ${why}. The previous machine keeps running.`,
    );
  }

  /**
   * Boots `next` and makes it the host's images; when it cannot, says `failed(reason)` and boots the
   * machine that ran before from its last state, and returns false.
   */
  private async switchTo(next: RomImages, failed: (why: string) => string): Promise<boolean> {
    const host = this.host;
    try {
      await this.boot(next, undefined);
    } catch (e) {
      host.say(failed(errorText(e)), 'error');
      await this.boot(host.images, host.runtime?.lastState?.bytes);
      return false;
    }
    host.images = next;
    return true;
  }

  private async boot(images: RomImages, state: Uint8Array | undefined): Promise<void> {
    this.booting = images;
    try {
      await this.host.boot(images, state);
    } finally {
      this.booting = undefined;
    }
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
      this.libraryList.replaceChildren(
        el('li', {
          class: 'empty',
          text: 'None yet: drop a BIOS, cartridge or character ROM on the screen, or use “Open ROM…”.',
        }),
      );
      return;
    }
    roms.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
    this.libraryList.replaceChildren(
      ...roms.map((rom) => {
        const inUse = host.active[rom.kind] === rom.key;
        const use = el('button', {
          type: 'button',
          text: inUse ? 'in use' : 'use',
          title: `Boot with this ${rom.kind}`,
        });
        use.disabled = inUse;
        use.addEventListener('click', () => void this.useStored(rom.key));
        const forget = el('button', { type: 'button', text: 'forget', title: 'Remove it from this browser' });
        forget.addEventListener('click', () => void this.forgetStored(rom.key));
        return el(
          'li',
          { 'data-key': rom.key, title: rom.note },
          `${rom.name} (${rom.kind}, ${rom.size} bytes, CRC32 ${rom.crcHex}) `,
          use,
          ' ',
          forget,
        );
      }),
    );
  }

  private async useStored(key: string): Promise<void> {
    const host = this.host;
    if (this.refused()) return;
    const rom = await host.store?.getRom(key);
    if (!rom) return;
    const next: RomImages = { ...host.images, [rom.kind]: rom.bytes };
    if (rom.kind === 'cart') delete next.builtinCart;
    if (!(await this.switchTo(next, (why) => `“${rom.name}” could not be started: ${why}.`))) return;
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
