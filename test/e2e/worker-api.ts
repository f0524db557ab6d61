/**
 * Calls the console worker's API in a page by name (a page contract: window.__o2console.runtime().api),
 * for the browser tests and the browser benches alike (nothing here imports vitest: the benches run
 * without it).
 */
import type { Page } from 'playwright-core';

/**
 * How long one call may go unanswered before it fails, naming the call: a bound, never a wait. A worker the
 * page replaced meanwhile (declared stuck or dead: src/machine/runtime.ts) never answers a call made to it,
 * and a page.evaluate has no timeout of its own, so an unbounded call once hung a test until its own limit.
 */
const CALL_BOUND_MS = 30_000;

export const api = <T>(page: Page, fn: string, ...args: unknown[]): Promise<T> =>
  page.evaluate(
    ([f, a, bound]) => {
      const runtime = window.__o2console!.runtime()!;
      const call = (runtime.api as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[f as string](
        ...(a as unknown[]),
      );
      return new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          const replaced = window.__o2console!.runtime() !== runtime;
          reject(
            new Error(
              `the worker did not answer ${String(f)} within ${bound} ms${replaced ? ' (the page replaced its worker meanwhile)' : ''}`,
            ),
          );
        }, bound);
        call.then(
          (v) => {
            clearTimeout(timer);
            resolve(v);
          },
          (e: unknown) => {
            clearTimeout(timer);
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
    },
    [fn, args, CALL_BOUND_MS] as const,
  ) as Promise<T>;
