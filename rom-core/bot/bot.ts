/**
 * The battle opponent: holds one hand control of our battle cartridge and plays any weapon on any
 * battlefield, from what a player sees (the mailbox's positions, headings, projectiles and visibility,
 * and the battlefield on screen), with a reaction delay. Platform-free: the worker and Node drive the
 * same code, one call a frame (`step`), which returns the joystick bits for the next frame and
 * allocates nothing. Deterministic for a seed.
 *
 * Levels differ in how late they see (reaction delay), how carefully they aim, how often they think
 * again, and whether they dodge; the tactics per weapon are in tank.ts, sub.ts and jet.ts.
 */
import { MAILBOX } from '../roms/carts/mailbox.ts';
import { identifyLayout } from './battlefields.ts';
import { Prng } from './prng.ts';
import { CENTRE, FIRE_BIT, JET, STICK_BITS, SUB, MailboxSide, TANK, recordOf } from './mailbox-sides.ts';
import { tankTurn } from './tank.ts';
import { subTurn } from './sub.ts';
import { jetTurn } from './jet.ts';
import type { LevelTraits, Pilot } from './pilot.ts';

export type { LevelTraits } from './pilot.ts';

export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const LEVEL_TRAITS: Readonly<Record<BotLevel, LevelTraits>> = Object.freeze({
  easy: { delay: 40, aimSlack: 14, dodge: 0, rethink: 40, lead: false, fireChance: 0.01, room: 0 },
  medium: { delay: 22, aimSlack: 7, dodge: 0.15, rethink: 16, lead: false, fireChance: 0.05, room: 0 },
  hard: { delay: 3, aimSlack: 0, dodge: 1, rethink: 2, lead: true, fireChance: 1, room: 0 },
});

const PHASE_BATTLE = 2;
/** Frames of the enemy remembered: more than the slowest level's reaction delay. */
const MEMORY = 64;
/**
 * Frames a tank or submarine may stay within STALL_BOX pixels of one spot (its missile not flying)
 * before it drives off somewhere at random: a tactic that dithers on a spot (turn, step, turn back)
 * against a target it cannot hit from there never ends a battle otherwise.
 */
const STALL_FRAMES = 180;
const STALL_BOX = 6;
/** Frames without a shot before impatience sets in, and then the frames that add the trigger chance once more. */
const PATIENCE = 600;
const IMPATIENCE = 60;

export class BattleBot implements Pilot {
  readonly traits: LevelTraits;
  readonly rng: Prng;
  /** The weapon this bot steers, as the cartridge shows it now. */
  readonly me = new MailboxSide();
  /** The enemy as the bot perceives it: `traits.delay` frames old. */
  readonly enemy = new MailboxSide();
  /** Where the enemy was last seen (visible), and its motion then. */
  lastSeenX = -1;
  lastSeenY = -1;
  seenDx = 0;
  seenDy = 0;
  layout = -1;
  /** Frames since this battle started (the bot's own clock). */
  clock = 0;
  /** This shot's careless reach (0..traits.aimSlack), drawn afresh after every press. */
  slack = 0;
  /** The output being built this frame: a direction (8 = centre), a press of the button (a new shot), or the button held. */
  dir = CENTRE;
  press = false;
  hold = false;
  /** Scratch memory the tactics keep between frames (route target, patrol goal, counters). */
  goalCol = -1;
  goalRow = -1;
  planAt = -1;
  stillFrames = 0;
  escapeFrames = 0;
  escapeDir = CENTRE;
  /** A submarine's missile course, a jet's wanted heading: kept between rethinks. */
  course = CENTRE;
  /** The route plan: each cell's distance to the goal cells (-1 unreachable), and its work queue. */
  readonly dist = new Int16Array(80);
  readonly queue = new Int16Array(80);
  /** A missile's way to the enemy: each cell's distance to the enemy's cell past trees and mountains (-1 none). */
  readonly missileDist = new Int16Array(80);
  private lastX = -1;
  private lastY = -1;
  private anchorX = -1;
  private anchorY = -1;
  private anchorAt = 0;
  private buttonWasDown = false;
  private lastShotAt = 0;
  private readonly history: MailboxSide[] = Array.from({ length: MEMORY }, () => new MailboxSide());
  private readonly now = new MailboxSide();
  private readonly myBase: number;
  private readonly enemyBase: number;

  /** `traits` other than the level's: the person model (person.ts) plays with its own. */
  constructor(
    readonly stick: 0 | 1,
    readonly level: BotLevel,
    seed = 1,
    traits: LevelTraits = LEVEL_TRAITS[level],
  ) {
    this.traits = traits;
    this.rng = new Prng(seed * 2 + stick);
    this.slack = this.traits.aimSlack;
    this.myBase = recordOf(stick);
    this.enemyBase = recordOf(stick === 0 ? 1 : 0);
  }

