/**
 * The worker's sound going out to the page's audio worklet: each frame's PCM unless the sound rests
 * (sound-rest.ts), and the flush that cuts what is queued (a speed change, a rewind, a resume).
 */
import type { AudioMessage } from './protocol.ts';
import { SoundRest } from './sound-rest.ts';

export class SoundOut {
  private port: MessagePort | undefined;
  /** Whether the sound rests (no PCM sent, the page's audio suspended) while the machine is silent. */
  private readonly sound = new SoundRest();

  /** `tell`: the page hears that the rest begins or ends (on the video port). */
  constructor(private readonly tell: (resting: boolean) => void) {}

  /** A new boot's audio port (none when the page has no sound); the rest starts afresh. */
  connect(port: MessagePort | undefined): void {
    this.port = port;
    this.sound.reset();
  }

  flush(): void {
    this.port?.postMessage({ type: 'flush' } satisfies AudioMessage);
  }

  /**
   * One frame's sound (the machine's buffer, copied) to the worklet, unless the sound rests.
   * The page hears when the rest begins (after the frame that began it) and ends (before the frame that ended it).
   */
  send(machineSamples: Float32Array): void {
    const port = this.port;
    if (!port) return;
    const what = this.sound.frame(machineSamples);
    if (what === 'skip') return;
    if (what === 'wake') this.tell(false);
    const samples = machineSamples.slice();
    port.postMessage({ type: 'pcm', samples } satisfies AudioMessage, [samples.buffer]);
    if (what === 'rest') {
      port.postMessage({ type: 'rest' } satisfies AudioMessage);
      this.tell(true);
    }
  }
}
