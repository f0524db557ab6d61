/**
 * The worker saves the machine in the frame a battle ends (issue 35: a fought battle is never lost): a
 * battle of two jets nobody steers, programmed and started through the worker's API, ends in a frame that
 * is no multiple of the once-a-second autosave, and an autosave of exactly that frame is posted, showing
 * the result. Frames are stepped one by one; nothing waits for time.
 */
import { describe, expect, it } from 'vitest';
import { WorkerHost } from '../../../src/worker/worker-host.ts';
import type { VideoMessage } from '../../../src/worker/protocol.ts';
import { MAILBOX, MAILBOX_SIGNATURE, readMailbox } from '../../../rom-core/roms/index.ts';
import { BattleEnd } from '../../../src/worker/battle-end.ts';

describe('the worker saves the machine as a battle ends', () => {
  it('posts an autosave of the very frame a battle ended in, the result on its screen', async () => {
    const host = new WorkerHost();
    const channel = new MessageChannel();
    const frames: { frame: number; eram: Uint8Array }[] = [];
    const saves: { frame: number; state: Uint8Array }[] = [];
    channel.port1.onmessage = (e: MessageEvent<VideoMessage>) => {
      if (e.data.type === 'frame') frames.push({ frame: e.data.frame, eram: e.data.eram });
      if (e.data.type === 'autosave') saves.push({ frame: e.data.frame, state: e.data.state });
    };
    await host.api.boot({
      images: { builtinCart: 'battle' },
      videoPort: channel.port2,
      sampleRate: 48_000,
      paused: true,
    });
    const mailbox = async () => readMailbox(await host.api.externalRam());
    const until = async (done: () => Promise<boolean>, what: string, max: number): Promise<void> => {
      for (let i = 0; i < max; i++) {
        if (await done()) return;
        await host.api.stepFrames(1);
      }
      throw new Error(`${max} frames passed and ${what} did not happen`);
    };
    const type = async (keys: string[]): Promise<void> => {
      let typed = false;
      void host.api.typeKeys(keys).then(() => (typed = true));
      await until(() => Promise.resolve(typed), `the keys ${keys.join(' ')} to be typed`, 1200);
    };
    await host.api.stepFrames(60);
    // From SELECT GAME, SPACE starts the cartridge; on its readout SPACE stops the digit, and again opens entry.
    for (let i = 0; i < 3 && !((await mailbox()).ours && (await mailbox()).phase === 'entry'); i++)
      await type(['SPACE']);
    expect((await mailbox()).phase).toBe('entry');
    await type(['R', 'P', '1', '0', '0', 'B', 'P', '1', '0', '0', 'ENTER']);
    await until(async () => (await mailbox()).phase === 'battle', 'the battle', 1200);
    const before = (await mailbox()).battles;
    await until(async () => (await mailbox()).battles !== before, 'the end of the battle', 6000);
    // The worker's messages come through a port: under load some are still on their way (the full run once
    // found no frame with the new count yet). Waited for by turns of the event loop, bounded.
    const endFrame = () =>
      frames.find((f, i) => i > 0 && f.eram[MAILBOX.battles] !== frames[i - 1].eram[MAILBOX.battles]);
    for (let i = 0; i < 500 && !(endFrame() && saves.some((s) => s.frame === endFrame()!.frame)); i++)
      await new Promise((r) => setTimeout(r, 0));
    const end = endFrame()!;
    expect(end, 'a frame message with the new battle count').toBeDefined();
    const shown = readMailbox(end.eram);
    expect([shown.phase, shown.winner === 'none']).toEqual(['result', false]);
    // Not a frame the once-a-second autosave would have saved anyway.
    expect(end.frame % 60).not.toBe(0);
    const saved = saves.find((s) => s.frame === end.frame);
    expect(saved, `an autosave of frame ${end.frame}; saved: ${saves.map((s) => s.frame).join(', ')}`).toBeDefined();
    channel.port1.close();
  }, 120_000);

  it('saves a network battle as it goes (issue 34): once a second of its frames, each frame once, in a state that loads', async () => {
    // Two workers fight one battle, each one's battle messages handed to the other after every frame.
    const boot = async () => {
      const host = new WorkerHost();
      const channel = new MessageChannel();
      const saves: { frame: number; state: Uint8Array }[] = [];
      const sent: string[] = [];
      channel.port1.onmessage = (e: MessageEvent<VideoMessage>) => {
        if (e.data.type === 'autosave') saves.push({ frame: e.data.frame, state: e.data.state });
        if (e.data.type === 'net') sent.push(e.data.text);
      };
      await host.api.boot({
        images: { builtinCart: 'battle' },
        videoPort: channel.port2,
        sampleRate: 48_000,
        paused: true,
      });
      return { host, channel, saves, sent };
    };
    const [a, b] = [await boot(), await boot()];
    await a.host.api.stepFrames(30);
    const from = a.host.api.netStart({ side: 0, delay: 2, epoch: 0 });
    b.host.api.netStart({ side: 1, delay: 2, epoch: 0, state: from });
    const startedAt = (await a.host.api.stats()).framesRun;
    a.saves.length = 0;
    // Frames are stepped until the battle has run 200 of them on the host's side: a message still on its way
    // (under load) only makes the other side wait longer, never the test fail.
    const battleFrame = (): number => a.host.api.netStats()?.frame ?? 0;
    for (let i = 0; i < 3000 && battleFrame() < 200; i++) {
      await a.host.api.stepFrames(1);
      await b.host.api.stepFrames(1);
      await new Promise((r) => setTimeout(r, 0));
      for (const [to, from] of [
        [a, b],
        [b, a],
      ] as const)
        for (const text of from.sent.splice(0)) to.host.api.netInput(text);
    }
    expect(battleFrame(), 'the battle ran its frames on both machines').toBeGreaterThanOrEqual(200);
    expect(a.host.api.netStats()?.desync).toBeNull();
    // The autosaves of the frames run are posted (a port delivers them a moment later).
    for (let i = 0; i < 100 && a.saves.length < 3; i++) await new Promise((r) => setTimeout(r, 0));
    const frames = a.saves.map((s) => s.frame);
    expect(
      frames.length,
      `autosaves in 200 frames of the battle (from frame ${startedAt}): ${frames.join(', ')}`,
    ).toBeGreaterThanOrEqual(3);
    expect(frames.every((f) => f % 60 === 0)).toBe(true);
    expect(new Set(frames).size).toBe(frames.length);
    // The save is the machine's own format: another worker takes it up at its frame.
    const c = await boot();
    expect(await c.host.api.loadState(a.saves.at(-1)!.state)).toBe(frames.at(-1));
    for (const w of [a, b, c]) w.channel.port1.close();
  }, 60_000);

  it('counts no ending for a machine that is not our cartridge, nor across a forget', () => {
    const e = new BattleEnd();
    const eram = new Uint8Array(128);
    expect(e.ended(eram)).toBe(false);
    eram[MAILBOX.battles] = 3;
    expect(e.ended(eram)).toBe(false);
    eram[MAILBOX.signature] = MAILBOX_SIGNATURE;
    expect(e.ended(eram)).toBe(false);
    eram[MAILBOX.battles] = 4;
    expect(e.ended(eram)).toBe(true);
    expect(e.ended(eram)).toBe(false);
    e.forget();
    eram[MAILBOX.battles] = 5;
    expect(e.ended(eram)).toBe(false);
  });
});
