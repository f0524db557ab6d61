/**
 * The console's picture: an RGBA buffer made from the worker's colour-index frame through the palette, drawn by a
 * plain 2D canvas from the first picture on, and by pixi.js (gpu-picture.ts, loaded and started after that first
 * picture: issue 38) for the CRT look, and for the sharp modes too where WebGL draws on a graphics card. Without
 * WebGL or WebGPU (pixi refuses to start) the 2D canvas draws every mode. One canvas is in the page at a time.
 */
import { indexToRgba, rgbaLut, PALETTE_RF } from '../../rom-core/i8244/index.ts';
import { fitScreen } from './fit.ts';
import type { DisplayMode } from './fit.ts';
import type { GpuPicture } from './gpu-picture.ts';

/** The picture drawn by a plain 2D canvas: the same RGBA buffer, viewed as an ImageData once. */
interface FlatPicture {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  image: ImageData;
}

function flatPicture(width: number, height: number, rgba: Uint8Array): FlatPicture {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser can draw neither WebGL nor a 2D canvas');
  canvas.style.imageRendering = 'pixelated';
  const image = new ImageData(new Uint8ClampedArray(rgba.buffer as ArrayBuffer, 0, rgba.length), width, height);
  return { canvas, ctx, image };
}

export class Screen {
  private readonly rgba: Uint8Array;
  private readonly lut = rgbaLut(PALETTE_RF);
  private mode: DisplayMode = 'integer';
  private readonly resizeObserver: ResizeObserver;
  /** pixi's picture once made (startGpu); none before, or when pixi refused to start. */
  private gpu: GpuPicture | undefined;
  private readonly flat: FlatPicture;
  /** Which of the two draws the picture now: pixi, or the 2D canvas. */
  private drawing: 'gpu' | 'flat' = 'flat';
  private destroyed = false;

  constructor(
    private readonly host: HTMLElement,
    readonly width: number,
    readonly height: number,
  ) {
    this.rgba = new Uint8Array(width * height * 4);
    this.flat = flatPicture(width, height, this.rgba);
    this.flat.canvas.classList.add('console-canvas');
    host.append(this.canvas);
    this.resizeObserver = new ResizeObserver(() => this.layout());
    this.resizeObserver.observe(host);
    this.layout();
  }

  /**
   * Loads and starts pixi's picture, which then draws the modes it is for (the CRT look; the sharp modes on a
   * graphics card). Called after the first picture: until then the 2D canvas draws every mode.
   */
  async startGpu(): Promise<void> {
    if (this.gpu) return;
    const { GpuPicture } = await import('./gpu-picture.ts');
    const gpu = await GpuPicture.create(this.width, this.height, this.rgba);
    if (this.destroyed) gpu?.destroy();
    if (!gpu || this.destroyed) return;
    gpu.canvas.classList.add('console-canvas');
    this.gpu = gpu;
    this.layout();
  }

  /** The canvas on the page: the one that draws the picture now. */
  get canvas(): HTMLCanvasElement {
    return this.drawing === 'gpu' && this.gpu ? this.gpu.canvas : this.flat.canvas;
  }

  /** What draws now: 'webgl', 'webgpu' or 'canvas2d'. */
  get backend(): string {
    return this.drawing === 'gpu' && this.gpu ? this.gpu.backend : 'canvas2d';
  }

  setMode(mode: DisplayMode): void {
    this.mode = mode;
    this.layout();
  }

  /** Sizes the canvas for the host: integer multiples of the picture, or 4:3 filling the space. */
  layout(): void {
    const box = this.host.getBoundingClientRect();
    const fit = fitScreen(this.mode, this.width, this.height, Math.max(1, box.width), Math.max(1, box.height));
    this.lookFor(fit);
    const canvas = this.canvas;
    canvas.style.width = `${fit.width}px`;
    canvas.style.height = `${fit.height}px`;
    canvas.dataset.scale = String(fit.scale);
    this.draw();
  }

  /**
   * Sharp modes: the canvas keeps the picture's own size and CSS scales it with image-rendering: pixelated
   * (nearest-neighbour): the GPU draws 360×243 dots a frame instead of the scaled-up area. The CRT look is drawn
   * at the size shown (its scanlines and curve need the pixels), with WebGL only; elsewhere it is the TV shape.
   */
  private lookFor(fit: { width: number; height: number }): void {
    const gpu = this.gpu;
    const crt = this.mode === 'crt' && gpu?.crtCapable === true;
    this.use(gpu && (crt || !gpu.onCpu) ? 'gpu' : 'flat');
    const canvas = this.canvas;
    canvas.dataset.look = crt ? 'crt' : this.mode === 'crt' ? 'crt-unavailable' : 'sharp';
    canvas.dataset.backend = this.backend;
    canvas.classList.toggle('crt', crt);
    if (gpu && this.drawing === 'gpu') gpu.look(crt, this.width, this.height, fit);
  }

  /** Puts the canvas that draws in the page in place of the other (one canvas in the page at a time). */
  private use(drawing: 'gpu' | 'flat'): void {
    if (drawing === this.drawing) return;
    const before = this.canvas;
    this.drawing = drawing;
    if (before.isConnected) before.replaceWith(this.canvas);
  }

  /** Draws the picture in the buffer with what draws now. */
  private draw(): void {
    if (this.drawing === 'gpu' && this.gpu) this.gpu.draw();
    else this.flat.ctx.putImageData(this.flat.image, 0, 0);
  }

  /** Shows a colour-index frame. */
  show(indices: Uint8Array): void {
    indexToRgba(indices, this.lut, this.rgba);
    this.draw();
  }

  /** The current picture at its native size as a PNG (exact pixels, no scaling). */
  async screenshot(): Promise<Blob> {
    const c = document.createElement('canvas');
    c.width = this.width;
    c.height = this.height;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas for the screenshot');
    ctx.putImageData(new ImageData(new Uint8ClampedArray(this.rgba), this.width, this.height), 0, 0);
    return new Promise((resolve, reject) =>
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser made no PNG'))), 'image/png'),
    );
  }

  destroy(): void {
    this.destroyed = true;
    this.resizeObserver.disconnect();
    this.canvas.remove();
    this.gpu?.destroy();
  }
}
