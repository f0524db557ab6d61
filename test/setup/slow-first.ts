/**
 * The order the browser files start in: the slowest first. The browser project runs its files in
 * several workers at once (vite.config.ts); each worker takes the next file as it finishes one, so the
 * run ends soonest when the long files start first and the short ones fill in at the end (a long file
 * started last would run alone). A fresh clone has no vitest cache of durations, so they are kept here:
 * seconds per file, measured in a full run from a clean clone (turn 4, session 14, under the suite's own
 * load). A file not listed counts as SHORT. The unit files keep vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = {
  'test/e2e/table-remote.test.ts': 150,
  'test/e2e/console-tools.test.ts': 115,
  'test/e2e/board-whole-game.test.ts': 105,
  'test/e2e/console.test.ts': 85,
  'test/e2e/table.test.ts': 75,
  'test/e2e/console-program.test.ts': 72,
  'test/e2e/a11y.test.ts': 63,
  'test/e2e/board-game.test.ts': 61,
  'test/e2e/resolver.test.ts': 54,
  'test/e2e/table-people.test.ts': 54,
  'test/e2e/console-storage.test.ts': 47,
  'test/e2e/table-mail.test.ts': 46,
  'test/e2e/stored-damaged.test.ts': 42,
  'test/e2e/table-phone.test.ts': 27,
  'test/e2e/table-start.test.ts': 26,
  'test/e2e/table-moment.test.ts': 25,
  'test/e2e/table-computer.test.ts': 25,
};

/** What a browser file not in SECONDS counts as (most take 10-25 s). */
const SHORT = 15;

function seconds(spec: TestSpecification): number {
  const path = spec.moduleId.replace(/\\/g, '/');
  const key = Object.keys(SECONDS).find((k) => path.endsWith(`/${k}`));
  return key ? SECONDS[key] : SHORT;
}

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (!sorted.every((f) => f.project.name === 'e2e')) return sorted;
    // Ties keep their file names' order, so every run starts the same files in the same order.
    return [...sorted].sort((a, b) => seconds(b) - seconds(a) || a.moduleId.localeCompare(b.moduleId));
  }
}
