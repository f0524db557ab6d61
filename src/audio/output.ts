/**
 * The console's sound output: an AudioWorkletNode on howler's AudioContext, wired into howler's master
 * gain so one volume and one mute govern the emulator and the app's own interface sounds alike.
 * Howler's defaults fight an always-on node: autoSuspend would suspend the context after 30 s without
 * a Howl, and autoUnlock may close and recreate it; both are off and this module unlocks on the first
 * user gesture instead.
 *
 * While the machine is silent the worker sends no sound (src/worker/sound-rest.ts) and this module suspends
 * the context, so the audio device's realtime threads stop too (issue 38); the first sound resumes it. The
 * app's interface sounds keep it awake while they play.
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

/** How long an interface sound keeps a resting context awake (the longest is well under a second). */
const UI_SOUND_MS = 1000;

/** The page's console sound, for the interface sounds to wake (one machine a page). */
let current: ConsoleAudio | undefined;

export class ConsoleAudio {
  /** The machine's sound rests (the worker said so): the context may sleep. */
  private resting = false;
  /** This module suspended the context (not the browser before a gesture): it counts as running. */
  private asleep = false;
  /** performance.now() until which an interface sound needs the context awake. */
  private awakeUntil = 0;
  private awakeTimer: ReturnType<typeof setTimeout> | undefined;

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
    current = new ConsoleAudio(context, node);
    return current;
  }

  get sampleRate(): number {
    return this.context.sampleRate;
  }

  /** Sound can play: the context runs, or sleeps only because the machine is silent. */
  get running(): boolean {
    return this.context.state === 'running' || (this.asleep && this.context.state === 'suspended');
  }

  /** The machine's sound rests (true) or sounds again (false): the context is suspended or resumed. */
  rest(resting: boolean): void {
    this.resting = resting;
    this.settle();
  }

  /** An interface sound is about to play: the context stays awake for it. */
  keepAwake(ms = UI_SOUND_MS): void {
    this.awakeUntil = Math.max(this.awakeUntil, performance.now() + ms);
    this.settle();
    if (this.awakeTimer !== undefined) clearTimeout(this.awakeTimer);
    this.awakeTimer = setTimeout(() => {
      this.awakeTimer = undefined;
      this.settle();
    }, ms + 10);
  }

  /**
   * Suspends or resumes the context as the machine's sound and the interface sounds need it. Only a context
   * already unlocked by a gesture is touched: before one, the browser keeps it suspended and the screen's
   * prompt asks for the click.
   */
  private settle(): void {
    const state = this.context.state;
    const wanted = !this.resting || performance.now() < this.awakeUntil;
    if (wanted && this.asleep) {
      this.asleep = false;
      if (state === 'suspended') void this.context.resume().catch(() => undefined);
    } else if (!wanted && !this.asleep && state === 'running') {
      this.asleep = true;
      void this.context.suspend().catch(() => undefined);
    }
  }

  /** A new channel to the worklet; the returned port is for the emulator worker. */
  connectFeed(): MessagePort {
    // A new worker sends sound from its first frame: the context wakes for it.
    this.rest(false);
    const channel = new MessageChannel();
    this.node.port.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
    return channel.port2;
  }

  /** Resumes the context; call from a user gesture (browsers refuse before one). */
  async unlock(): Promise<boolean> {
    if (this.context.state !== 'running' && !this.asleep) {
      try {
        await this.context.resume();
      } catch {
        return false;
      }
      // While the context was suspended the worker kept sending sound and the queue filled to its
      // cap (a quarter second); the ±1 % rate trim would take many seconds to drain that delay.
      if (this.running) this.node.port.postMessage({ type: 'flush' });
      // The machine may have gone silent before the gesture: the context sleeps again at once.
      this.settle();
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
    if (current === this) current = undefined;
  }
}

/** Keeps the console's context awake for an interface sound (it may sleep while the machine is silent). */
export function keepAudioAwake(): void {
  current?.keepAwake();
}

/** The saved master volume (0.8 when none or unreadable). */
function savedVolume(): number {
  const text = readStored(VOLUME_KEY);
  const saved = Number(text ?? '0.8');
  if (text !== null && (text.trim() === '' || !Number.isFinite(saved)))
    setAsideStored(VOLUME_KEY, text, 'is not a volume');
  return Number.isFinite(saved) && text?.trim() !== '' ? Math.min(1, Math.max(0, saved)) : 0.8;
}

/** Sets howler's master volume and mute from the saved settings (the console's slider and box). */
export function applySavedLevels(): void {
  Howler.volume(savedVolume());
  Howler.mute(readStored(MUTE_KEY) === '1');
}

/**
 * The master volume. Before the sound output is made it is the saved one: asking howler would make its
 * AudioContext, which the console makes only after its first picture (machine-host.ts openSound, issue 38).
 */
export function volume(): number {
  return Howler.ctx ? Howler.volume() : savedVolume();
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
