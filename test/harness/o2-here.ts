/**
 * `o2 ARGS...` run in this process: the command's own main() on the real disk (NODE_IO, the files
 * and links the test made), with its output gathered instead of written. The refusals the
 * reliability tests check (links, devices as outputs, sizes, repeated options) are decided there,
 * so they fail here exactly as in a child process, at a fraction of a spawn's cost (a node start and
 * the launcher's check of its bundle, about 0.3 s a case alone and far more beside the browser
 * tests). The launcher's own contract (exit code, stderr, the bundle) keeps real spawns in each of
 * those files; an input that could hang the reader (a FIFO, /dev/zero) is spawned too, so a
 * regression times out a child instead of blocking the test run.
 */
import { NODE_IO, main } from '../../rom-core/cli/o2.ts';

export interface O2Result {
  status: number;
  stdout: string;
  stderr: string;
}

export function o2Here(...args: string[]): O2Result {
  let stdout = '';
  let stderr = '';
  const status = main(args, {
    ...NODE_IO,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { status, stdout, stderr };
}
