/**
 * Keeping the board's elements across redraws (issue 38). A redraw that takes an element out of the page and
 * puts it (or its fresh twin) back makes the browser compute its style and lay it out afresh: with the whole
 * body rebuilt, that layout was most of a move's time. These helpers leave in place what did not change.
 */

/**
 * Makes `parent`'s children exactly `nodes`, in order, leaving where it is each node already in its place:
 * the nodes no longer wanted go first, so one part gone from the middle does not move every part after it.
 */
export function setChildren(parent: Element, nodes: readonly Node[]): void {
  const wanted = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!wanted.has(child) && child.parentNode === parent) child.remove();
  for (const [i, node] of nodes.entries()) {
    const at = parent.childNodes[i] ?? null;
    if (at !== node) parent.insertBefore(node, at);
  }
}

/**
 * The parts drawn last, by name, each kept while a fresh draw of it is the same (same tags, attributes and
 * text: `isEqualNode`). Only for parts whose listeners do the same whatever draw made them (none, or calls
 * through the page's own fields): a kept part keeps the listeners it was built with.
 */
export class KeptParts {
  private readonly last = new Map<string, HTMLElement>();

  keep(name: string, fresh: HTMLElement): HTMLElement {
    const old = this.last.get(name);
    if (old?.isEqualNode(fresh)) return old;
    this.last.set(name, fresh);
    return fresh;
  }
}

/** Sets an attribute only when its value changes: the same value set again still costs a style check. */
export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * `draw` such that a draw asked for while one runs runs after it, never inside it on a page half drawn: a
 * field's change event fires as a draw takes the focused field out of the page, and its handler draws.
 */
export function serialDraw(draw: () => void): () => void {
  let drawing = false;
  let again = false;
  return () => {
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    try {
      do {
        again = false;
        draw();
      } while (again);
    } finally {
      drawing = false;
    }
  };
}
