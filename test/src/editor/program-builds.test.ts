/**
 * "Start without SELECT GAME" with "Restart on rebuild" off (the default): a build swapped into a
 * machine booted with the box unticked would go on waiting at SELECT GAME, so once the box is ticked
 * the next build boots and has the key pressed; after that, builds swap in as before.
 */
import { describe, expect, it } from 'vitest';
import { ProgramBuilds } from '../../../src/editor/program-builds.ts';
import type { BuildsPanel } from '../../../src/editor/program-builds.ts';
import type { BuildResult } from '../../../src/worker/build-program.ts';

interface Calls {
  boots: number;
  swaps: number;
  typed: string[][];
}

function rig(): { builds: ProgramBuilds; panel: BuildsPanel; calls: Calls } {
  const calls: Calls = { boots: 0, swaps: 0, typed: [] };
  const result = { ok: true, image: new Uint8Array(2048), summary: 'new.a48: 2 KB', diagnostics: [] };
  const api = {
    buildProgram: () => Promise.resolve(result as unknown as BuildResult),
    typeKeys: (keys: string[]) => {
      calls.typed.push(keys);
      return Promise.resolve();
    },
  };
  const panel = {
    host: { runtime: { api } },
    options: {
      run: () => {
        calls.boots++;
        return Promise.resolve(true);
      },
      swap: () => {
        calls.swaps++;
        return Promise.resolve(undefined);
      },
      say: () => undefined,
    },
    stops: {
      stoppedAt: null,
      breakpoints: { booted: () => undefined },
      placeBreakpoints: () => Promise.resolve(),
      showStop: () => Promise.resolve(),
    },
    element: { dataset: {} as Record<string, string> },
    status: { textContent: '' },
    restart: { checked: false },
    startAtOnce: { checked: false },
    files: () => [{ name: 'new.a48', text: '' }],
    main: () => 'new.a48',
    showProblems: () => undefined,
    showLine: () => undefined,
  } as unknown as BuildsPanel;
  return { builds: new ProgramBuilds(panel), panel, calls };
}

describe('ProgramBuilds with "Start without SELECT GAME"', () => {
  it('ticked after a boot at SELECT GAME, the next build boots with the key pressed, then builds swap in', async () => {
    const { builds, panel, calls } = rig();
    await builds.build();
    expect(calls).toEqual({ boots: 1, swaps: 0, typed: [] });
    await builds.build();
    expect(calls).toEqual({ boots: 1, swaps: 1, typed: [] });
    (panel.startAtOnce as { checked: boolean }).checked = true;
    await builds.build();
    expect(calls).toEqual({ boots: 2, swaps: 1, typed: [['1']] });
    expect(panel.status.textContent).toContain('Restarted: "Start without SELECT GAME" is ticked');
    expect(panel.element.dataset.swap).toBe('restarted');
    await builds.build();
    expect(calls).toEqual({ boots: 2, swaps: 2, typed: [['1']] });
  });

  it('ticked from the start, the first build boots with the key pressed and the next swaps in', async () => {
    const { builds, panel, calls } = rig();
    (panel.startAtOnce as { checked: boolean }).checked = true;
    await builds.build();
    await builds.build();
    expect(calls).toEqual({ boots: 1, swaps: 1, typed: [['1']] });
  });
});
