/**
 * The tournament's yardstick: a "player" who holds random stick directions for random spells and
 * presses the button now and then, with no idea where the enemy is.
 */
import { MAILBOX } from '../roms/carts/mailbox.ts';
import { Prng } from './prng.ts';
import { FIRE_BIT, STICK_BITS } from './mailbox-sides.ts';

export class RandomStick {
  private readonly rng: Prng;
  private dir = 8;
  private left = 0;
  private down = false;

  constructor(
    readonly stick: 0 | 1,
    seed = 1,
  ) {
    this.rng = new Prng(seed * 2 + stick + 7919);
  }

  step(eram: Uint8Array): number {
    if (eram[MAILBOX.phase] !== 2) return 0;
    if (this.left-- <= 0) {
      this.dir = this.rng.below(9);
      this.left = 10 + this.rng.below(50);
    }
    this.down = !this.down && this.rng.next() < 0.08;
    return STICK_BITS[this.dir] | (this.down ? FIRE_BIT : 0);
  }
}
