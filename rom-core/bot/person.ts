/**
 * A player modelled on a person at the keyboard, for measuring the levels against people (the
 * tournament's 'person'). It sees what the bots see (the mailbox's side views, only what is visible,
 * and the battlefield on screen; never the CPU's RAM) and wants what a bot with slow, careless traits
 * wants (PERSON_TRAITS, played by an inner BattleBot), but its hands are a person's:
 *
 * * **Reaction**: the eyes are PERSON_TRAITS.delay frames behind, and each decision (a new direction,
 *   the button) is carried out a further LAG_MIN..LAG_MIN + LAG_SPREAD - 1 frames later, drawn afresh
 *   per decision: 10-25 frames (about 250 ms) from seeing to the key going down (10-17 flying a
 *   plane, which is watched more closely, and LAG_MIN when it is about to fly into a tree or a
 *   mountain: a reflex). Its plane keeps PERSON_TRAITS.room frames of straight flight clear ahead
 *   of a new heading where it can (slow hands need room to turn away).
 * * **Steering**: a key stays held until the next decision is carried out, so every turn and every
 *   stop comes late (overshoot); now and then a key is let go a few frames early (a tap too short);
 *   what it lines up with is where the enemy was, not where it is.
 * * **Aim**: judges a shot good within PERSON_TRAITS.aimSlack pixels, does not lead a moving target,
 *   and fires late (the reaction lag), so a shot is often a little off.
 * * **Fire**: a burst of BURST_MIN..BURST_MIN + BURST_SPREAD - 1 taps of the button once it thinks
 *   it is lined up (a shot is refused while the last one flies, so the later taps are mostly spent);
 *   a submarine's missile is held and steered late by the reaction lag, and let go LAG_MIN..LAG_MIN +
 *   RELEASE_SPREAD - 1 frames late (timed as it closes in). A submarine's key is never let go (it
 *   would surface), only changed.
 *
 * Deterministic for a seed; `step` allocates nothing.
 */
import { MAILBOX } from '../roms/carts/mailbox.ts';
import { BattleBot } from './bot.ts';
import type { LevelTraits } from './bot.ts';
import { Prng } from './prng.ts';
import { CENTRE, DX, DY, FIRE_BIT, JET, STICK_BITS, SUB, turnSteps } from './mailbox-sides.ts';
import { jetCrashes, wrapX, wrapY } from './ballistics.ts';

/** What the person wants, judged as a slow and careless bot judges it (see LevelTraits). */
export const PERSON_TRAITS: Readonly<LevelTraits> = Object.freeze({
  delay: 8,
  aimSlack: 4,
  dodge: 0.3,
  rethink: 10,
  lead: false,
  fireChance: 1,
  room: 14,
});
/** Frames between deciding and the key going down: LAG_MIN + 0..LAG_SPREAD - 1, per decision. */
export const LAG_MIN = 2;
export const LAG_SPREAD = 16;
/** Chance a held direction is let go early, and how early (frames after it went down). */
const SHORT_TAP = 0.15;
const TAP_MIN = 3;
const TAP_SPREAD = 6;
/** Taps in a burst of fire, each TAP_FRAMES down then TAP_FRAMES up. */
const BURST_MIN = 2;
const BURST_SPREAD = 3;
const TAP_FRAMES = 3;
const RELEASE_SPREAD = 4;
const PHASE_BATTLE = 2;
/** Frames of a plane's flight ahead that the reflex watches. */
const REFLEX_FRAMES = 10;

export class PersonModel {
  /** The intentions: a bot with the person's eyes and judgement. */
  readonly mind: BattleBot;
  private readonly rng: Prng;
  private clock = 0;
  /** The direction key held now (CENTRE none), and a change decided but not yet carried out. */
  private held = CENTRE;
  private dirPending = false;
  private dirAt = 0;
  private releaseAt = -1;
  /** Fire: the button down now; taps left in a burst and the frame the burst (or the next tap) starts. */
  private button = false;
  private taps = 0;
  private tapAt = 0;
  /** A submarine's missile: the button held on purpose, and a change of that decided for later. */
  private holding = false;
  private holdPending = false;
  private holdAt = 0;

