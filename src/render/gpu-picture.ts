/**
 * The picture drawn by pixi.js (WebGL or WebGPU): the renderer, the texture over the screen's RGBA buffer and
 * the CRT look. Loaded apart from the page's code and made after the first picture, which the 2D canvas draws
 * (screen.ts): pixi's code and its renderer's start (a WebGL context, its shaders) were a quarter to half a second
 * of the page's thread before the first picture on the CI machine (issue 38).
 *
 * The texture format is given explicitly (rgba8unorm; pixi's default for a Uint8Array is bgra8unorm, which swaps
 * red and blue under WebGPU) and sampled nearest-neighbour.
 */
import { Application, BufferImageSource, Sprite, Texture, Ticker } from 'pixi.js';
import type { Filter } from 'pixi.js';
import { crtFilter } from './crt-filter.ts';

export class GpuPicture {
  private crt: Filter | undefined;

  private constructor(
    readonly app: Application,
    private readonly source: BufferImageSource,
    private readonly sprite: Sprite,
    /** WebGL that draws on the CPU (drawsOnCpu): the sharp modes are the 2D canvas's. */
    readonly onCpu: boolean,
  ) {}

  /** The picture over `rgba` (width × height), or undefined when pixi refuses to start (no WebGL or WebGPU). */
  static async create(width: number, height: number, rgba: Uint8Array): Promise<GpuPicture | undefined> {
    let app: Application | undefined;
    try {
      // pixi's system ticker (its pointer events' hover checks, its texture garbage collector) asked for an
      // animation frame all evening, also with the picture still (issue 38). The picture is drawn by
      // app.render() when it changes, with no pointer events on its one sprite and no textures made per
      // frame: that ticker has nothing to do here.
      Ticker.system.autoStart = false;
      Ticker.system.stop();
      app = new Application();
      await app.init({
        width,
        height,
        preference: 'webgl',
        antialias: false,
        autoStart: false,
        background: 0x000000,
        preserveDrawingBuffer: true,
        resolution: 1,
        autoDensity: false,
      });
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
      return new GpuPicture(app, source, sprite, drawsOnCpu(app));
    } catch {
      app?.destroy({ removeView: true });
      return undefined;
    }
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  get backend(): string {
    return this.app.renderer.name;
  }

  /** Whether the CRT look can be drawn (its filter is GLSL: WebGL only). */
  get crtCapable(): boolean {
    return this.app.renderer.name === 'webgl';
  }

  /**
   * The CRT look drawn at the shown size `fit` (its scanlines and curve need the pixels), or the sharp picture at
   * its own size (CSS scales it up nearest-neighbour).
   */
  look(crt: boolean, width: number, height: number, fit: { width: number; height: number }): void {
    if (crt) {
      const w = Math.max(width, Math.round(fit.width));
      const h = Math.max(height, Math.round(fit.height));
      this.crt ??= crtFilter({ width, height });
      this.app.renderer.resize(w, h);
      this.sprite.scale.set(w / width, h / height);
      this.sprite.filters = [this.crt];
    } else {
      this.app.renderer.resize(width, height);
      this.sprite.scale.set(1, 1);
      this.sprite.filters = [];
    }
  }

  draw(): void {
    this.source.update();
    this.app.render();
  }

  destroy(): void {
    this.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }
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
