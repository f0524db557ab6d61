/**
 * Two browsers fighting a battle over a network, simulated in one Node thread: two RollbackMachines
 * (rom-core/netplay), each on its own emulated machine, a bot on each side's control, and a link each
 * way with a round trip, jitter, loss and (through the jitter) reordering. Every message carries all
 * the sender's inputs the other side has not acknowledged, so a lost one only delays them (as GGPO
 * sends them). The battle then runs once more on a single machine with the sticks both sides read:
 * the outcome and the final state must be the same. Used by the netplay bench and its tests.
 */
import type { Arena } from '../../rom-core/bot/arena.ts';
import type { BattleSetup, Controller } from '../../rom-core/bot/arena.ts';
import { FirstRunSound, NetplaySide, parseBattleMessage, stateHash } from '../../rom-core/netplay/index.ts';
import { crc32 } from '../../rom-core/machine/index.ts';
import type { RollbackMachine } from '../../rom-core/netplay/index.ts';
import type { BattleMessage } from '../../rom-core/netplay/index.ts';
import type { RollbackOptions } from '../../rom-core/netplay/index.ts';
import { MAILBOX } from '../../rom-core/roms/carts/mailbox.ts';
import { prng } from './prng.ts';
import { bootMachine } from './boot.ts';

export interface LinkOptions {
  /** Round trip in ms (each way half of it). */
  rttMs: number;
  /** Each message's delay varies by up to this much either way. */
  jitterMs: number;
  /** The share of messages lost (0 to 1). */
  loss: number;
  /**
   * How the page's data channel carries the battle's messages. 'unordered' (the app's battle lane): a lost
   * message is gone (the next carries its sticks again) and none waits for another. 'ordered' (a reliable,
   * ordered channel, as the table's messages use): a lost message is sent again after a retransmission
   * time-out, and every later one waits behind it.
   */
  transport?: 'ordered' | 'unordered';
  /**
   * Milliseconds a message spends on each page between the worker and the network (posted with the next
   * picture, passed through the page's main thread): added at both ends.
   */
  hopMs?: number;
}

/** A reliable channel's retransmission time-out for a lost message (SCTP's, at least 200 ms here). */
export function retransmitMs(rttMs: number): number {
  return Math.max(200, 1.5 * rttMs);
}

/** One direction of the network: messages travel as JSON text, and each is checked on arrival as a page checks it. */
class Link {
  private queue: { at: number; text: string }[] = [];
  /** An ordered channel delivers nothing before the last message it let out. */
  private lastOut = 0;
  constructor(
    private readonly o: LinkOptions,
    private readonly rand: () => number,
  ) {}

  send(now: number, msg: BattleMessage): void {
    const lost = this.rand() < this.o.loss;
    const ordered = this.o.transport === 'ordered';
    if (lost && !ordered) return;
    const hops = 2 * (this.o.hopMs ?? 0);
    let at = Math.max(now, now + this.o.rttMs / 2 + (this.rand() * 2 - 1) * this.o.jitterMs) + hops;
    if (lost) at += retransmitMs(this.o.rttMs);
    if (ordered) at = this.lastOut = Math.max(at, this.lastOut);
    this.queue.push({ at, text: JSON.stringify(msg) });
  }

  deliver(now: number): BattleMessage[] {
    const due = this.queue.filter((q) => q.at <= now).sort((a, b) => a.at - b.at);
    this.queue = this.queue.filter((q) => q.at > now);
    return due.map((q) => {
      const r = parseBattleMessage(q.text);
      if (!r.ok) throw new Error(`the simulated side sent a message its peer refuses: ${r.error}`);
      return r.message;
    });
  }
}

const PHASE_BATTLE = 2;
const FRAME_MS = 1000 / 60;

class Peer {
  readonly side: NetplaySide;
  /** The mailbox phase after each frame run (a rerun writes it again), to find the battle's end. */
  readonly phases: number[] = [];
  /** The sound played for each frame, as the worker plays it (FirstRunSound): its samples' CRC, and how often each frame played. */
  readonly played: number[] = [];
  readonly plays: number[] = [];
  /** When (ms) this side read its stick for each frame, first ran each frame, and came to know the other side's stick for it. */
  readonly readAt: number[] = [];
  readonly firstRunAt: number[] = [];
  readonly knownAt: number[] = [];
  /** Display frames shown, and those that ran a new frame. */
  ticks = 0;
  ran = 0;
  private now = 0;
  private readonly sound = new FirstRunSound();

