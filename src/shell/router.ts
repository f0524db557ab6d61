import { ROUTES, routeFor } from './routes.ts';
import type { Route } from './routes.ts';
import type { Page } from '../platform/page.ts';
import { onStoredNotice, storedNotices, storedRecord } from '../platform/stored.ts';
import { downloadText } from '../platform/download.ts';

/**
 * The sentences about stored values set aside (platform/stored.ts), above whichever section shows:
 * a page that opened on its defaults says why, whichever page read the value.
 */
function storedNotice(main: HTMLElement): void {
  const box = document.createElement('div');
  box.id = 'stored-notice';
  box.className = 'page-error';
  box.setAttribute('role', 'alert');
  const draw = (): void => {
    box.hidden = storedNotices().length === 0;
    box.replaceChildren(
      ...storedNotices().map((t) => {
        const p = document.createElement('p');
        p.textContent = t;
        const record = storedRecord(t);
        // Set aside in the browser, the record is out of the player's reach but for this button.
        if (record) {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'stored-download';
          b.textContent = 'Download the record set aside';
          b.title = record.name;
          b.addEventListener('click', () => downloadText(record.text(), record.name));
          p.append(' ', b);
        }
        return p;
      }),
    );
  };
  draw();
  onStoredNotice(draw);
  main.before(box);
}

/** Hash routing between the app's sections, with a tab bar that marks the current one. */
export function startRouter(nav: HTMLElement, main: HTMLElement): void {
  const links = new Map<string, HTMLAnchorElement>();
  for (const route of ROUTES) {
    const link = document.createElement('a');
    link.href = route.hash;
    link.textContent = route.label;
    link.className = 'tab';
    nav.append(link);
    links.set(route.hash, link);
  }

  storedNotice(main);
  let current: { route: Route; page?: Page } | undefined;
  let generation = 0;

  async function show(): Promise<void> {
    const route = routeFor(location.hash);
    if (current?.route === route) return;
    const mine = ++generation;
    current?.page?.destroy();
    current = { route };
    for (const [hash, link] of links) {
      if (hash === route.hash) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    document.title = `${route.title} · o2conquest`;
    main.replaceChildren();
    main.dataset.route = route.hash.slice(2);
    try {
      const page = await route.mount(main);
      if (mine === generation) current.page = page;
      else page.destroy();
    } catch (error) {
      if (mine !== generation) return;
      const box = document.createElement('p');
      box.className = 'page-error';
      box.setAttribute('role', 'alert');
      box.textContent = `This section failed to load: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
      main.replaceChildren(box);
    }
  }

  window.addEventListener('hashchange', () => void show());
  void show();
}
