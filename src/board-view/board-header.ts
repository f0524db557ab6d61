/** The board's title row: the title, the status line (whose turn, the phase, saved or not) and the toolbar. */
import { h } from '../platform/h.ts';
import { joinDots, phaseName } from './labels.ts';
import { setChildren } from './kept-dom.ts';
import type { GameSession } from '../../board/index.ts';

export class BoardHeader {
  readonly element = h('div', { class: 'bv-slot' });
  // The status line is a live region: it stays in the page across redraws, changed only when its words change.
  private readonly statusLine = h('p', { class: 'bv-status', role: 'status', 'aria-live': 'polite' });
  /**
   * The board's moves as a screen reader hears them (issue 35): each new line of the game's log, said once
   * in a live region kept across redraws (the log itself is drawn anew and would say nothing). Unseen.
   */
  private readonly moves = h('p', { class: 'bv-announce', id: 'bv-moves', role: 'log', 'aria-live': 'polite' });
  private logSeen = -1;
  private tools: HTMLElement | null = null;
  private readonly title = h('h2', { class: 'bv-title' }, 'Conquest of the World');
  private readonly top = h('header', { class: 'bv-top' });

  constructor() {
    this.element.append(this.top);
  }

  /**
   * Draws the header for `snap`. The header stays in the page; the toolbar `tools` replaces the one shown only
   * when it differs (its buttons call the page's own methods, whichever draw made them).
   */
  show(snap: ReturnType<GameSession['snapshot']>, tools: HTMLElement): void {
    const s = snap.view;
    const turnPlayer = s.players.find((p) => p.name === s.turn);
    const status =
      s.phase === 'setup'
        ? ['Set up a new game']
        : joinDots([
            turnPlayer && s.phase !== 'over'
              ? h('span', { class: 'bv-now' }, 'Turn: ', h('strong', { 'data-turn': '' }, turnPlayer.name))
              : null,
            h('span', { class: 'bv-phase' }, phaseName(s.phase)),
            h('span', { class: 'bv-saved' }, snap.saved ? 'saved' : 'not saved yet'),
          ]);
    // The lines the log gained since the last draw (none for the game the page opened on, or a step back).
    const log = s.log;
    if (this.logSeen >= 0 && log.length > this.logSeen) this.moves.textContent = log.slice(this.logSeen).join(' ');
    this.logSeen = log.length;
    const statusText = status.map((p) => (typeof p === 'string' ? p : p.textContent)).join('');
    if (this.statusLine.textContent !== statusText) this.statusLine.replaceChildren(...status);
    if (!this.tools?.isEqualNode(tools)) this.tools = tools;
    setChildren(this.top, [this.title, this.statusLine, this.moves, this.tools]);
  }
}
