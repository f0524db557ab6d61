/**
 * Variation 1, against the clock: the time left, in one text node updated every second without drawing the
 * board again, and the panel that ends the game when time is up.
 */
import { button, h } from '../platform/h.ts';
import { formatClock } from './labels.ts';

export class GameClock {
  readonly text = document.createTextNode('');
  private readonly timer: ReturnType<typeof setInterval>;

  /** `left()`: milliseconds left, or null before the game (and its clock) starts. */
  constructor(private readonly left: () => number | null) {
    this.timer = setInterval(() => this.tick(), 1000);
  }

  tick(): void {
    const left = this.left();
    this.text.data =
      left === null ? 'The clock starts with the game.' : left > 0 ? `${formatClock(left)} left` : 'Time is up!';
  }

  panel(minutes: number, expired: () => void): HTMLElement {
    return h(
      'section',
      { class: 'bv-panel bv-clock', 'aria-labelledby': 'bv-clock-title' },
      h('h2', { id: 'bv-clock-title' }, `Against the clock: ${minutes} minutes (Variation 1)`),
      h('p', { class: 'bv-big' }, this.text),
      h('p', { class: 'bv-hint' }, 'When the agreed time is up, the player farthest along the Power Base Record wins.'),
      button('Time is up: end the game', 'clock-expired', expired),
    );
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
