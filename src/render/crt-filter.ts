/**
 * The CRT look: a pixi filter over the picture drawn at its shown size, as a TV of the time showed it. Three
 * things, each small so the game stays readable: scanlines (every line of the picture bright at its top and
 * darker towards its bottom, a dark gap between lines), a slight barrel curvature (the glass bulges; the corners fall outside and are
 * black), and a phosphor glow (a little of the neighbouring dots' light added, so bright things bleed softly).
 * WebGL only (GLSL): the screen falls back to the plain TV shape under WebGPU or a 2D canvas.
 */
import { defaultFilterVert, Filter, GlProgram, UniformGroup } from 'pixi.js';

const FRAGMENT = `
in vec2 vTextureCoord;
out vec4 finalColor;

uniform sampler2D uTexture;
// highp as the vertex shader declares them: the two stages must agree, or the program does not link.
uniform highp vec4 uInputSize;
uniform highp vec4 uOutputFrame;
uniform vec2 uDots;
uniform float uCurve;
uniform float uScan;
uniform float uGlow;

// The picture's own coordinates (0..1 over the sprite) of this output pixel, bent as the glass bends them.
vec2 bend(vec2 p) {
  vec2 c = p * 2.0 - 1.0;
  c *= 1.0 + uCurve * dot(c, c);
  return c * 0.5 + 0.5;
}

vec3 dot3(vec2 p) {
  return texture(uTexture, p * uOutputFrame.zw * uInputSize.zw).rgb;
}

void main() {
  vec2 p = bend(vTextureCoord * uInputSize.xy / uOutputFrame.zw);
  if (p.x < 0.0 || p.y < 0.0 || p.x > 1.0 || p.y > 1.0) {
    finalColor = vec4(0.0, 0.0, 0.0, 1.0);
    return;
  }
  vec3 colour = dot3(p);
  vec2 d = 1.0 / uDots;
  vec3 near = (dot3(p + vec2(d.x, 0.0)) + dot3(p - vec2(d.x, 0.0)) + dot3(p + vec2(0.0, d.y)) +
               dot3(p - vec2(0.0, d.y))) * 0.25;
  // Each line bright from its top and dimmer towards its bottom: at two or three pixels a line (a laptop's
  // picture) every line's last pixel row is the dark gap between lines.
  float scan = 1.0 - uScan * smoothstep(0.4, 1.0, fract(p.y * uDots.y));
  finalColor = vec4(colour * scan + near * uGlow, 1.0);
}
`;

export interface CrtSettings {
  /** Barrel curvature: 0 flat; 0.04 a gentle bulge. */
  curve: number;
  /** How much darker a line's bottom is than its top (0-1). */
  scan: number;
  /** How much of the neighbouring dots' light is added (0-1). */
  glow: number;
}

/** test/e2e/console-helpers.ts (crtCheck) holds the picture to these figures. */
export const CRT_DEFAULTS: CrtSettings = { curve: 0.04, scan: 0.5, glow: 0.18 };

export function crtFilter(dots: { width: number; height: number }, s: CrtSettings = CRT_DEFAULTS): Filter {
  return new Filter({
    glProgram: GlProgram.from({ vertex: defaultFilterVert, fragment: FRAGMENT, name: 'o2-crt' }),
    resources: {
      crt: new UniformGroup({
        uDots: { value: new Float32Array([dots.width, dots.height]), type: 'vec2<f32>' },
        uCurve: { value: s.curve, type: 'f32' },
        uScan: { value: s.scan, type: 'f32' },
        uGlow: { value: s.glow, type: 'f32' },
      }),
    },
  });
}
