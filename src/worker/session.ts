/**
 * One emulated console as the worker runs it, with no worker or DOM in it so Node tests drive it the
 * same way: build from images, apply a held-input snapshot, run frames, save and load states, and
 * answer the debugger.
 */
import { Odyssey2, cartProfile } from '../../rom-core/machine/index.ts';
import type { CartProfile, KeyQueue } from '../../rom-core/machine/index.ts';
import { MachineDebugger, poke, pokePlace, pokeProblem } from '../../rom-core/debugger/index.ts';
import type { DebugActionKind, PokeTarget } from '../../rom-core/debugger/index.ts';
import type { BotLevel } from '../../rom-core/bot/index.ts';
import type { BuiltCart, Builtins } from './builtin-roms.ts';
import type { CartSource } from './build-program.ts';
import type {
  BootInfo,
  DebugInfo,
  DisasmLine,
  RomImages,
  RomSummary,
  RomView,
  StopState,
  WatchpointSpec,
} from './protocol.ts';
import { stopState } from './stop-text.ts';
import { romView } from './debug-views.ts';
import { romSummaries } from './rom-summaries.ts';
import { debugInfo, disassembleAround } from './debug-info.ts';
import { SessionInput } from './session-input.ts';
import { indexSources, sourceLineAt } from './source-index.ts';
import type { SourceIndex } from './source-index.ts';
import { TimeTravel } from './time-travel.ts';
import { BreakAt } from './break-at.ts';
import { WatchAt } from './watch-at.ts';
import { ramNames } from './ram-names.ts';
import type { RamNames } from './ram-names.ts';

export class ConsoleSession {
  readonly machine: Odyssey2;
  /** The held snapshot, the key queue and the bots, merged into the machine's inputs (session-input.ts). */
  private readonly input: SessionInput;
  /** Keys typed by the companion and pressed by a player, applied at frame boundaries (the input's). */
  readonly keyQueue: KeyQueue;
  /** A breakpoint stopped the CPU inside a frame: the next runFrame goes on with it. */
  private midFrame = false;
  readonly roms: RomSummary[];
  private readonly sources: SourceIndex = { byAddress: new Map() };
  /** Breakpoints, watchpoints, trace, step actions and step back (rom-core/debugger). */
  readonly debug: MachineDebugger;
  private lastStop: StopState | undefined;
  /** Which of our cartridges runs (undefined: the user's). */
  readonly builtinCart: string | undefined;
  private readonly builtinList: { id: string; name: string }[];
  private readonly problems: string[];
  private profile: CartProfile | undefined;
  /** Rewind and run-ahead (time-travel.ts); off until the host configures them. */
  readonly time: TimeTravel;
  /** Breakpoints by label or expression, with conditions, and the scanline break (break-at.ts). */
  readonly breaks: BreakAt;
  /** Watchpoints by label or expression, with conditions (watch-at.ts). */
  readonly watches: WatchAt;
  /** The running build's names for bytes of RAM and the VDC (ram-names.ts). */
  private names: RamNames = { iram: {}, eram: {}, vdc: {} };

  constructor(images: RomImages, builtins: Builtins, sampleRate: number) {
    const builtinCart: BuiltCart = builtins.carts.find((c) => c.id === images.builtinCart) ?? builtins.carts[0];
    const bios = images.bios ?? builtins.bios.image;
    const cart = images.cart ?? builtinCart.image;
    // The user's choice for their image; absent, the known-cartridge table's (Odyssey2's default), else the size's.
    this.machine = new Odyssey2({
      bios,
      cart,
      charset: images.charset,
      sampleRate,
      mapper: images.cart ? images.mapper : undefined,
      pal: images.cart && images.tv ? images.tv === 'PAL' : undefined,
    });
    this.input = new SessionInput(this.machine, () => this.netplay);
    this.keyQueue = this.input.keyQueue;
    this.debug = new MachineDebugger(this.machine);
    const t = this.machine.timing;
    this.time = new TimeTravel(this.machine, t.dotRateNum / t.dotRateDen / t.dotsPerFrame);
    this.debug.frameStarts = this.time;
    this.breaks = new BreakAt(this.debug);
    this.watches = new WatchAt(this.debug, { symbols: () => this.breaks.symbolTable, ramNames: () => this.names });
    if (images.cartSource) this.useSymbols(images.cartSource, images.cart ?? builtinCart.image);
    this.profile = images.cart ? cartProfile(images.cart) : undefined;
    this.roms = romSummaries(this.machine.identity, images, builtins.bios.name, builtinCart.name);
    if (!images.bios) indexSources(builtins.bios, false, this.sources);
    if (!images.cart) indexSources(builtinCart, true, this.sources);
    else if (images.cartSource) {
      const { lineMap, files } = images.cartSource;
      indexSources(
        { image: images.cart, name: '', lineMap, sources: new Map(Object.entries(files)) },
        true,
        this.sources,
      );
    }
    this.builtinCart = images.cart ? undefined : builtinCart.id;
    this.builtinList = builtins.choices ?? builtins.carts.map((c) => ({ id: c.id, name: c.name }));
    this.problems = builtins.problems ?? [];
  }