  /**
   * The joystick bits for the next frame (UP 1, RIGHT 2, DOWN 4, LEFT 8, FIRE 16) from the external RAM
   * and the VDC registers the last frame left. Outside a battle the stick is left alone (0).
   */
  step(eram: Uint8Array, vdcRegs: Uint8Array): number {
    if (eram[MAILBOX.phase] !== PHASE_BATTLE) {
      this.clock = 0;
      this.layout = -1;
      this.buttonWasDown = false;
      return 0;
    }
    if (this.clock === 0) this.startBattle(vdcRegs);
    this.me.read(eram, this.myBase);
    this.now.read(eram, this.enemyBase);
    this.history[this.clock % MEMORY].copy(this.now);
    const seen = this.history[Math.max(0, this.clock - this.traits.delay) % MEMORY];
    this.enemy.copy(seen);
    if (this.enemy.visible) {
      if (this.lastSeenX >= 0 && this.clock >= this.traits.delay + 1) {
        const before = this.history[Math.max(0, this.clock - this.traits.delay - 1) % MEMORY];
        this.seenDx = this.enemy.x - before.x;
        this.seenDy = this.enemy.y - before.y;
        if (Math.abs(this.seenDx) > 3 || Math.abs(this.seenDy) > 3) this.seenDx = this.seenDy = 0; // a wrap
      }
      this.lastSeenX = this.enemy.x;
      this.lastSeenY = this.enemy.y;
    }
    this.trackStill();
    this.trackStall();
    this.dir = CENTRE;
    this.press = false;
    this.hold = false;
    if (this.layout >= 0 && (this.me.state & 0x80) === 0) {
      if (this.me.weapon === TANK) tankTurn(this);
      else if (this.me.weapon === SUB) subTurn(this);
      else if (this.me.weapon === JET) jetTurn(this);
    }
    this.clock++;
    return this.output();
  }

  /** A shot needs the button up for a frame before it goes down again; a held button stays down. */
  private output(): number {
    let bits = STICK_BITS[this.dir];
    if (this.hold || (this.press && !this.buttonWasDown)) bits |= FIRE_BIT;
    if (this.press && !this.buttonWasDown) {
      this.lastShotAt = this.clock;
      if (this.traits.aimSlack > 0) this.slack = this.rng.below(this.traits.aimSlack + 1);
    }
    this.buttonWasDown = (bits & FIRE_BIT) !== 0;
    return bits;
  }

  private startBattle(vdcRegs: Uint8Array): void {
    this.layout = identifyLayout(vdcRegs);
    this.lastSeenX = this.lastSeenY = -1;
    this.seenDx = this.seenDy = 0;
    this.goalCol = this.goalRow = -1;
    this.planAt = -1;
    this.stillFrames = this.escapeFrames = 0;
    this.course = CENTRE;
    this.lastX = this.lastY = -1;
    this.anchorX = this.anchorY = -1;
    this.anchorAt = 0;
    this.lastShotAt = 0;
  }

  private trackStill(): void {
    if (this.me.x === this.lastX && this.me.y === this.lastY) this.stillFrames++;
    else this.stillFrames = 0;
    this.lastX = this.me.x;
    this.lastY = this.me.y;
  }

  /** Sets off an escape when the weapon has dithered round one spot for STALL_FRAMES (see there). */
  private trackStall(): void {
    const { me } = this;
    const waiting = me.weapon === JET || (me.weapon === SUB && (me.projectileFlying || me.timer > 0));
    if (waiting || Math.abs(me.x - this.anchorX) > STALL_BOX || Math.abs(me.y - this.anchorY) > STALL_BOX) {
      this.anchorX = me.x;
      this.anchorY = me.y;
      this.anchorAt = this.clock;
      return;
    }
    if (this.clock - this.anchorAt < STALL_FRAMES || this.escapeFrames > 0) return;
    this.escapeFrames = 24 + this.rng.below(24);
    this.escapeDir = this.rng.below(8);
    this.anchorAt = this.clock;
  }

  /**
   * Whether the bot pulls the trigger this frame on a shot it judges good (see LevelTraits.fireChance);
   * `boost` scales the chance where a shot is open only a few frames at a time (a plane's pass), and
   * after PATIENCE frames without a shot the chance grows (impatience: no target is spared for ever).
   */
  takesShot(boost = 1): boolean {
    const waited = this.clock - this.lastShotAt;
    const chance = this.traits.fireChance * boost * (waited > PATIENCE ? 1 + (waited - PATIENCE) / IMPATIENCE : 1);
    return chance >= 1 || this.rng.next() < chance;
  }

  /** No shot for PATIENCE frames: the bot hurries (re-plans every frame, pulls the trigger sooner). */
  get impatient(): boolean {
    return this.clock - this.lastShotAt > PATIENCE;
  }

  /** Where to aim: the enemy as perceived, led by its motion when the level leads targets. */
  targetX(frames: number): number {
    return this.enemy.x + (this.traits.lead ? this.seenDx * frames : 0);
  }

  targetY(frames: number): number {
    return this.enemy.y + (this.traits.lead ? this.seenDy * frames : 0);
  }
}
