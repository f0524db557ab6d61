/**
 * The debugger's tabs (issue 36): the panel was one long column of boxes (CPU, program, both RAMs, the
 * VDC, the ROM, the profile, breakpoints) that, docked under the picture at 1280×800, scrolled 2,000 px
 * of boxes through a 300 px window. Each tab now holds what fits the panel's height, one tab shown at a
 * time; the tab chosen is kept in this browser. A tab list with the arrow keys, as WAI-ARIA's tabs.
 */
import { setting } from '../platform/settings.ts';

export interface DebuggerTab {
  /** Short, for ids (`debugger-tab-ID`, `debugger-pane-ID`) and the kept choice. */
  id: string;
  label: string;
  title: string;
  parts: HTMLElement[];
}

const CHOSEN = setting<string>('o2conquest.debugger.tab', 'cpu', (t) => (/^[a-z]+$/.test(t) ? t : undefined));

export class DebuggerTabs {
  readonly list = document.createElement('div');
  readonly panes = document.createElement('div');
  private readonly buttons: HTMLButtonElement[] = [];
  private readonly paneOf = new Map<string, HTMLElement>();

  constructor(private readonly tabs: DebuggerTab[]) {
    this.list.className = 'debugger-tabs';
    this.list.setAttribute('role', 'tablist');
    this.list.setAttribute('aria-label', 'Debugger views');
    this.panes.className = 'debugger-panes';
    for (const tab of tabs) this.add(tab);
    this.list.addEventListener('keydown', (e) => this.key(e));
    const kept = CHOSEN.get();
    this.choose(tabs.some((t) => t.id === kept) ? kept : tabs[0].id, false);
  }

  /** The tab shown. */
  get chosen(): string {
    return this.buttons.find((b) => b.getAttribute('aria-selected') === 'true')?.dataset.tab ?? '';
  }

  choose(id: string, keep = true): void {
    for (const b of this.buttons) {
      const on = b.dataset.tab === id;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
    }
    for (const [tab, pane] of this.paneOf) pane.hidden = tab !== id;
    if (keep) CHOSEN.set(id);
  }

  private add(tab: DebuggerTab): void {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = `debugger-tab-${tab.id}`;
    b.dataset.tab = tab.id;
    b.textContent = tab.label;
    b.title = tab.title;
    b.setAttribute('role', 'tab');
    b.setAttribute('aria-controls', `debugger-pane-${tab.id}`);
    b.addEventListener('click', () => this.choose(tab.id));
    const pane = document.createElement('div');
    pane.className = 'debugger-pane';
    pane.id = `debugger-pane-${tab.id}`;
    pane.setAttribute('role', 'tabpanel');
    pane.setAttribute('aria-labelledby', b.id);
    pane.append(...tab.parts);
    this.buttons.push(b);
    this.paneOf.set(tab.id, pane);
    this.list.append(b);
    this.panes.append(pane);
  }

  /** Left and right move between the tabs (Home, End: the first, the last), choosing as they go. */
  private key(e: KeyboardEvent): void {
    const at = this.tabs.findIndex((t) => t.id === this.chosen);
    const n = this.tabs.length;
    const to = { ArrowLeft: (at + n - 1) % n, ArrowRight: (at + 1) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    this.choose(this.tabs[to].id);
    this.buttons[to].focus();
  }
}
