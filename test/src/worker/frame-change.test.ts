import { describe, expect, it } from 'vitest';
import { FrameChange } from '../../../src/worker/frame-change.ts';
import { WorkerHost } from '../../../src/worker/worker-host.ts';
import type { VideoMessage } from '../../../src/worker/protocol.ts';

describe('FrameChange', () => {
  it('calls the first picture a change, the same picture again none, and any differing byte a change', () => {
    const f = new FrameChange();
    const a = new Uint8Array(360 * 243).fill(3);
    expect(f.changed(a)).toBe(true);
    expect(f.changed(a)).toBe(false);
    // The same pixels in another buffer are the same picture.
    expect(f.changed(a.slice())).toBe(false);
    for (const at of [0, 1, 2, 3, 4000, a.length - 1]) {
      a[at] = 9;
      expect(f.changed(a)).toBe(true);
      expect(f.changed(a)).toBe(false);
      a[at] = 3;
      expect(f.changed(a)).toBe(true);
    }
  });

  it('compares byte by byte where words cannot be used (an odd length, an offset view) and after a forget', () => {
    const f = new FrameChange();
    const odd = new Uint8Array(101).fill(1);
    expect(f.changed(odd)).toBe(true);
    expect(f.changed(odd)).toBe(false);
    odd[100] = 2;
    expect(f.changed(odd)).toBe(true);
    const base = new Uint8Array(104).fill(5);
    const view = base.subarray(1, 101);
    expect(f.changed(view)).toBe(true); // another size
    expect(f.changed(view)).toBe(false);
    base[50] = 6;
    expect(f.changed(view)).toBe(true);
    f.forget();
    expect(f.changed(view)).toBe(true);
  });
});

/** A worker host in this process, paused, its frame messages collected as they arrive on the video port. */
async function pausedHost(builtinCart: string) {
  const host = new WorkerHost();
  const channel = new MessageChannel();
  const frames: Extract<VideoMessage, { type: 'frame' }>[] = [];
  channel.port1.onmessage = (e: MessageEvent<VideoMessage>) => {
    if (e.data.type === 'frame') frames.push(e.data);
  };
  await host.api.boot({ images: { builtinCart }, videoPort: channel.port2, sampleRate: 48_000, paused: true });
  /** Runs `n` frames one by one (each is posted) and waits until the last has arrived. */
  const step = async (n: number): Promise<number> => {
    let last = 0;
    for (let i = 0; i < n; i++) last = await host.api.stepFrames(1);
    while (frames.at(-1)?.frame !== last) await new Promise((r) => setTimeout(r, 0));
    return last;
  };
  return { host, frames, step, close: () => channel.port1.close() };
}

describe('WorkerHost: unchanged pictures are not sent', () => {
  it('a picture that moves every frame (the console test cartridge) goes to the page with every frame', async () => {
    const w = await pausedHost('console-test');
    await w.step(40);
    const sent = w.frames.slice(-30);
    expect(sent.every((m) => m.pixels !== null)).toBe(true);
    expect(sent.at(-1)!.pixels).toEqual((await w.host.api.frame()).pixels);
    w.close();
  });

  it('the battle cartridge at rest on SELECT GAME: its frames carry the mailbox but no picture, and the first after boot does', async () => {
    const w = await pausedHost('battle');
    expect(w.frames[0]?.pixels).not.toBeNull();
    await w.step(240);
    const still = w.frames.slice(-60);
    expect(still.map((m) => m.pixels)).toEqual(still.map(() => null));
    expect(still.every((m) => m.eram.length === 128)).toBe(true);
    // The page's last picture is still the machine's.
    const lastSent = w.frames.filter((m) => m.pixels !== null).at(-1)!;
    expect(lastSent.pixels).toEqual((await w.host.api.frame()).pixels);
    w.close();
  });
});
