/**
 * Whether a frame's picture differs from the last one sent to the page. Most of an evening the machine shows a
 * still screen (SELECT GAME, a readout waiting for a key, the board between battles) while it runs at 60 Hz for
 * its timing and sound; a picture the page already has need not be copied, sent, uploaded or drawn again. The
 * worker compares here, next to the machine, so the page never compares 87 KB a frame: the message says
 * "unchanged" and carries no pixels. The comparison is exact (no hash that could call two pictures equal).
 */
export class FrameChange {
  /** The last picture sent, or none yet (the first frame is always a change), and its words. */
  private last: Uint8Array | undefined;
  private lastWords: Uint32Array | undefined;
  /** The word view of the picture compared last time: the machine draws into one buffer, so it is reused. */
  private seen: Uint8Array | undefined;
  private seenWords: Uint32Array | undefined;

  /**
   * True when `pixels` differs from the last picture passed here (and remembers it); false when it is the
   * same. Allocates only when the picture's size or buffer changes (a new machine), never per frame.
   */
  changed(pixels: Uint8Array): boolean {
    if (!this.last || this.last.length !== pixels.length) {
      this.last = pixels.slice();
      this.lastWords =
        this.last.length % 4 === 0 ? new Uint32Array(this.last.buffer, 0, this.last.length >> 2) : undefined;
      return true;
    }
    if (!this.same(pixels)) {
      this.last.set(pixels);
      return true;
    }
    return false;
  }

  /** The page has lost the picture (a new runtime, a reset of the view): the next frame is a change. */
  forget(): void {
    this.last = undefined;
    this.lastWords = undefined;
  }

  private same(pixels: Uint8Array): boolean {
    const words = this.lastWords && this.wordsOf(pixels);
    if (this.lastWords && words) {
      // Word by word: a quarter of the steps of a byte loop (87 KB a frame at 60 Hz).
      const a = this.lastWords;
      for (let i = 0; i < words.length; i++) if (a[i] !== words[i]) return false;
      return true;
    }
    const last = this.last!;
    for (let i = 0; i < pixels.length; i++) if (last[i] !== pixels[i]) return false;
    return true;
  }

  private wordsOf(pixels: Uint8Array): Uint32Array | undefined {
    if (pixels === this.seen) return this.seenWords;
    this.seen = pixels;
    this.seenWords =
      pixels.byteOffset % 4 === 0 && pixels.length % 4 === 0
        ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2)
        : undefined;
    return this.seenWords;
  }
}
