/**
 * The remote table's chat line on #/table (issue 34): the last lines said at the table, and a field to
 * say one. One element kept for the panel's life and never redrawn with the panel (the panel redraws
 * each second with the guests' round trips; a redrawn field would lose what is being typed and its
 * focus). Lines are text only: a name or a line is never read as markup.
 */
import { el } from '../platform/dom.ts';
import { MAX_CHAT_TEXT, type ChatLine } from '../../board/index.ts';

export class ChatView {
  readonly element = el('section', { class: 'tb-chat', id: 'table-chat', 'aria-label': 'Chat at the table' });
  private readonly list = el('ol', { class: 'tb-chat-lines', id: 'table-chat-lines', 'aria-live': 'polite' });
  private readonly input = el('input', {
    type: 'text',
    id: 'table-chat-input',
    maxlength: String(MAX_CHAT_TEXT),
    autocomplete: 'off',
    placeholder: 'Say something to the table',
    'aria-label': 'Say something to the table',
  });
  private readonly error = el('p', { class: 'tb-remote-error', id: 'table-chat-error', role: 'status' });
  /** The last line drawn (its number) and how many: the list is redrawn only when they change. */
  private drawn = '';

  /** `send` says a line: null when it went, else the sentence why not (shown under the field). */
  constructor(send: (text: string) => string | null) {
    const form = el(
      'form',
      { class: 'tb-chat-form' },
      this.input,
      el('button', { type: 'submit', id: 'table-chat-send' }, 'Say'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const why = send(this.input.value);
      this.error.textContent = why ?? '';
      if (why === null) this.input.value = '';
    });
    this.element.append(this.list, form, this.error);
  }

  /** Shows the lines (oldest first), scrolled to the newest. */
  update(lines: readonly ChatLine[], hidden: boolean): void {
    this.element.hidden = hidden;
    const key = `${lines.length}:${lines.at(-1)?.n ?? 0}:${lines[0]?.n ?? 0}`;
    if (key === this.drawn) return;
    this.drawn = key;
    this.list.replaceChildren(
      ...lines.map((l) =>
        el('li', { 'data-n': String(l.n) }, el('strong', { text: `${l.from}: ` }), document.createTextNode(l.text)),
      ),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }
}
