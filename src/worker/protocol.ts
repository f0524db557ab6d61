/**
 * What the console page and the emulator worker say to each other. Control calls go through comlink
 * (ConsoleWorkerApi); pictures, sound and input travel as plain messages on dedicated MessagePorts so
 * a frame is one transferred buffer, never a structured-clone copy.
 */
import type { CartProfile, KeyCode, MapperKind } from '../../rom-core/machine/index.ts';
import type { PokeTarget } from '../../rom-core/debugger/index.ts';
import type { BuildResult, CartSource, SourceFile } from './build-program.ts';
import type { NetplayStats, NetStartOptions, WatchFrames } from '../../rom-core/netplay/index.ts';

export type { PokeTarget } from '../../rom-core/debugger/index.ts';
export type { NetplayStats, NetStartOptions, WatchFrames } from '../../rom-core/netplay/index.ts';

/**
 * Held inputs for one frame: keyboard rows 0-7 (bit = column), sticks J0 and J1, RESET, and the
 * rewind input (not the machine's: 0 plays, 1 goes back a frame a frame, 2 two frames a frame).
 */
export const SNAPSHOT_LENGTH = 12;
export const SNAPSHOT_JOY = 8;
export const SNAPSHOT_RESET = 10;
export const SNAPSHOT_REWIND = 11;

/** Rewind and run-ahead as the console page sets them (src/worker/time-travel.ts). */
export interface TimeTravelSettings {
  /** Seconds of frames kept to go back through; 0 turns rewind off. */
  rewindSeconds: number;
  /** Frames run ahead of each picture shown (RetroArch's run-ahead): 0, 1 or 2. */
  runAhead: number;
}

/** The images a machine is built from; a missing one means "our own, built from source". */
export interface RomImages {
  bios?: Uint8Array;
  cart?: Uint8Array;
  charset?: Uint8Array;
  /** Which of our own cartridges runs when `cart` is absent ('battle', 'console-test'); default: the first built. */
  builtinCart?: string;
  /** The user's choice for their cartridge (absent: the known-cartridge table's, else what the size implies). */
  mapper?: MapperKind;
  /** The user's choice of video standard (absent: the table's, else NTSC). */
  tv?: 'NTSC' | 'PAL';
  /** The sources `cart` was built from in the browser, for the debugger's source lines. */
  cartSource?: CartSource;
}

export interface BootOptions {
  images: RomImages;
  /** Restore this state right after the machine is built. */
  state?: Uint8Array;
  /** The worker posts VideoMessages here and reads InputMessages from it. */
  videoPort: MessagePort;
  /** The AudioWorkletNode's port, when there is audio (the first boot has none yet: connectAudio gives it later). */
  audioPort?: MessagePort;
  sampleRate: number;
  /** Start paused (tests, restart after a crash). */
  paused?: boolean;
}

/** Both sticks of confirmed frames of a network battle, for a spectator: pairs[i] = left | right << 5 of frame from + i. */
export interface RomSummary {
  kind: 'bios' | 'cart' | 'charset';
  /** Where it came from: "built in (…)" or the identity note of a user's image. */
  note: string;
  crcHex: string;
  size: number;
}

export interface BootInfo {
  roms: RomSummary[];
  /** Our own cartridges that can be chosen, and the one running (undefined: the user's). */
  builtinCarts: { id: string; name: string }[];
  builtinCart: string | undefined;
  /** Our ROMs that could not be built (e.g. a battle cartridge mid-edit), for the page to say. */
  problems: string[];
  width: number;
  height: number;
  /** Frames per second of the emulated video standard. */
  frameRate: number;
  timing: 'NTSC' | 'PAL';
  /** The mapper the cartridge runs on, and what the known-cartridge table says of the user's image (undefined for ours). */
  mapper: MapperKind;
  cartProfile?: CartProfile;
}

export interface WorkerStats {
  /** Emulated frames since boot. */
  framesRun: number;
  /** Frames the pacer gave up on after a stall (more were due than it catches up). */
  framesDropped: number;
  /** Mean milliseconds of worker time per emulated frame, over the last second. */
  workerMsPerFrame: number;
  /** Emulated frames per second over the last second of wall time. */
  fps: number;
  running: boolean;
  speed: number;
  /** Frames the machine can go back now (rewind). */
  rewindDepth: number;
}

export interface DisasmLine {
  /** The program's label at this address, if any. */
  label?: string;
  address: number;
  bytes: number[];
  text: string;
  /** "file:line  source text" for our own ROMs, from the assembler's line map. */
  source?: string;
  current: boolean;
  breakpoint: boolean;
}

