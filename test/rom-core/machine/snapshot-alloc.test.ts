/**
 * A rollback (rom-core/netplay) takes a snapshot before every frame and restores one on each wrong
 * prediction: neither may allocate (issue 38), or the garbage they leave is collected in the middle of
 * a frame. Measured in a process of its own (snapshot-alloc.measure.ts says how and why).
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

describe('snapshots allocate nothing', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(here, 'snapshot-alloc.measure.ts')], {
    cwd: resolve(here, '../../..'),
    encoding: 'utf8',
  });
  const r = JSON.parse(run.stdout || '{}') as Record<string, number | boolean>;

  it('the measuring process ran', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('snapshot(into) writes into `into` and allocates nothing', () => {
    expect(r.intoReturned).toBe(true);
    expect(r.intoEqual).toBe(true);
    // Bytes per call; the measure's own few hundred bytes a trial come to under one.
    expect(r.snapshotInto).toBeLessThan(4);
  });

  it('snapshotTo(pick) writes into the kept buffer and allocates nothing', () => {
    expect(r.snapshotToEqual).toBe(true);
    expect(r.snapshotTo).toBeLessThan(4);
  });

  it('restoreSnapshot allocates nothing, from a whole buffer or a part of one', () => {
    expect(r.restore).toBeLessThan(4);
    expect(r.restoreRange).toBeLessThan(4);
    expect(r.restoreRangeEqual).toBe(true);
  });
});
