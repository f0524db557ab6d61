/**
 * The battle bridge's console in the browser (board/ports/battle-console.ts): keys are typed by the
 * worker's key queue (held and released for whole frames, so every tap counts), and the mailbox is
 * read from the external RAM that comes with each frame the worker shows. Waits follow the frames the
 * worker sends; they end when `done` holds or the signal aborts (a paused machine waits with it).
 */
import { readMailbox } from '../../rom-core/roms/index.ts';
import type { CartMailbox } from '../../rom-core/roms/index.ts';
import type { BattleConsole } from '../../board/index.ts';
import type { MachineHost } from './machine-host.ts';

export class WorkerBattleConsole implements BattleConsole {
  constructor(private readonly host: MachineHost) {}

  async type(keys: readonly string[], signal?: AbortSignal): Promise<void> {
    const runtime = this.host.runtime;
    if (!runtime) throw new Error('the console is not running');
    signal?.throwIfAborted();
    const onAbort = (): void => void runtime.api.clearKeys();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const frame = await runtime.api.typeKeys([...keys]);
      // The typed keys' last frame reaches the page on the video port, apart from the API's answer:
      // the mailbox is read once that frame (or a later one) is here.
      if (this.host.frame < frame) await this.waitFrame((n) => n >= frame, signal);
      signal?.throwIfAborted();
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async read(): Promise<CartMailbox> {
    return readMailbox(this.host.eram);
  }

  waitFor(done: (m: CartMailbox, frame: number) => boolean, what: string, signal?: AbortSignal): Promise<CartMailbox> {
    return new Promise((resolve, reject) => {
      const stop = (): void => {
        off();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        stop();
        reject(new Error(`stopped waiting for ${what}: ${String(signal?.reason ?? 'aborted')}`));
      };
      const off = this.host.on({
        frame: (_pixels, eram, frame) => {
          const m = readMailbox(eram);
          if (!done(m, frame)) return;
          stop();
          resolve(m);
        },
      });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private waitFrame(ok: (frame: number) => boolean, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        off();
        reject(new Error('stopped waiting for the typed keys'));
      };
      const off = this.host.on({
        frame: (_p, _e, frame) => {
          if (!ok(frame)) return;
          off();
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
