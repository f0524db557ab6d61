/** Small DOM builders: an element with attributes and children, a labelled button. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

export function button(id: string, text: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', id, title, text });
  b.addEventListener('click', onClick);
  return b;
}
