import type { Page } from '../platform/page.ts';

export interface Route {
  /** The hash this page lives at, e.g. '#/board'. */
  hash: string;
  label: string;
  title: string;
  /** The page shows the console: main.ts starts the emulator worker as the page loads. */
  machine?: boolean;
  mount(container: HTMLElement): Page | Promise<Page>;
}

/**
 * The app's sections. Each page is loaded on demand so the board companion does not pay for the
 * emulator and the other way round.
 */
export const ROUTES: readonly Route[] = [
  {
    hash: '#/table',
    label: 'Table',
    title: 'The table: board and console',
    machine: true,
    mount: async (container) => (await import('../table/index.ts')).mountTable(container),
  },
  {
    hash: '#/console',
    label: 'Console',
    title: 'Odyssey² console',
    machine: true,
    mount: async (container) => (await import('../console/index.ts')).mountConsole(container),
  },
  {
    hash: '#/board',
    label: 'Board',
    title: 'Board companion',
    mount: async (container) => (await import('../board-view/index.ts')).mountBoardView(container),
  },
  {
    hash: '#/resolver',
    label: 'Resolver',
    title: 'Combat resolver: other war games on the console',
    machine: true,
    mount: async (container) => (await import('../resolver/index.ts')).mountResolver(container),
  },
  {
    hash: '#/about',
    label: 'Core',
    title: 'Emulator core',
    mount: async (container) => (await import('../about/core-status.ts')).mountCoreStatus(container),
  },
];

export const DEFAULT_ROUTE = ROUTES[0];

/** The route of a hash; what follows a `?` is the page's own (e.g. `#/console?src=…`, a shared program). */
export function routeFor(hash: string): Route {
  const path = hash.split('?')[0];
  return ROUTES.find((route) => route.hash === path) ?? DEFAULT_ROUTE;
}