/** A watchpoint as the page sets it (rom-core/debugger: read, write, or the byte becoming `value`). */
export interface WatchpointSpec {
  space: 'iram' | 'eram' | 'vdc';
  address: number;
  kind: 'read' | 'write' | 'value';
  value?: number;
  /** The program's name for the byte (`score`). */
  name?: string;
  /** Stop only when this holds (`A == 3`, the language of "Break at"); valued only when the watch fires. */
  condition?: string;
}

/**
 * Where the machine stopped and why: built once in the worker, so the debugger panel, the program
 * panel and the status line all say the same address and frame.
 */
export interface StopState {
  kind: 'breakpoint' | 'watchpoint' | 'scanline' | 'step' | 'step-over' | 'step-out' | 'run-to' | 'step-back' | 'edit';
  /** Address of the instruction that runs next. */
  pc: number;
  /** DebugInfo.frame at the stop. */
  frame: number;
  /** "breakpoint: PC 40Ch, frame 267", the one sentence every panel shows. */
  text: string;
}

/** One level of the 8048's stack (internal RAM 08h-17h), innermost first. */
export interface StackFrameInfo {
  level: number;
  returnAddress: number;
  /** The CALL's address; absent when the level looks like an interrupt's entry. */
  callSite?: number;
}

/** Cycles spent on one source line (or at an address with none), for the cycle profile. */
export interface ProfileLine {
  where: string;
  cycles: number;
  /** The source file and 1-based line, when `where` is a source line. */
  file?: string;
  line?: number;
}

/** The cycle profile (rom-core/debugger/profile.ts) as the debugger panel shows it. */
export interface ProfileInfo {
  /** Machine cycles of a frame on this video standard (5983.25 NTSC). */
  frameCycles: number;
  /**
   * The last frames (up to two seconds), oldest first: cycles in the cartridge and in the BIOS, and of
   * those, spinning in a wait loop (waiting for an interrupt or a flag it sets).
   */
  frames: { cart: number; bios: number; wait: number }[];
  /** The source lines with most cycles since the profile began, most first. */
  lines: ProfileLine[];
  /** All cycles counted since the profile began. */
  total: number;
}

export interface DebugInfo {
  /**
   * The frame the machine stands in: frames completed, plus one while a frame is half run (a stop
   * inside it). The number every panel shows for a stop.
   */
  frame: number;
  pc: number;
  a: number;
  psw: number;
  sp: number;
  /** Register bank in use (0 or 1) and R0-R7 of it. */
  bank: number;
  regs: number[];
  p1: number;
  p2: number;
  timer: number;
  intEnabled: boolean;
  iram: number[];
  eram: number[];
  vdc: number[];
  /** The chip is an 8244 (NTSC: it hides characters with Y < 0Eh), not an 8245 (the VDC view's boxes). */
  vdcNtsc: boolean;
  disasm: DisasmLine[];
  breakpoints: number[];
  /** Breakpoints typed in "Break at" (by label or address, with a condition or not) and the scanline to stop at. */
  typedBreaks: { address: number; condition: string }[];
  scanline?: number;
  /** Labels of the addresses the CPU box names (the breakpoints), by address. */
  disasmLabels?: Record<number, string>;
  /** The program's names for bytes of internal RAM, external RAM and the VDC's registers (ram-names.ts). */
  ramNames?: Record<'iram' | 'eram' | 'vdc', Record<number, string>>;
  /** The 8244's beam: its line (0 = the top visible line) and the dot within the line. */
  beam: { line: number; dot: number };
  /** Why and where the CPU stopped since the last resume. */
  stop?: StopState;
  /** The debugger action still under way across frames (a step over whose call has not returned). */
  pendingAction?: string;
  callStack: StackFrameInfo[];
  watchpoints: WatchpointSpec[];
  /** The register trace: recording or not, and how many instructions it holds. */
  trace: { on: boolean; length: number };
  /** The cycle profile, while it is on. */
  profile?: ProfileInfo;
  /** How many steps back there are. */
  stepBackDepth: number;
  /** Character ROM (512 bytes) for the character viewer. */
  charset: number[];
}

/** One bank of the cartridge as the CPU would see it selected (ConsoleWorkerApi.romView). */
export interface RomView {
  /** How many banks the mapper can select, the one shown and the one selected now. */
  banks: number;
  bank: number;
  current: number;
  mapper: MapperKind;
  /** The cartridge file's size in bytes. */
  size: number;
  /** Program space 000h-FFFh with that bank: the BIOS, then the cartridge at 400h. */
  image: Uint8Array;
  pc: number;
  /** The running build's labels by program address; only for a 2 KB image (a larger one's banks share addresses). */
  labels?: Record<number, string>;
}

