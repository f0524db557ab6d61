/** The build's diagnostics as list items: file:line:column, the message, the source line with the span marked. */
import { el } from '../platform/dom.ts';
import type { BuildResult } from '../worker/build-program.ts';

/** `open(file, line)` shows the place; it is offered only for files among `known`. */
export function problemItems(
  result: BuildResult,
  known: (file: string) => boolean,
  open: (file: string, line: number) => void,
): HTMLLIElement[] {
  return result.diagnostics.map((d) => {
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
    if (d.line > 0 && known(d.file)) {
      li.tabIndex = 0;
      li.addEventListener('click', () => open(d.file, d.line));
    }
    return li;
  });
}