  constructor(
    start: Uint8Array,
    bios: Uint8Array,
    cart: Uint8Array,
    options: RollbackOptions,
    private readonly bot: Controller,
    timeSync: boolean,
  ) {
    const machine = bootMachine(bios, cart);
    machine.loadState(start);
    this.side = new NetplaySide(machine, options, 0, timeSync);
    this.side.rb.onFrame = (f) => {
      this.phases[f] = machine.eram[MAILBOX.phase];
      this.firstRunAt[f] ??= this.now;
      if (this.sound.take(f)) {
        this.played[f] = audioCrc(machine.audio);
        this.plays[f] = (this.plays[f] ?? 0) + 1;
      }
    };
  }

  get rb(): RollbackMachine {
    return this.side.rb;
  }
  get sticks(): number[] {
    return this.side.sticks;
  }

  /** Display frames that yielded to the time sync. */
  get yields(): number {
    return this.side.sync?.yields ?? 0;
  }

  receive(now: number, msgs: BattleMessage[]): void {
    this.now = now;
    for (const m of msgs) {
      this.side.receive(m);
      for (let f = m.from; f < m.from + m.sticks.length; f++) this.knownAt[f] ??= now;
    }
  }

  /** One display frame at `now`: read the stick (from what this side shows), run, and say what is new. */
  tick(now: number): BattleMessage {
    this.now = now;
    const m = this.rb.machine;
    const before = this.side.sticks.length;
    const { message, ran } = this.side.tick(() => this.bot.step(m.eram, m.vdc.regs));
    for (let f = before; f < this.side.sticks.length; f++) this.readAt[f] = now;
    this.ticks++;
    if (ran) this.ran++;
    return message;
  }

  /** The first confirmed frame after which the battle was over, or null. */
  endFrame(): number | null {
    for (let f = 0; f < this.rb.confirmed; f++) if (this.phases[f] !== PHASE_BATTLE) return f;
    return null;
  }
}

export interface NetBattle {
  frames: number;
  /** The same outcome on both sides and on the single machine, and the same final state. */
  agreed: boolean;
  winner: number;
  desync: number | null;
  rollbacks: number[];
  rerunFrames: number;
  rerunMs: number;
  /** Milliseconds spent in each side's frames (reruns included), summed. */
  runMs: number;
  framesRun: number;
  /**
   * Sound under rollback, both sides: frames of the battle whose sound was played other than once
   * (a repeat or a gap; by FirstRunSound's rule, none), and frames whose played sound (made the first
   * time the frame ran, perhaps on a predicted stick) differs from the sound the confirmed frame makes.
   */
  soundNotOnce: number;
  soundDiffers: number;
  soundFrames: number;
  /**
   * The pictures each side showed: display frames in all, those that showed a new frame, those that
   * stalled (the prediction window full) and those that yielded to the time sync, both sides summed.
   */
  ticks: number;
  shown: number;
  stalls: number;
  yields: number;
  /** For each change of a stick: ms from its reading on one side to the other side running with it. */
  keyLatencyMs: number[];
  /** Each side's round trip as it measured it in the battle (NetplaySide.rttFrames, in ms), or null. */
  rttMs: (number | null)[];
}

export interface SimOptions {
  /** The right side's display runs this much faster (0.005: half a percent), as two computers' clocks differ. */
  drift?: number;
  /** Whether the sides keep in time (time-sync.ts); false: the comparison without it. */
  timeSync?: boolean;
}

