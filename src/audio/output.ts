/**
 * The console's sound output: an AudioWorkletNode on howler's AudioContext, wired into howler's master
 * gain so one volume and one mute govern the emulator and the app's own interface sounds alike.
 * Howler's defaults fight an always-on node: autoSuspend would suspend the context after 30 s without
 * a Howl, and autoUnlock may close and recreate it; both are off and this module unlocks on the first
 * user gesture instead.
 */
import { Howler } from 'howler';
import workletUrl from './o2-sound.worklet.ts?worker&url';
import type { PcmQueueStats } from './pcm-queue.ts';
import { readStored, setAsideStored } from '../platform/stored.ts';

const VOLUME_KEY = 'o2conquest.console.volume';
const MUTE_KEY = 'o2conquest.console.muted';

export interface AudioStats extends PcmQueueStats {
  blocks: number;
}

/** The worklet's script, which resource timing does not list (for the offline cache). */
export const WORKLET_URL: string = workletUrl;

export class ConsoleAudio {
  private constructor(
    readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
  ) {}

  /** Builds the node; returns a reason instead when this browser or page cannot play it. */
  static async create(): Promise<ConsoleAudio | { error: string }> {
    Howler.autoSuspend = false;
    Howler.autoUnlock = false;
    applySavedLevels(); // creates Howler.ctx
    const context = Howler.ctx as AudioContext | undefined;
    if (!context || !Howler.masterGain)
      return { error: 'this browser has no Web Audio; the console runs without sound' };
    if (!context.audioWorklet) {
      return {
        error:
          'sound needs an AudioWorklet, which browsers offer only on https:// or localhost pages; the console runs without sound',
      };
    }
    try {
      await context.audioWorklet.addModule(workletUrl);
    } catch (e) {
      return {
        error: `the sound processor did not load (${e instanceof Error ? e.message : String(e)}); the console runs without sound`,
      };
    }
    const node = new AudioWorkletNode(context, 'o2-sound', {
      numberOfInputs: 0,
      numberOfOutputs: 1,
      outputChannelCount: [1],
    });
    node.connect(Howler.masterGain);
    return new ConsoleAudio(context, node);
  }

  get sampleRate(): number {
    return this.context.sampleRate;
  }

  get running(): boolean {
    return this.context.state === 'running';
  }

  /** A new channel to the worklet; the returned port is for the emulator worker. */
  connectFeed(): MessagePort {
    const channel = new MessageChannel();
    this.node.port.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
    return channel.port2;
  }

  /** Resumes the context; call from a user gesture (browsers refuse before one). */
  async unlock(): Promise<boolean> {
    if (this.context.state !== 'running') {
      try {
        await this.context.resume();
      } catch {
        return false;
      }
      // While the context was suspended the worker kept sending sound and the queue filled to its
      // cap (a quarter second); the ±1 % rate trim would take many seconds to drain that delay.
      if (this.running) this.node.port.postMessage({ type: 'flush' });
    }
    return this.running;
  }

  stats(): Promise<AudioStats> {
    return new Promise((resolve) => {
      const listener = (event: MessageEvent<AudioStats & { type: string }>): void => {
        if (event.data.type !== 'stats') return;
        this.node.port.removeEventListener('message', listener);
        resolve(event.data);
      };
      this.node.port.addEventListener('message', listener);
      this.node.port.start();
      this.node.port.postMessage({ type: 'stats' });
    });
  }

  dispose(): void {
    this.node.disconnect();
  }
}

/** Sets howler's master volume and mute from the saved settings (the console's slider and box). */
export function applySavedLevels(): void {
  const text = readStored(VOLUME_KEY);
  const saved = Number(text ?? '0.8');
  if (text !== null && (text.trim() === '' || !Number.isFinite(saved)))
    setAsideStored(VOLUME_KEY, text, 'is not a volume');
  Howler.volume(Number.isFinite(saved) && text?.trim() !== '' ? Math.min(1, Math.max(0, saved)) : 0.8);
  Howler.mute(readStored(MUTE_KEY) === '1');
}

export function volume(): number {
  return Howler.volume();
}

export function setVolume(v: number): void {
  Howler.volume(v);
  localStorage.setItem(VOLUME_KEY, String(v));
}

export function muted(): boolean {
  return readStored(MUTE_KEY) === '1';
}

export function setMuted(m: boolean): void {
  Howler.mute(m);
  localStorage.setItem(MUTE_KEY, m ? '1' : '0');
}
