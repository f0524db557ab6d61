import { describe, expect, it } from 'vitest';
import { FramePost, HEARTBEAT } from '../../../src/worker/frame-post.ts';
import { WorkerHost } from '../../../src/worker/worker-host.ts';
import type { VideoMessage } from '../../../src/worker/protocol.ts';

describe('FramePost', () => {
  it('posts the first frame, a changed picture or mailbox, an owed frame, and a still one every HEARTBEAT frames', () => {
    const post = new FramePost();
    const pixels = new Uint8Array(360 * 243).fill(3);
    const eram = new Uint8Array(128);
    expect(post.decide(pixels, eram, false)).toBe('picture');
    const still: string[] = [];
    for (let i = 0; i < HEARTBEAT * 2; i++) still.push(post.decide(pixels, eram, false));
    // Nothing new: one frame in HEARTBEAT goes, without its picture.
    expect(still.filter((p) => p !== 'none')).toEqual(['unchanged', 'unchanged']);
    expect(still[HEARTBEAT - 1]).toBe('unchanged');
    eram[5] = 1;
    expect(post.decide(pixels, eram, false)).toBe('unchanged');
    expect(post.decide(pixels, eram, false)).toBe('none');
    pixels[100] = 7;
    expect(post.decide(pixels, eram, false)).toBe('picture');
    expect(post.decide(pixels, eram, false)).toBe('none');
    post.owe();
    expect(post.decide(pixels, eram, false)).toBe('unchanged');
    expect(post.decide(pixels, eram, false)).toBe('none');
    expect(post.decide(pixels, eram, true)).toBe('unchanged');
    post.forget();
    expect(post.decide(pixels, eram, false)).toBe('picture');
  });
});

describe('WorkerHost running at rest', () => {
  it('posts the battle cartridge’s still SELECT GAME a few times a second, not every frame, and the frame it paused at', async () => {
    const host = new WorkerHost();
    const channel = new MessageChannel();
    const frames: Extract<VideoMessage, { type: 'frame' }>[] = [];
    channel.port1.onmessage = (e: MessageEvent<VideoMessage>) => {
      if (e.data.type === 'frame') frames.push(e.data);
    };
    await host.api.boot({ images: { builtinCart: 'battle' }, videoPort: channel.port2, sampleRate: 48_000 });
    // SELECT GAME is drawn within the first frames; by frame 240 nothing on it changes (frame-change.test.ts).
    while ((await host.api.stats()).framesRun < 240) await new Promise((r) => setTimeout(r, 5));
    const from = frames.length;
    const run0 = (await host.api.stats()).framesRun;
    while ((await host.api.stats()).framesRun < run0 + HEARTBEAT * 8) await new Promise((r) => setTimeout(r, 5));
    host.api.setRunning(false);
    const stoppedAt = (await host.api.frame()).frame;
    while (frames.at(-1)?.frame !== stoppedAt) await new Promise((r) => setTimeout(r, 0));
    const run = stoppedAt - frames[from - 1].frame;
    const sent = frames.slice(from);
    // One in HEARTBEAT frames run (and the one it paused at); every frame once cost the page a message.
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(run / HEARTBEAT) + 1);
    expect(sent.length).toBeGreaterThanOrEqual(Math.floor(run / HEARTBEAT));
    expect(sent.every((m) => m.pixels === null)).toBe(true);
    channel.port1.close();
  });
});
