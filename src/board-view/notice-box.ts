import { button, h } from '../platform/h.ts';
import type { Notice } from '../../board/index.ts';
import { setAttr } from './kept-dom.ts';

/**
 * The board's message line: the engine's refusals (with their rule), the controller's messages and the view's own.
 * It is a live region that stays in the page across redraws, so screen readers announce each change once.
 */
export class NoticeBox {
  readonly element = h('div', { class: 'bv-notice', role: 'status', 'aria-live': 'polite', 'data-kind': 'none' });

  constructor(
    private readonly hooks: {
      dismiss(): void;
      /** The unreadable save's text, offered for download with a load error. */ corrupt(): string | null;
      downloadCorrupt(): void;
    },
  ) {}

  fill(n: Notice | null, local: string | null): void {
    const box = this.element;
    const kind = local ? 'info' : (n?.kind ?? 'none');
    setAttr(box, 'data-kind', kind);
    // A refusal interrupts; other messages wait their turn.
    setAttr(box, 'aria-live', kind === 'refused' || kind === 'error' ? 'assertive' : 'polite');
    const parts: HTMLElement[] = [];
    if (local) {
      parts.push(h('p', {}, local));
    } else if (n?.kind === 'refused') {
      // Manual rules are numbers ("12F") or variations; the engine's own checks (undo, load) have no number.
      const numbered = /^(\d|Variation)/.test(n.refusal.rule);
      parts.push(
        h(
          'p',
          {},
          h(
            'strong',
            { 'data-rule': n.refusal.rule },
            numbered
              ? `Refused (${n.refusal.rule.startsWith('Variation') ? '' : 'Rule '}${n.refusal.rule}): `
              : 'Refused: ',
          ),
          n.refusal.reason,
        ),
      );
    } else if (n) {
      parts.push(h('p', {}, n.text));
      if (n.kind === 'error' && this.hooks.corrupt())
        parts.push(button('Download unreadable save', 'download-corrupt', () => this.hooks.downloadCorrupt()));
    }
    if (n || local) parts.push(button('Dismiss (Esc)', 'dismiss', () => this.hooks.dismiss(), { class: 'bv-dismiss' }));
    const text = parts.map((p) => p.textContent ?? '').join('|');
    // Only touch the region when the message changed, so it is not announced again on every redraw.
    if (box.dataset.text !== text) {
      box.dataset.text = text;
      box.replaceChildren(...parts);
      // A refusal nobody sees did not happen, to a person: one shown above the view (the board scrolled
      // down to a country) is brought into it, as little as it takes.
      if (kind === 'refused' || kind === 'error') bringIntoView(box);
    }
  }
}

function bringIntoView(box: HTMLElement): void {
  if (typeof box.scrollIntoView !== 'function' || typeof window === 'undefined') return;
  const r = box.getBoundingClientRect();
  if (!(r.top < 0 || r.bottom > window.innerHeight)) return;
  box.scrollIntoView({ block: 'nearest' });
  // The page scrolls by whole pixels: a line whose top falls between two was left a fraction above the view.
  const top = box.getBoundingClientRect().top;
  if (top < 0 && top > -1) window.scrollBy(0, -1);
}
