/**
 * The machine's inputs as a session merges them (moved out of session.ts): the page's held snapshot
 * (keys, sticks, RESET), the key queue's taps and presses, and the battle bots holding a hand
 * control; and the sticks a network battle reads from this page.
 */
import { KeyQueue, RESET_KEY, keyCodeOf } from '../../rom-core/machine/index.ts';
import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import { BattleBot } from '../../rom-core/bot/index.ts';
import type { BotLevel } from '../../rom-core/bot/index.ts';
import { SNAPSHOT_JOY, SNAPSHOT_LENGTH, SNAPSHOT_RESET } from './protocol.ts';
import { QueuedKeys } from './queued-keys.ts';

const RESET_CODE = keyCodeOf(RESET_KEY);

export class SessionInput {
  /**
   * Keys typed by the companion (taps) and pressed by a player (live presses), applied at frame
   * boundaries so a tap shorter than a frame still reaches the program.
   */
  readonly keyQueue = new KeyQueue();
  private readonly queued = new QueuedKeys();
  private readonly held = new Uint8Array(SNAPSHOT_LENGTH);
  /** Battle bots holding a hand control (left J0, right J1), and the sticks they chose for this frame. */
  private readonly bots: (BattleBot | null)[] = [null, null];
  private readonly botBits = new Uint8Array(2);
  /** The keyboard rows of the merge (kept: the merge runs each frame and allocates nothing). */
  private readonly rows = new Uint8Array(8);
  /** RESET as last merged (a rewind sets it to what the frame gone back to held). */
  resetHeld = false;

  /** `netplay`: a network battle runs, whose keys and sticks are the rollback's alone. */
  constructor(
    private readonly machine: Odyssey2,
    private readonly netplay: () => boolean,
  ) {}

  /**
   * A battle bot takes a hand control (0 left/red, 1 right/blue) at a level, or gives it back (null);
   * the player's stick on that side is ignored while it plays.
   */
  setBot(stick: 0 | 1, level: BotLevel | null, seed: number): void {
    this.bots[stick] = level === null ? null : new BattleBot(stick, level, seed);
    this.botBits[stick] = 0;
    this.merge();
  }

  /** Which level holds each hand control (null: a player). */
  botLevels(): [BotLevel | null, BotLevel | null] {
    return [this.bots[0]?.level ?? null, this.bots[1]?.level ?? null];
  }

  /** A frame begins: the key queue steps, the bots choose, the inputs are merged. */
  beforeFrame(): void {
    this.keyQueue.beforeFrame(this.queued);
    const m = this.machine;
    for (let s = 0; s < 2; s++) {
      const bot = this.bots[s];
      if (bot) this.botBits[s] = bot.step(m.eram, m.vdc.regs);
    }
    this.merge();
  }

  /** Sets the held keys and sticks to exactly this snapshot (plus whatever the key queue holds down). */
  apply(snapshot: Uint8Array): void {
    if (snapshot.length !== SNAPSHOT_LENGTH)
      throw new RangeError(`an input snapshot is ${SNAPSHOT_LENGTH} bytes; got ${snapshot.length}`);
    this.held.set(snapshot);
    this.merge();
  }

  /**
   * The one place the machine's inputs are merged, once a frame (and when a source changes), in this
   * order: each key of the matrix is down if the page holds it (keyboard, touch panel: the held
   * snapshot) or the key queue holds it (the companion's typed taps, a player's live presses); a
   * stick is a battle bot's alone while a bot holds it, else the page's (keys, pads, touch) or the
   * queue's; RESET is down if either holds it.
   */
  private merge(): void {
    if (this.netplay()) return;
    const m = this.machine;
    const q = this.queued;
    const held = this.held;
    const rows = this.rows;
    for (let i = 0; i < 8; i++) rows[i] = held[i] | q.keys[i];
    m.setInputs(
      this.bots[0] ? this.botBits[0] : held[SNAPSHOT_JOY] | q.joy[0],
      this.bots[1] ? this.botBits[1] : held[SNAPSHOT_JOY + 1] | q.joy[1],
      rows,
    );
    const reset = held[SNAPSHOT_RESET] !== 0 || q.reset;
    if (reset !== this.resetHeld) {
      this.resetHeld = reset;
      m.setKeyCode(RESET_CODE, reset);
    }
  }

  /**
   * The stick a player steers this side with in a network battle (rom-core/netplay/fought-battle.ts): the battle
   * bot's when one holds the side, else either control's keys, pad or touch (one player per browser,
   * so whichever keys they use steer their side). Read once per frame.
   */
  netStick(side: 0 | 1, held: Uint8Array): number {
    // The key queue steps once a read as it does once a frame, so a touch stick's tap (queued) counts too.
    this.keyQueue.beforeFrame(this.queued);
    const bot = this.bots[side];
    const stick = bot
      ? bot.step(this.machine.eram, this.machine.vdc.regs)
      : held[SNAPSHOT_JOY] | held[SNAPSHOT_JOY + 1] | this.queued.joy[0] | this.queued.joy[1];
    this.keyQueue.afterFrame();
    return stick;
  }

  /**
   * Both sticks of a battle this page fights alone for a remote table (one guest holds both seats):
   * each control's own keys, pad or touch, or the battle bot holding it, as merge takes them;
   * left | right << 5. Read once per frame.
   */
  soloSticks(held: Uint8Array): number {
    this.keyQueue.beforeFrame(this.queued);
    const stick = (side: 0 | 1): number => {
      const bot = this.bots[side];
      const bits = bot
        ? bot.step(this.machine.eram, this.machine.vdc.regs)
        : held[SNAPSHOT_JOY + side] | this.queued.joy[side];
      return bits & 0x1f;
    };
    const pair = stick(0) | (stick(1) << 5);
    this.keyQueue.afterFrame();
    return pair;
  }

  /** Drops every typed tap not finished and releases the keys the queue holds (cancellation). */
  clearKeys(): void {
    this.keyQueue.clear(this.queued);
    this.merge();
  }
}
