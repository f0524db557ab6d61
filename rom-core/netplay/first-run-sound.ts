/**
 * Sound under rollback (issue 21: "sound does not stutter when a rollback happens"). A rollback runs
 * frames again; playing their sound again would repeat it, and cutting what was queued would leave a
 * gap. So a frame's sound goes out once, the first time the frame runs, in frame order, and a frame
 * run again in a rollback is silent. The cost: a frame run first on a predicted stick plays the sound
 * of that prediction (`npm run bench -- netplay` counts how often that sound differs from the one the
 * confirmed frame makes).
 */
export class FirstRunSound {
  private next = 0;

  /** Frame `f` just ran: true when its sound is to go out now (the first time it runs). */
  take(f: number): boolean {
    if (f < this.next) return false;
    this.next = f + 1;
    return true;
  }
}
