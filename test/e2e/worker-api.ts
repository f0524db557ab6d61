/**
 * Calls the console worker's API in a page by name (a page contract: window.__o2console.runtime().api),
 * for the browser tests and the browser benches alike (nothing here imports vitest: the benches run
 * without it).
 */
import type { Page } from 'playwright-core';

export const api = <T>(page: Page, fn: string, ...args: unknown[]): Promise<T> =>
  page.evaluate(
    ([f, a]) =>
      (window.__o2console!.runtime()!.api as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[
        f as string
      ](...(a as unknown[])),
    [fn, args] as const,
  ) as Promise<T>;