  /**
   * A rebuilt program swapped into the running machine (Odyssey2.swapCartridge): the machine goes on
   * with the new bytes, its source lines are the new build's, and the steps and rewind frames kept
   * (of the old image, whose states no longer load) are forgotten. Only the build the page ran last
   * (`previous`) is replaced, so a cartridge loaded since is never overwritten; never in a network
   * battle. A refusal is a sentence and changes nothing.
   */
  swapCart(image: Uint8Array, source: CartSource, previous: Uint8Array): string | undefined {
    if (this.netplay) return 'a network battle is on: both machines must run the same cartridge.';
    const rom = this.machine.cart.rom;
    if (rom.length !== previous.length || rom.some((b, i) => b !== previous[i]))
      return 'the machine no longer runs your last build (another cartridge was loaded since).';
    const refused = this.machine.swapCartridge(image);
    if (refused) return refused;
    this.debug.history.clear();
    this.time.clear();
    this.profile = cartProfile(image);
    const id = this.machine.identity.cart;
    this.roms[1] = { kind: 'cart', note: id.note, crcHex: id.crcHex, size: id.size };
    this.useSymbols(source, image);
    this.sources.byAddress.clear();
    indexSources(
      { image, name: '', lineMap: source.lineMap, sources: new Map(Object.entries(source.files)) },
      true,
      this.sources,
    );
    return undefined;
  }

  info(): BootInfo {
    const t = this.machine.timing;
    return {
      roms: this.roms,
      width: t.visibleWidth,
      height: t.visibleHeight,
      frameRate: t.dotRateNum / t.dotRateDen / t.dotsPerFrame,
      timing: t.name,
      builtinCarts: this.builtinList,
      builtinCart: this.builtinCart,
      problems: this.problems,
      mapper: this.machine.cart.kind,
      cartProfile: this.profile,
    };
  }

  /** A battle bot takes a hand control (0 left, 1 right) at a level, or gives it back (null). */
  setBot(stick: 0 | 1, level: BotLevel | null, seed: number): void {
    this.input.setBot(stick, level, seed);
  }

  botLevels(): [BotLevel | null, BotLevel | null] {
    return this.input.botLevels();
  }

  /** Sets the held keys and sticks to exactly this snapshot (plus whatever the key queue holds down). */
  applyInput(snapshot: Uint8Array): void {
    this.input.apply(snapshot);
  }

  /** The stick this side steers with in a network battle (SessionInput.netStick). */
  netStick(side: 0 | 1, held: Uint8Array): number {
    return this.input.netStick(side, held);
  }

  /** Both sticks of a battle this page fights alone for a remote table (SessionInput.soloSticks). */
  soloSticks(held: Uint8Array): number {
    return this.input.soloSticks(held);
  }

  /**
   * While a network battle runs, the machine's keys and sticks are the rollback's alone (the same on
   * both browsers): nothing of this page's is merged into them.
   */
  netplay = false;

  /** Drops every typed tap not finished and releases the keys the queue holds (cancellation). */
  clearKeys(): void {
    this.input.clearKeys();
  }

  /**
   * Runs to the end of the frame, or, with the debugger engaged (breakpoints, watchpoints, the trace,
   * a step action under way), until it stops the CPU: then the frame is left half run
   * (Odyssey2.runFrameDebug) and the next runFrame or step goes on with it.
   */
  runFrame(): { stop?: StopState } {
    if (!this.midFrame) {
      this.input.beforeFrame();
      // A network battle's frames are the rollback's to keep; this session runs none of them.
      if (!this.netplay) this.time.record();
    }
    if (!this.debug.engaged) {
      this.machine.runFrame();
      this.frameEnded();
      return {};
    }
    const stop = this.debug.runFrame();
    // A stop can come at the frame's end (a watch judged after its last instruction).
    if (this.machine.midFrame) this.midFrame = true;
    else this.frameEnded();
    if (!stop) return {};
    this.lastStop = stopState({ ...stop, text: this.stopText(stop.kind, stop.pc) }, this.frameUnderWay());
    return { stop: this.lastStop };
  }

  private useSymbols(source: CartSource, image: Uint8Array): void {
    const symbols = new Map(Object.entries(source.symbols ?? {}));
    const labels = new Map(Object.entries(source.labels ?? {}));
    this.breaks.setSymbols(symbols, labels);
    this.names = ramNames(symbols, labels, image, source.own ? new Set(source.own) : undefined);
  }

  /** A scanline stop names its line, a conditional breakpoint its condition. */
  private stopText(kind: string, pc: number): string | undefined {
    if (kind === 'scanline') return `the beam reached line ${String(this.debug.scanlineBreak)}`;
    const condition = kind === 'breakpoint' ? this.breaks.conditionAt(pc) : '';
    return condition ? `breakpoint (${condition})` : undefined;
  }

  private frameEnded(): void {
    this.midFrame = false;
    this.keyQueue.afterFrame();
  }

  /** The frame the machine stands in: frames completed, plus one while a frame is half run. */
  frameUnderWay(): number {
    return this.machine.frameNumber + (this.machine.midFrame ? 1 : 0);
  }

