/**
 * The console's picture: a pixi.js texture over an RGBA buffer made from the worker's colour-index
 * frame through the palette. The texture format is given explicitly (rgba8unorm; pixi's default for a
 * Uint8Array is bgra8unorm, which swaps red and blue under WebGPU) and sampled nearest-neighbour.
 * Without WebGL or WebGPU (pixi refuses to start) a plain 2D canvas shows the same pixels, and so it does in
 * the sharp modes where WebGL draws on the CPU (drawsOnCpu); one canvas is in the page at a time.
 */
import { Application, BufferImageSource, Sprite, Texture, Ticker } from 'pixi.js';
import type { Filter } from 'pixi.js';
import { crtFilter } from './crt-filter.ts';
import { indexToRgba, rgbaLut, NTSC, PALETTE_RF } from '../../rom-core/i8244/index.ts';
import { fitScreen } from './fit.ts';
import type { DisplayMode } from './fit.ts';

/** The picture drawn by pixi (WebGL or WebGPU). */
interface GpuPicture {
  app: Application;
  source: BufferImageSource;
  sprite: Sprite;
}

/** The picture drawn by a plain 2D canvas: the same RGBA buffer, viewed as an ImageData once. */
interface FlatPicture {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  image: ImageData;
}

/**
 * A WebGL that draws on the CPU (SwiftShader, llvmpipe, Windows' basic render driver): a computer with no
 * usable graphics card, or a headless browser. There, drawing the sharp picture through WebGL cost 0.70
 * CPU-seconds a second for a picture moving every frame, and a 2D canvas 0.29 (issue 38, `npm run bench --
 * power`): the sharp modes draw with the 2D canvas, and WebGL is kept for the CRT look alone.
 */
function drawsOnCpu(app: Application): boolean {
  const gl = (app.renderer as unknown as { gl?: WebGLRenderingContext }).gl;
  if (!gl || typeof gl.getParameter !== 'function') return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const names = [gl.getParameter(gl.RENDERER), info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : ''];
  return names.some((n) => /swiftshader|llvmpipe|softpipe|software|basic render/i.test(String(n)));
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
  private crt: Filter | undefined;
  private readonly resizeObserver: ResizeObserver;
  /** Which of the two draws the picture now: pixi, or the 2D canvas. */
  private drawing: 'gpu' | 'flat';

  private constructor(
    private readonly host: HTMLElement,
    readonly width: number,
    readonly height: number,
    /** pixi's picture; none when pixi refused to start. */
    private readonly gpu: GpuPicture | undefined,
    /** The 2D canvas's picture: without pixi, or with a WebGL that draws on the CPU (then for the sharp modes). */
    private readonly flat: FlatPicture | undefined,
    rgba: Uint8Array,
  ) {
    this.rgba = rgba;
    this.drawing = flat ? 'flat' : 'gpu';
    for (const canvas of [gpu?.app.canvas, flat?.canvas]) canvas?.classList.add('console-canvas');
    host.append(this.canvas);
    this.resizeObserver = new ResizeObserver(() => this.layout());
    this.resizeObserver.observe(host);
    this.layout();
  }

  /** The canvas on the page: the one that draws the picture now. */
  get canvas(): HTMLCanvasElement {
    return this.drawing === 'flat' ? this.flat!.canvas : this.gpu!.app.canvas;
  }

  /** What draws now: 'webgl', 'webgpu' or 'canvas2d'. */
  get backend(): string {
    return this.drawing === 'flat' ? 'canvas2d' : this.gpu!.app.renderer.name;
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
        const flat = drawsOnCpu(app) ? flatPicture(width, height, rgba) : undefined;
        return new Screen(host, width, height, { app, source, sprite }, flat, rgba);
      } catch {
        app.destroy({ removeView: true });
      }
    }
    return new Screen(host, width, height, undefined, flatPicture(width, height, rgba), rgba);
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
    const crt = this.mode === 'crt' && gpu?.app.renderer.name === 'webgl';
    this.use(crt || !this.flat ? 'gpu' : 'flat');
    const canvas = this.canvas;
    canvas.dataset.look = crt ? 'crt' : this.mode === 'crt' ? 'crt-unavailable' : 'sharp';
    canvas.dataset.backend = this.backend;
    canvas.classList.toggle('crt', crt);
    if (!gpu || this.drawing !== 'gpu') return;
    if (crt) {
      const w = Math.max(this.width, Math.round(fit.width));
      const h = Math.max(this.height, Math.round(fit.height));
      this.crt ??= crtFilter({ width: this.width, height: this.height });
      gpu.app.renderer.resize(w, h);
      gpu.sprite.scale.set(w / this.width, h / this.height);
      gpu.sprite.filters = [this.crt];
    } else {
      gpu.app.renderer.resize(this.width, this.height);
      gpu.sprite.scale.set(1, 1);
      gpu.sprite.filters = [];
    }
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
    if (this.drawing === 'flat') this.flat!.ctx.putImageData(this.flat!.image, 0, 0);
    else {
      this.gpu!.source.update();
      this.gpu!.app.render();
    }
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
    this.resizeObserver.disconnect();
    this.canvas.remove();
    this.gpu?.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }
}