  constructor(
    readonly stick: 0 | 1,
    seed = 1,
  ) {
    this.mind = new BattleBot(stick, 'easy', seed, PERSON_TRAITS);
    this.rng = new Prng(seed * 2 + stick + 104_729);
  }

  step(eram: Uint8Array, vdcRegs: Uint8Array): number {
    if (eram[MAILBOX.phase] !== PHASE_BATTLE) {
      this.reset();
      return 0;
    }
    this.mind.step(eram, vdcRegs);
    this.steer();
    if (this.mind.me.weapon === SUB) this.holdButton();
    else this.fire();
    this.clock++;
    return STICK_BITS[this.held] | (this.button ? FIRE_BIT : 0);
  }

  /** A plane is watched closely (it flies into a tree in a second): half the spread. */
  private lag(): number {
    return LAG_MIN + this.rng.below(this.mind.me.weapon === JET ? LAG_SPREAD >> 1 : LAG_SPREAD);
  }

  /** The wished direction is taken up one decision at a time, each late by its own lag. */
  private steer(): void {
    // A submarine's key is kept held even when nothing is wished (the sonar holds the boat up anyway):
    // let go, the boat surfaces and can be hit.
    const wish = this.mind.dir === CENTRE && this.mind.me.weapon === SUB ? this.held : this.mind.dir;
    if (!this.dirPending && wish !== this.held) {
      this.dirPending = true;
      this.dirAt = this.clock + this.lag();
    }
    // A tree or mountain straight ahead of one's own plane is seen at once (the reflex, LAG_MIN).
    if (this.dirPending && this.mind.me.weapon === JET && this.dirAt > this.clock + LAG_MIN && this.crashAhead())
      this.dirAt = this.clock + LAG_MIN;
    if (this.dirPending && this.clock >= this.dirAt) {
      this.dirPending = false;
      this.held = wish;
      // A submarine surfaces when its key is let go: a player learns to keep it held.
      this.releaseAt =
        wish !== CENTRE && this.mind.me.weapon !== SUB && this.rng.next() < SHORT_TAP
          ? this.clock + TAP_MIN + this.rng.below(TAP_SPREAD)
          : -1;
    } else if (this.clock === this.releaseAt) {
      this.held = CENTRE;
    }
  }

  /** The plane, flying on where the held key takes it (one step turns it), comes down within REFLEX_FRAMES. */
  private crashAhead(): boolean {
    const { me, layout } = this.mind;
    const d = this.held !== CENTRE && turnSteps(me.heading, this.held) <= 1 ? this.held : me.heading;
    let x = me.x;
    let y = me.y;
    for (let t = 0; t < REFLEX_FRAMES; t++) {
      x = wrapX(x + DX[d] * 2);
      y = wrapY(y + DY[d] * 2);
      if (jetCrashes(layout, x, y)) return true;
    }
    return false;
  }

  /** A wished shot starts a burst of taps after the reaction lag (none while a burst runs). */
  private fire(): void {
    if (this.mind.press && this.taps === 0) {
      this.taps = BURST_MIN + this.rng.below(BURST_SPREAD);
      this.tapAt = this.clock + this.lag();
    }
    this.button = false;
    if (this.taps === 0 || this.clock < this.tapAt) return;
    const into = this.clock - this.tapAt;
    this.button = into < TAP_FRAMES;
    if (into === 2 * TAP_FRAMES - 1) {
      this.taps--;
      this.tapAt = this.clock + 1;
    }
  }

  /** A missile: the button goes down (fires), stays down (steers) and comes up (blows), each late. */
  private holdButton(): void {
    const wish = this.mind.press || this.mind.hold;
    if (!this.holdPending && wish !== this.holding) {
      this.holdPending = true;
      // Letting go is timed as the missile closes in (anticipated), so it comes sooner than a reaction.
      this.holdAt = this.clock + (wish ? this.lag() : LAG_MIN + this.rng.below(RELEASE_SPREAD));
    }
    if (this.holdPending && this.clock >= this.holdAt) {
      this.holdPending = false;
      this.holding = this.mind.press || this.mind.hold;
    }
    this.button = this.holding;
  }

  private reset(): void {
    this.clock = 0;
    this.held = CENTRE;
    this.dirPending = this.holdPending = this.button = this.holding = false;
    this.releaseAt = -1;
    this.taps = 0;
  }
}
