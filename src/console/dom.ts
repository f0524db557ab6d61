/** Small DOM builders for the console page. */
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

export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const SVG = 'http://www.w3.org/2000/svg';

/** A small speaker drawn inline (emoji glyphs are missing from many systems' fonts). */
export function speakerIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '18');
  svg.setAttribute('height', '18');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  const body = document.createElementNS(SVG, 'path');
  body.setAttribute('d', 'M3 9h4l5-4v14l-5-4H3z');
  body.setAttribute('fill', 'currentColor');
  const wave = document.createElementNS(SVG, 'path');
  wave.setAttribute('d', 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12');
  wave.setAttribute('fill', 'none');
  wave.setAttribute('stroke', 'currentColor');
  wave.setAttribute('stroke-width', '2');
  wave.setAttribute('stroke-linecap', 'round');
  svg.append(body, wave);
  return svg;
}
