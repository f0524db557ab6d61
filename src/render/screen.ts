/**
 * The console's picture: a pixi.js texture over an RGBA buffer made from the worker's colour-index
 * frame through the palette. The texture format is given explicitly (rgba8unorm; pixi's default for a
 * Uint8Array is bgra8unorm, which swaps red and blue under WebGPU) and sampled nearest-neighbour.
 * Without WebGL or WebGPU (pixi refuses to start) a plain 2D canvas shows the same pixels.
 */
import { Application, BufferImageSource, Sprite, Texture, Ticker } from 'pixi.js';
import type { Filter } from 'pixi.js';
import { crtFilter } from './crt-filter.ts';
import { indexToRgba, rgbaLut, NTSC, PALETTE_RF } from '../../rom-core/i8244/index.ts';
import { fitScreen } from './fit.ts';
import type { DisplayMode } from './fit.ts';

export class Screen {
  readonly canvas: HTMLCanvasElement;
  /** What draws: 'webgl', 'webgpu' or 'canvas2d'. */
  readonly backend: string;
  private readonly rgba: Uint8Array;
  private readonly lut = rgbaLut(PALETTE_RF);
  private mode: DisplayMode = 'integer';
  private crt: Filter | undefined;
  private readonly resizeObserver: ResizeObserver;

  private constructor(
    private readonly host: HTMLElement,
    readonly width: number,
    readonly height: number,
    private readonly app: Application | undefined,
    private readonly source: BufferImageSource | undefined,
    private readonly sprite: Sprite | undefined,
    canvas: HTMLCanvasElement,
    private readonly ctx2d: CanvasRenderingContext2D | undefined,
    rgba: Uint8Array,
  ) {
    this.canvas = canvas;
    this.rgba = rgba;
    this.backend = app ? app.renderer.name : 'canvas2d';
    canvas.classList.add('console-canvas');
    canvas.dataset.backend = this.backend;
    host.append(canvas);
    this.resizeObserver = new ResizeObserver(() => this.layout());
    this.resizeObserver.observe(host);
    this.layout();
  }

  /**
   * pixi's renderer, made before the picture's size is known (the page starts it while the machine boots:
   * on SwiftShader it takes a few hundred milliseconds); `create` resizes it. Undefined when pixi refuses to
   * start (no WebGL or WebGPU).
   */
  static async prepare(): Promise<Application | undefined> {
    try {
      // pixi's system ticker (its pointer events' hover checks, its texture garbage collector) asked for an
      // animation frame all evening, also with the picture still (issue 38). The picture is drawn by
      // app.render() when it changes, with no pointer events on its one sprite and no textures made per
      // frame: that ticker has nothing to do here.
      Ticker.system.autoStart = false;
      Ticker.system.stop();
      const app = new Application();
      await app.init({
        width: NTSC.visibleWidth,
        height: NTSC.visibleHeight,
        preference: 'webgl',
        antialias: false,
        autoStart: false,
        background: 0x000000,
        preserveDrawingBuffer: true,
        resolution: 1,
        autoDensity: false,
      });
      return app;
    } catch {
      return undefined;
    }
  }

  /** The picture in `host`, drawn by `prepared` (Screen.prepare's renderer) or by one made now. */
  static async create(
    host: HTMLElement,
    width: number,
    height: number,
    prepared?: Promise<Application | undefined>,
  ): Promise<Screen> {
    const rgba = new Uint8Array(width * height * 4);
    const app = await (prepared ?? Screen.prepare());
    if (app) {
      try {
        app.renderer.resize(width, height);
        const source = new BufferImageSource({
          resource: rgba,
          width,
          height,
          format: 'rgba8unorm',
          scaleMode: 'nearest',
          alphaMode: 'no-premultiply-alpha',
        });
        const sprite = new Sprite(new Texture({ source }));
        app.stage.addChild(sprite);
        return new Screen(host, width, height, app, source, sprite, app.canvas, undefined, rgba);
      } catch {
        app.destroy({ removeView: true });
      }
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser can draw neither WebGL nor a 2D canvas');
    canvas.style.imageRendering = 'pixelated';
    return new Screen(host, width, height, undefined, undefined, undefined, canvas, ctx, rgba);
  }

  setMode(mode: DisplayMode): void {
    this.mode = mode;
    this.layout();
  }

  /** Sizes the canvas for the host: integer multiples of the picture, or 4:3 filling the space. */
  layout(): void {
    const box = this.host.getBoundingClientRect();
    const fit = fitScreen(this.mode, this.width, this.height, Math.max(1, box.width), Math.max(1, box.height));
    this.canvas.style.width = `${fit.width}px`;
    this.canvas.style.height = `${fit.height}px`;
    this.canvas.dataset.scale = String(fit.scale);
    this.lookFor(fit);
    if (this.app) this.app.render();
  }

  /**
   * Sharp modes: the canvas keeps the picture's own size and CSS scales it with image-rendering: pixelated
   * (nearest-neighbour): the GPU draws 360×243 dots a frame instead of the scaled-up area. The CRT look is drawn
   * at the size shown (its scanlines and curve need the pixels), with WebGL only; elsewhere it is the TV shape.
   */
  private lookFor(fit: { width: number; height: number }): void {
    const crt = this.mode === 'crt' && this.backend === 'webgl' && this.app && this.sprite;
    this.canvas.dataset.look = crt ? 'crt' : this.mode === 'crt' ? 'crt-unavailable' : 'sharp';
    this.canvas.classList.toggle('crt', !!crt);
    if (!this.app || !this.sprite) return;
    if (crt) {
      const w = Math.max(this.width, Math.round(fit.width));
      const h = Math.max(this.height, Math.round(fit.height));
      this.crt ??= crtFilter({ width: this.width, height: this.height });
      this.app.renderer.resize(w, h);
      this.sprite.scale.set(w / this.width, h / this.height);
      this.sprite.filters = [this.crt];
    } else {
      this.app.renderer.resize(this.width, this.height);
      this.sprite.scale.set(1, 1);
      this.sprite.filters = [];
    }
  }

  /** Shows a colour-index frame. */
  show(indices: Uint8Array): void {
    indexToRgba(indices, this.lut, this.rgba);
    if (this.app && this.source) {
      this.source.update();
      this.app.render();
    } else if (this.ctx2d) {
      this.ctx2d.putImageData(
        new ImageData(new Uint8ClampedArray(this.rgba.buffer as ArrayBuffer), this.width, this.height),
        0,
        0,
      );
    }
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
    this.resizeObserver.disconnect();
    this.app?.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
    this.canvas.remove();
  }
}
