/** Icons drawn inline as SVG (emoji glyphs are missing from many systems' fonts). */
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