/** worker -> page on the video port. */
export type VideoMessage =
  /**
   * A shown frame with the external RAM as that frame left it (our battle cartridge's mailbox). `pixels` is null
   * when the picture is the same as the last one sent (frame-change.ts): the page keeps the one it has. While the
   * machine runs, a frame with nothing new is not sent at all, but one in HEARTBEAT is (frame-post.ts).
   */
  | { type: 'frame'; pixels: Uint8Array | null; eram: Uint8Array; frame: number; workerMs: number; doneAt: number }
  | { type: 'autosave'; state: Uint8Array; frame: number }
  | { type: 'status'; running: boolean; speed: number; frame: number; reason?: string }
  | { type: 'fatal'; message: string }
  /** A network battle's message for the other browser (rom-core/netplay/fought-battle.ts): the page sends it on. */
  | { type: 'net'; text: string }
  /** A network battle's confirmed frames for spectators: the host's page sends them on. */
  | { type: 'net-watch'; frames: WatchFrames }
  /** The answer to a ping: the worker is between frames (the page's watchdog, runtime.ts). */
  | { type: 'pong' }
  /** The machine's sound rests (no PCM sent while it is silent: sound-rest.ts), or sounds again. */
  | { type: 'sound'; resting: boolean };

/**
 * page -> worker on the video port: the held snapshot (sticks, touch keys, RESET), and keyboard keys
 * as they go down and up (rom-core key names), which the worker's key queue applies at frame
 * boundaries so a tap shorter than a frame still counts.
 */
export type InputMessage =
  | { type: 'input'; snapshot: Uint8Array }
  | { type: 'key'; code: KeyCode; down: boolean }
  /** The page's watchdog (src/machine/runtime.ts): the worker answers with a pong between frames. */
  | { type: 'ping' };

/**
 * worker -> AudioWorklet: one frame of unipolar PCM (0 .. 15/16) at the context's rate; `rest`: no more PCM
 * comes until the machine sounds again (the queue running out then is no underrun).
 */
export type AudioMessage = { type: 'pcm'; samples: Float32Array } | { type: 'flush' } | { type: 'rest' };

