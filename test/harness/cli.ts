/**
 * The command lines as `npm run o2|board|resolve|relay` runs them: `node scripts/cli.cjs NAME ...`,
 * the built bundle (rebuilt first whenever a source changed). Spawn as
 * spawnSync(process.execPath, [LAUNCHER, 'board', ...args]).
 */
import { join } from 'node:path';

export const LAUNCHER = join(process.cwd(), 'scripts', 'cli.cjs');
