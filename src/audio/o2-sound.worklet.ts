/**
 * The AudioWorklet that plays the console: PCM frames arrive on its port straight from the emulator
 * worker (the page hands this port over), and PcmQueue turns them into device blocks.
 */
import { PcmQueue } from './pcm-queue.ts';
import type { AudioMessage } from '../worker/protocol.ts';

// The worklet scope's globals, which TypeScript's DOM library does not describe.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, ctor: new () => AudioWorkletProcessor): void;

class O2SoundProcessor extends AudioWorkletProcessor {
  private readonly queue = new PcmQueue(sampleRate, 30, 250);
  private blocks = 0;

  constructor() {
    super();
    // The node's own port stays with the page (statistics); the page sends the worklet one end of a
    // channel whose other end it gives the emulator worker, so PCM never passes the main thread.
    this.port.onmessage = (
      event: MessageEvent<{ type: 'connect'; port: MessagePort } | { type: 'stats' } | { type: 'flush' }>,
    ) => {
      const m = event.data;
      if (m.type === 'connect') {
        m.port.onmessage = (e: MessageEvent<AudioMessage>) => {
          if (e.data.type === 'pcm') this.queue.push(e.data.samples);
          else if (e.data.type === 'flush') this.queue.flush();
          else if (e.data.type === 'rest') this.queue.rest();
        };
      } else if (m.type === 'flush') {
        this.queue.flush();
      } else if (m.type === 'stats') {
        this.port.postMessage({ type: 'stats', blocks: this.blocks, ...this.queue.stats() });
      }
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const out = outputs[0];
    if (out.length > 0) {
      this.queue.pull(out[0]);
      for (let c = 1; c < out.length; c++) out[c].set(out[0]);
    }
    this.blocks++;
    return true;
  }
}

registerProcessor('o2-sound', O2SoundProcessor);
