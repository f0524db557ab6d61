/**
 * The CRT look: a pixi filter over the picture drawn at its shown size, as a TV of the time showed it. Three
 * things, each small so the game stays readable: scanlines (every line of the picture brightest at its middle,
 * darker towards its edges), a slight barrel curvature (the glass bulges; the corners fall outside and are
 * black), and a phosphor glow (a little of the neighbouring dots' light added, so bright things bleed softly).
 * WebGL only (GLSL): the screen falls back to the plain TV shape under WebGPU or a 2D canvas.
 */
import { defaultFilterVert, Filter, GlProgram, UniformGroup } from 'pixi.js';

const FRAGMENT = `
in vec2 vTextureCoord;
out vec4 finalColor;

uniform sampler2D uTexture;
uniform vec4 uInputSize;
uniform vec4 uOutputFrame;
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
  vec2 step = 1.0 / uDots;
  vec3 near = (dot3(p + vec2(step.x, 0.0)) + dot3(p - vec2(step.x, 0.0)) + dot3(p + vec2(0.0, step.y)) +
               dot3(p - vec2(0.0, step.y))) * 0.25;
  float across = abs(fract(p.y * uDots.y) - 0.5) * 2.0;
  float scan = 1.0 - uScan * across * across;
  finalColor = vec4(colour * scan + near * uGlow, 1.0);
}
`;

export interface CrtSettings {
  /** Barrel curvature: 0 flat; 0.04 a gentle bulge. */
  curve: number;
  /** How much darker a line's edges are than its middle (0-1). */
  scan: number;
  /** How much of the neighbouring dots' light is added (0-1). */
  glow: number;
}

export const CRT_DEFAULTS: CrtSettings = { curve: 0.04, scan: 0.45, glow: 0.18 };

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
