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
}

/** One direction of the network: messages travel as JSON text, and each is checked on arrival as a page checks it. */
class Link {
  private queue: { at: number; text: string }[] = [];
  constructor(
    private readonly o: LinkOptions,
    private readonly rand: () => number,
  ) {}

  send(now: number, msg: BattleMessage): void {
    if (this.rand() < this.o.loss) return;
    const at = now + this.o.rttMs / 2 + (this.rand() * 2 - 1) * this.o.jitterMs;
    this.queue.push({ at: Math.max(now, at), text: JSON.stringify(msg) });
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
  private readonly sound = new FirstRunSound();

  constructor(
    start: Uint8Array,
    bios: Uint8Array,
    cart: Uint8Array,
    options: RollbackOptions,
    private readonly bot: Controller,
  ) {
    const machine = bootMachine(bios, cart);
    machine.loadState(start);
    this.side = new NetplaySide(machine, options);
    this.side.rb.onFrame = (f) => {
      this.phases[f] = machine.eram[MAILBOX.phase];
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

  receive(msgs: BattleMessage[]): void {
    for (const m of msgs) this.side.receive(m);
  }

  /** One display frame: read the stick (from what this side shows), run, and say what is new. */
  tick(): BattleMessage {
    const m = this.rb.machine;
    return this.side.tick(() => this.bot.step(m.eram, m.vdc.regs)).message;
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
): NetBattle {
  arena.begin(setup);
  const start = arena.machine.saveState();
  const a = new Peer(start, bios, cart, { ...options, local: 0 }, left);
  const b = new Peer(start, bios, cart, { ...options, local: 1 }, right);
  const rand = prng(seed);
  const ab = new Link(link, rand);
  const ba = new Link(link, rand);
  // B's display frames fall between A's.
  const offset = rand() * FRAME_MS;
  let end: number | null = null;
  let runMs = 0;
  for (let tick = 0; tick < maxFrames * 4; tick++) {
    const now = tick * FRAME_MS;
    const t0 = performance.now();
    a.receive(ba.deliver(now));
    ab.send(now, a.tick());
    b.receive(ab.deliver(now + offset));
    ba.send(now + offset, b.tick());
    runMs += performance.now() - t0;
    const ea = a.endFrame();
    const eb = b.endFrame();
    if (ea !== null && eb !== null) {
      end = Math.max(ea, eb);
      break;
    }
  }
  if (end === null) throw new Error(`the network battle did not end within ${maxFrames * 4} display frames`);
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
  };
}
