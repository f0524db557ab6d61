/**
 * The VDC view's boxes over the console's picture: a canvas laid exactly over the picture's canvas (in
 * the screen's wrapper, which is positioned), drawing each object's box of picture pixels (vdc-format's
 * objects) with its label. The picture's size follows the window, the display mode and the IDE
 * splitter, so the layer is placed again whenever the picture or its wrapper changes size; it never
 * takes the pointer (clicks and keys still reach the screen).
 */
import { clipToPicture } from '../../rom-core/i8244/index.ts';
import type { DotBox, VdcObject, VdcPicture } from '../../rom-core/i8244/index.ts';

const DOTS_W = 360;
const DOTS_H = 243;
const KIND_COLORS: Record<VdcObject['kind'], string> = { sprite: '#ff4fd8', char: '#3fe0ff', quad: '#9dff3f' };
const GRID_COLOR = '#ffae3f';

export class VdcOverlay {
  readonly canvas = document.createElement('canvas');
  private picture: VdcPicture | undefined;
  private objects: VdcObject[] = [];
  private highlight: string | undefined;
  private on = false;
  private observed: Element | undefined;
  private readonly observer = new ResizeObserver(() => this.draw());
  private readonly onResize = (): void => this.draw();

  /** `wrap`: the element holding the picture's canvas (the screen view's wrapper, position: relative). */
  constructor(private readonly wrap: HTMLElement) {
    this.canvas.className = 'vdc-overlay';
    this.canvas.id = 'vdc-overlay';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.canvas.hidden = true;
    this.observer.observe(wrap);
    window.addEventListener('resize', this.onResize);
  }

  setOn(on: boolean): void {
    this.on = on;
    if (on && !this.canvas.isConnected) this.wrap.append(this.canvas);
    this.draw();
  }

  /** The objects to draw (the list's), and the one to stand out, by label. */
  show(picture: VdcPicture, objects: VdcObject[], highlight?: string): void {
    this.picture = picture;
    this.objects = objects;
    this.highlight = highlight;
    this.draw();
  }

  setHighlight(label: string | undefined): void {
    this.highlight = label;
    this.draw();
  }

  destroy(): void {
    this.observer.disconnect();
    window.removeEventListener('resize', this.onResize);
    this.canvas.remove();
  }

  /** The picture's canvas, observed so a change of its size places the layer again. */
  private target(): HTMLCanvasElement | undefined {
    const pic = this.wrap.querySelector<HTMLCanvasElement>('canvas.console-canvas') ?? undefined;
    if (pic && pic !== this.observed) {
      this.observed = pic;
      this.observer.observe(pic);
    }
    return pic;
  }

  private draw(): void {
    const pic = this.target();
    const c = this.canvas;
    c.hidden = !this.on || !pic || !this.picture;
    if (c.hidden || !pic || !this.picture) return;
    const r = pic.getBoundingClientRect();
    const w = this.wrap.getBoundingClientRect();
    c.style.left = `${r.left - w.left}px`;
    c.style.top = `${r.top - w.top}px`;
    c.style.width = `${r.width}px`;
    c.style.height = `${r.height}px`;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.max(1, Math.round(r.width * dpr));
    c.height = Math.max(1, Math.round(r.height * dpr));
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    const sx = c.width / DOTS_W;
    const sy = c.height / DOTS_H;
    const font = Math.round(10 * dpr);
    ctx.font = `${font}px ui-monospace, monospace`;
    ctx.textBaseline = 'top';
    const frame = (box: DotBox, color: string, label: string, strong: boolean): void => {
      const b = clipToPicture(box);
      if (!b) return;
      const x = Math.round(b.left * sx);
      const y = Math.round(b.top * sy);
      const bw = Math.round((b.left + b.width) * sx) - x;
      const bh = Math.round((b.top + b.height) * sy) - y;
      const line = Math.max(1, Math.round((strong ? 3 : 1) * dpr));
      if (strong) {
        ctx.fillStyle = 'rgba(255, 255, 255, 0.25)';
        ctx.fillRect(x, y, bw, bh);
      }
      ctx.lineWidth = line;
      ctx.strokeStyle = strong ? '#ffffff' : color;
      ctx.strokeRect(x + line / 2, y + line / 2, bw - line, bh - line);
      // The label sits above the box, or inside it at the picture's top edge.
      const tw = ctx.measureText(label).width + 4 * dpr;
      const ly = y >= font + 2 ? y - font - 2 : y + line;
      ctx.fillStyle = 'rgba(0, 0, 0, 0.75)';
      ctx.fillRect(x, ly, tw, font + 2);
      ctx.fillStyle = strong ? '#ffffff' : color;
      ctx.fillText(label, x + 2 * dpr, ly + 1);
    };
    const g = this.picture.grid;
    if (g.on) frame(g.box, GRID_COLOR, 'grid', this.highlight === 'grid');
    let lit: VdcObject | undefined;
    for (const o of this.objects) {
      if (o.label === this.highlight) lit = o;
      else frame(o.box, KIND_COLORS[o.kind], o.label, false);
    }
    // The highlighted one last, over the others.
    if (lit) frame(lit.box, KIND_COLORS[lit.kind], lit.label, true);
    c.dataset.boxes = String(this.objects.filter((o) => clipToPicture(o.box)).length + (g.on ? 1 : 0));
  }
}