export interface ConsoleWorkerApi {
  boot(options: BootOptions): Promise<BootInfo>;
  /** The sound output, made after the first picture (issue 38); a rate unlike the boot's rebuilds the machine as it is. */
  connectAudio(port: MessagePort, sampleRate: number): void;
  /** Replaces some images (a cartridge dropped on the page) and powers on again. */
  swapImages(images: RomImages): Promise<BootInfo>;
  setRunning(running: boolean): void;
  setHidden(hidden: boolean): void;
  setSpeed(speed: number): void;
  /** Rewind's length and run-ahead (kept for every machine this worker builds after). */
  setTimeTravel(settings: TimeTravelSettings): void;
  /** Runs n frames while paused and shows the last one. */
  stepFrames(n: number): number;
  /** Runs one CPU instruction while paused (a frame that ends with it is shown). */
  stepInstruction(): DebugInfo;
  /**
   * Step over a CALL (other instructions: a step), step out to the RET/RETR that leaves the call
   * level, run to an address. Each runs at once for up to a second of frames; one that has not
   * stopped by then goes on running (status running) until it does. Step out with an empty stack
   * throws a sentence.
   */
  stepOver(): DebugInfo;
  stepOut(): DebugInfo;
  runTo(address: number): DebugInfo;
  /** Puts the machine back as it was before the last step or frame step; throws a sentence when there is none. */
  stepBack(): DebugInfo;
  /**
   * While paused, sets A, PC, PSW, R0-R7 of the bank in use, or a byte of internal RAM, external RAM or
   * the VDC's registers (rom-core/debugger/poke.ts); step back undoes it. Running, in a network battle,
   * or with a bad target or value, throws a sentence and changes nothing.
   */
  poke(target: PokeTarget, value: number): DebugInfo;
  /** The cartridge image as the CPU sees it now (4 KB of program space) and the ROM's banks, for the ROM view. */
  romView(bank?: number): RomView;
  /** Replaces the watchpoints; a bad one throws a sentence and changes nothing. */
  setWatchpoints(list: WatchpointSpec[]): void;
  /** Turns the register trace on (empty) or off. */
  setTrace(on: boolean): void;
  /** Turns the cycle profile on (empty) or off. */
  setProfile(on: boolean): void;
  /** The trace as text, oldest instruction first. */
  traceText(): string;
  powerCycle(): Promise<BootInfo>;
  /**
   * Swaps a rebuilt program's image into the running machine (registers, RAM, VDC and time kept) when
   * the machine still runs `previous` (the page's last build) and the image has the same size and
   * mapper; otherwise returns why in a sentence and changes nothing (the page then restarts the machine).
   */
  swapCart(image: Uint8Array, source: CartSource, previous: Uint8Array): string | undefined;
  saveState(): Uint8Array;
  /** Throws a specific Error, leaving the machine as it was, when the bytes are not a usable state. */
  loadState(state: Uint8Array): number;
  debugInfo(): DebugInfo;
  setBreakpoints(addresses: number[]): void;
  /**
   * A breakpoint as typed: `loop`, `loop+2 if A == 3`, `4A2h if [iram 21h] > 10`, or `line N` (the beam
   * reaching scanline N); returns what was set in a sentence. A mistake throws a sentence, changing nothing.
   */
  breakAt(text: string): string;
  /** Forgets the typed breakpoints and the scanline. */
  clearTypedBreaks(): void;
  /**
   * A watchpoint as typed: the byte by label or expression (`score`, `21h` in `space`, `[eram 12h]`)
   * and an optional condition (`score if A == 3`); returns what was set in a sentence. A mistake
   * throws a sentence, changing nothing.
   */
  watchAt(text: string, space: WatchpointSpec['space'], kind: WatchpointSpec['kind'], value?: number): string;
  /** Assembles a user's program (build-program.ts) in the worker; the machine is not touched. */
  buildProgram(files: SourceFile[], main: string): BuildResult;
  stats(): WorkerStats;
  /** The 128 bytes of external RAM (a cartridge's mailbox, e.g. our battle cartridge's; tests, companions). */
  externalRam(): Uint8Array;
  /**
   * Our open BIOS and battle cartridge, built from the sources in the bundle (whatever the console
   * runs): the machine a turn's battles of the battle bots are fought again on, as the command line's
   * `board mail open` fights them. Throws a sentence when our battle cartridge did not build.
   */
  battleRoms(): { bios: Uint8Array; cart: Uint8Array };
  /** The current picture as colour indices (tests and screenshots). */
  frame(): { pixels: Uint8Array; frame: number };
  /**
   * Types these keys (rom-core names) one after another through the key queue, each held and then
   * released for whole frames; resolves with the frame number once the last release has run. An
   * unknown key name rejects and types nothing.
   */
  typeKeys(keys: string[]): Promise<number>;
  /** Drops the typed keys not finished and releases every key the queue holds (a cancelled battle). */
  clearKeys(): void;
  /**
   * A battle bot (rom-core/bot) takes hand control `stick` (0 left/red, 1 right/blue) at `level`, or
   * gives it back (null); it plays in the worker next to the machine, one step a frame, and stays
   * with the machine across resets and cartridge changes until given back.
   */
  setBot(stick: 0 | 1, level: 'easy' | 'medium' | 'hard' | null, seed?: number): void;
  /**
   * A network battle begins (the remote table): from `state` (the host's snapshot; absent on the host,
   * which starts from its own machine as it is) the machine runs in step with the other browser's, this
   * page holding `side`. Returns the snapshot started from (the host sends it to the guest).
   */
  netStart(options: NetStartOptions): Uint8Array;
  /**
   * A spectator's machine runs a battle other browsers fight: from `state` (the host's snapshot), with
   * the confirmed frames `watchInput` gives it; after `watchStop` it runs what came, then the machine
   * is its own again.
   */
  watchStart(state: Uint8Array, epoch: number): void;
  /**
   * A guest holding both seats of a battle fights it alone: from `state` (the host's snapshot), both
   * controls steered here, every frame's sticks posted (net-watch) for the host's machine to run;
   * `netStop` ends it.
   */
  soloStart(state: Uint8Array, epoch: number): void;
  /**
   * The host's machine in a battle between two guests: it watches from its own state now (returned, for
   * the guests to start from), run with the reporting guest's confirmed frames.
   */
  watchHere(epoch: number): Uint8Array;
  /** Confirmed frames from the host (checked in the worker: a gap or a bad value is dropped). */
  watchInput(frames: WatchFrames): void;
  watchStop(): void;
  /** A message from the other browser of the network battle (JSON text; checked in the worker). */
  netInput(text: string): void;
  /** The network battle is over: the machine runs on its own again. */
  netStop(): NetplayStats | null;
  netStats(): NetplayStats | null;
  /** Test hook, in a network battle: from the next frame one byte of this machine's internal RAM differs, as a difference between two browsers' machines would (a desync). */
  netPerturb(): void;
  /** Test hook: the next frame throws inside the worker, as a core bug would. */
  crashNextFrame(): void;
  /** Test hook: the next frame never returns, as a core stuck in a loop would. */
  hangNextFrame(): void;
}
