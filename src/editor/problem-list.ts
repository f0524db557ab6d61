/**
 * The build's diagnostics as list items: file:line:column, the message, the source line with the span
 * marked. A program of several sources gets them by file (file-problems.ts), each file headed by what
 * it holds ("g7000.h: 2 errors"), so an include's errors are not read as the main file's.
 */
import { el } from '../platform/dom.ts';
import type { Diagnostic } from '../../rom-core/asm/index.ts';
import { countText, problemsByFile } from './file-problems.ts';

/** `open(file, line)` shows the place; it is offered only for files among `sources`. */
export function problemItems(
  diagnostics: readonly Diagnostic[],
  sources: readonly string[],
  open: (file: string, line: number) => void,
): HTMLLIElement[] {
  const item = (d: Diagnostic): HTMLLIElement => problemItem(d, sources.includes(d.file), open);
  const groups = problemsByFile(diagnostics, sources);
  // One source and its own messages: a heading would only repeat the file every line names.
  if (sources.length <= 1 && groups.length <= 1) return diagnostics.map(item);
  return groups.map((g) =>
    el(
      'li',
      { class: 'program-file-problems', 'data-file': g.file },
      el('strong', { class: 'program-file-count', text: `${g.file}: ${countText(g)}` }),
      el('ul', {}, ...g.diagnostics.map(item)),
    ),
  );
}

function problemItem(d: Diagnostic, known: boolean, open: (file: string, line: number) => void): HTMLLIElement {
  const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
  const li = el(
    'li',
    { class: `program-${d.severity}`, 'data-where': where },
    el('strong', { text: `${where}: ` }),
    `${d.severity}: ${d.message}`,
  );
  if (d.sourceLine) {
    const col = Math.max(0, d.column - 1);
    const len = Math.max(1, d.length);
    li.append(
      el(
        'pre',
        {},
        d.sourceLine.slice(0, col),
        el('mark', { text: d.sourceLine.slice(col, col + len) }),
        d.sourceLine.slice(col + len),
      ),
    );
  }
  if (d.line > 0 && known) {
    li.tabIndex = 0;
    li.addEventListener('click', () => open(d.file, d.line));
  }
  return li;
}

/** Each file's tab (`data-file`) says what the build found in it ("g7000.h (2 errors)"): the tab to open. */
export function countTabs(tabs: HTMLElement, diagnostics: readonly Diagnostic[]): void {
  const groups = problemsByFile(diagnostics, []);
  for (const tab of tabs.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const g = groups.find((x) => x.file === tab.dataset.file);
    tab.querySelector('.program-tab-count')?.remove();
    tab.dataset.errors = String(g?.errors ?? 0);
    tab.dataset.warnings = String(g?.warnings ?? 0);
    if (g) tab.append(el('span', { class: 'program-tab-count', text: ` (${countText(g)})` }));
  }
}
