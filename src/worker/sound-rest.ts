/**
 * Whether the machine's sound is at rest. Most of an evening the machine makes no sound (SELECT GAME, a
 * readout waiting for a key), yet a frame of PCM went to the page's audio worklet 60 times a second and the
 * audio device ran on to play it: on a laptop the realtime audio threads cost more than the emulator
 * (issue 38). A frame whose samples all hold the level the sound already had is quiet; after REST_AFTER
 * quiet frames in a row the sound rests: the worker stops sending PCM and tells the page, which suspends its
 * audio context. The first frame with any other sample ends the rest and is sent, whole, as ever.
 *
 * No click: the worklet's DC blocker has long settled on the quiet level when the rest starts (what plays is
 * zero), and it goes on from that level when the sound comes back, as if the quiet frames had been sent.
 */

/** Quiet frames before the sound rests: half a second at 60 Hz, so a pause between notes does not. */
export const REST_AFTER = 30;

export class SoundRest {
  /** True while the sound rests (no PCM sent). */
  resting = false;
  /** The last sample of the last frame seen; NaN before the first. */
  private level = NaN;
  private quiet = 0;

  /**
   * Looks at one frame's samples: returns 'send' (send them), 'rest' (send them, then the rest begins:
   * tell the page), 'skip' (resting: send nothing) or 'wake' (the rest is over: tell the page, then send them).
   */
  frame(samples: Float32Array): 'send' | 'rest' | 'skip' | 'wake' {
    let same = samples.length > 0 && samples[0] === this.level;
    for (let i = 1; same && i < samples.length; i++) same = samples[i] === this.level;
    if (samples.length > 0) this.level = samples[samples.length - 1];
    if (!same) {
      this.quiet = 0;
      if (!this.resting) return 'send';
      this.resting = false;
      return 'wake';
    }
    if (this.resting) return 'skip';
    if (++this.quiet < REST_AFTER) return 'send';
    this.resting = true;
    return 'rest';
  }

  /** The page's audio starts afresh (a new feed): the sound is not resting, and the next frame is sent. */
  reset(): void {
    this.resting = false;
    this.level = NaN;
    this.quiet = 0;
  }
}