/** A frame's sound as a CRC of its samples' bytes. */
function audioCrc(samples: Float32Array): number {
  return crc32(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
}

/**
 * Fights one battle between `left` and `right` (bots) over `link`, both sides starting on `arena`'s
 * machine at the battle's first frame; then plays it on `arena` itself with the sticks both sides read,
 * compares, and leaves `arena` at program entry for the next battle.
 */
export function netBattle(
  arena: Arena,
  bios: Uint8Array,
  cart: Uint8Array,
  setup: BattleSetup,
  left: Controller,
  right: Controller,
  link: LinkOptions,
  options: Omit<RollbackOptions, 'local'>,
  seed: number,
  maxFrames = 6000,
  sim: SimOptions = {},
): NetBattle {
  arena.begin(setup);
  const start = arena.machine.saveState();
  const timeSync = sim.timeSync ?? true;
  const a = new Peer(start, bios, cart, { ...options, local: 0 }, left, timeSync);
  const b = new Peer(start, bios, cart, { ...options, local: 1 }, right, timeSync);
  const rand = prng(seed);
  const ab = new Link(link, rand);
  const ba = new Link(link, rand);
  // B's display frames fall between A's, and come a little more often when its clock runs fast.
  const offset = rand() * FRAME_MS;
  const periodB = FRAME_MS / (1 + (sim.drift ?? 0));
  let end: number | null = null;
  let runMs = 0;
  let ta = 0;
  let tb = offset;
  while (a.ticks + b.ticks < maxFrames * 8) {
    const t0 = performance.now();
    if (ta <= tb) {
      a.receive(ta, ba.deliver(ta));
      ab.send(ta, a.tick(ta));
      ta += FRAME_MS;
    } else {
      b.receive(tb, ab.deliver(tb));
      ba.send(tb, b.tick(tb));
      tb += periodB;
    }
    runMs += performance.now() - t0;
    const ea = a.endFrame();
    const eb = b.endFrame();
    if (ea !== null && eb !== null) {
      end = Math.max(ea, eb);
      break;
    }
  }
  if (end === null) throw new Error(`the network battle did not end within ${maxFrames * 8} display frames`);
  // The same sticks on one machine, from the same start.
  const m = arena.machine;
  const confirmedSound: number[] = [];
  for (let f = 0; f <= end; f++) {
    m.joy[0] = a.sticks[f] ?? 0;
    m.joy[1] = b.sticks[f] ?? 0;
    m.runFrame();
    confirmedSound[f] = audioCrc(m.audio);
  }
  let soundNotOnce = 0;
  let soundDiffers = 0;
  for (const p of [a, b])
    for (let f = 0; f <= end; f++) {
      if (p.plays[f] !== 1) soundNotOnce++;
      else if (p.played[f] !== confirmedSound[f]) soundDiffers++;
    }
  const single = stateHash(m.snapshot());
  const hashA = a.rb.stateHashBefore(end + 1);
  const hashB = b.rb.stateHashBefore(end + 1);
  const winner = m.eram[MAILBOX.winner];
  const agreed = hashA === single && hashB === single && a.endFrame() === b.endFrame();
  arena.end();
  return {
    frames: end + 1,
    agreed,
    winner,
    desync: a.rb.desync ?? b.rb.desync,
    rollbacks: [...a.rb.rollbacks, ...b.rb.rollbacks],
    rerunFrames: a.rb.rerunFrames + b.rb.rerunFrames,
    rerunMs: a.rb.rerunMs + b.rb.rerunMs,
    runMs,
    framesRun: a.rb.frame + b.rb.frame + a.rb.rerunFrames + b.rb.rerunFrames,
    soundNotOnce,
    soundDiffers,
    soundFrames: 2 * (end + 1),
    ticks: a.ticks + b.ticks,
    shown: a.ran + b.ran,
    stalls: a.ticks + b.ticks - a.ran - b.ran - a.yields - b.yields,
    yields: a.yields + b.yields,
    keyLatencyMs: [...keyLatency(a, b, end), ...keyLatency(b, a, end)],
    rttMs: [a, b].map((p) => (p.side.rttFrames === null ? null : p.side.rttFrames * FRAME_MS)),
  };
}

/** For each frame below `end` whose stick on `from` differs from the frame before: ms until `to` ran with it. */
function keyLatency(from: Peer, to: Peer, end: number): number[] {
  const out: number[] = [];
  for (let f = 1; f < end; f++) {
    if (from.sticks[f] === from.sticks[f - 1]) continue;
    const read = from.readAt[f];
    const known = to.knownAt[f];
    const ran = to.firstRunAt[f];
    if (read === undefined || known === undefined || ran === undefined) continue;
    // Run with it: when it first ran with the stick known, or at the rollback once it came.
    out.push(Math.max(known, ran) - read);
  }
  return out;
}