  /**
   * Begins a debugger action (step, step over, step out, run to) and runs it for up to `frames`
   * frames: the stop, or undefined when it is still under way (the next runFrame goes on with it).
   * An action that cannot begin throws its sentence.
   */
  debugAction(kind: DebugActionKind, address?: number, frames = 1): StopState | undefined {
    const refused = this.debug.begin(kind, address);
    if (refused) throw new Error(refused);
    for (let f = 0; f < frames; f++) {
      const { stop } = this.runFrame();
      if (stop) return stop;
    }
    return undefined;
  }

  /** One instruction; 'frame' when the frame ended with it (or RESET is held and the CPU ran none). */
  stepInstruction(): 'instruction' | 'frame' {
    if (this.debugAction('step') === undefined) this.debug.cancel();
    return this.machine.midFrame ? 'instruction' : 'frame';
  }

  /**
   * Puts the machine back one instruction, after any stop (rom-core/debugger/step-back.ts: the frame
   * run again from rewind's snapshot of its start or a step's moment), or undoes an edit made where it
   * stands; with nothing kept for that, one whole frame back (rewind's frames); false when neither is.
   */
  stepBack(): boolean {
    // No step left to undo (none made, or a rewind went back past them): one frame back, as rewind goes.
    if (!this.debug.stepBack() && !this.rewindFrame()) return false;
    this.midFrame = this.machine.midFrame;
    this.lastStop = stopState({ kind: 'step-back', pc: this.machine.cpu.pc }, this.frameUnderWay());
    return true;
  }

  /**
   * Rewind: one frame back, its picture drawn again (TimeTravel.back); false at the oldest frame kept,
   * with rewind off, in a network battle or while the debugger holds the machine inside a frame.
   */
  rewindFrame(): boolean {
    if (this.midFrame || this.netplay || !this.time.back()) return false;
    // RESET is machine state: what the frame gone back to held, the next merge compares with.
    this.input.resetHeld = this.machine.resetHeld;
    this.debug.history.clear();
    return true;
  }

  /** Keeps the machine as it is for step back (before a frame step). */
  remember(): void {
    this.debug.history.push(this.machine);
  }

  /**
   * The debugger's edit of a register or a byte (rom-core/debugger/poke.ts); step back undoes it. Refused
   * with a sentence, changing nothing, in a network battle (the other browser's machine would differ)
   * or when the target or value is bad.
   */
  poke(target: PokeTarget, value: number): void {
    if (this.netplay) throw new Error('Nothing can be edited in a network battle: both machines must stay the same.');
    const problem = pokeProblem(target, value);
    if (problem) throw new Error(problem);
    // Before the edit (what step back puts back) and after it (where step back runs again from).
    this.debug.history.push(this.machine, true);
    poke(this.machine, target, value);
    this.debug.history.push(this.machine);
    // The stop's sentence named the machine before the edit; say what changed instead.
    const digits = target.kind === 'pc' ? 3 : 2;
    this.lastStop = stopState(
      {
        kind: 'edit',
        pc: this.machine.cpu.pc,
        text: `${pokePlace(target)} set to ${value.toString(16).toUpperCase().padStart(digits, '0')}h`,
      },
      this.frameUnderWay(),
    );
  }

  /** One bank of the cartridge as program space (BIOS included) for the ROM view; the selected bank by default. */
  romView(bank?: number): RomView {
    const view = romView(this.machine, bank);
    // A 2 KB image is the same in every bank; in a larger one the banks share addresses.
    return view.size <= 0x800 ? { ...view, labels: this.breaks.labels() } : view;
  }

  /** The machine was paused: an action under way is dropped. */
  paused(): void {
    this.debug.cancel();
  }

  /** Loads a save state; the steps back and the stop belong to the machine before it. */
  loadState(state: Uint8Array): void {
    this.machine.loadState(state);
    this.time.clear();
    this.debug.history.clear();
    this.debug.cancel();
    this.midFrame = false;
    this.lastStop = undefined;
  }

  setBreakpoints(addresses: number[]): void {
    this.breaks.setPlain(addresses);
  }

  setWatchpoints(list: WatchpointSpec[]): void {
    this.watches.set(list);
  }

  clearHit(): void {
    this.lastStop = undefined;
  }

  debugInfo(): DebugInfo {
    return debugInfo(
      this.machine,
      this.debug,
      this.frameUnderWay(),
      this.lastStop,
      (a, n) => this.sourceAt(a, n),
      this.breaks.list(),
      (a) => this.breaks.labelAt(a),
      this.names,
    );
  }

  /** The source line of the instruction at `address`, if the bytes mapped there now are the ones it made. */
  private sourceAt(address: number, length: number): string | undefined {
    return sourceLineAt(this.sources, this.machine.cpu.program, address, length);
  }

  /** A few instructions before the PC (decoded from a safe earlier start) and more after it. */
  disassembleAround(pc: number, before = 6, after = 14): DisasmLine[] {
    return disassembleAround(
      this.machine,
      this.debug,
      (a, n) => this.sourceAt(a, n),
      pc,
      (a) => this.breaks.labelAt(a),
      before,
      after,
    );
  }
}
