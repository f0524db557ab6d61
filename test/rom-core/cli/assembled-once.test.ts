/**
 * assembled-once.ts: under the built CLI (the launcher's global set) an assembled image is kept
 * and used again only while every source text it read and the bundle are the same; without the
 * launcher nothing is kept.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assembledOnce } from '../../../rom-core/cli/assembled-once.ts';

const KEY = Symbol.for('o2conquest.cli-build');
const slot = globalThis as Record<symbol, unknown>;

/** A fake source tree and an "assembler" that counts its runs and joins what it read. */
function sources(files: Record<string, string>) {
  let runs = 0;
  const read = (path: string): string => {
    if (!(path in files)) throw new Error(`${path}: no such file`);
    return files[path];
  };
  const assemble = (r: (path: string) => string): Uint8Array => {
    runs++;
    const main = r('main.a48');
    // An include is read at each use, as the assembler does: twice here.
    const text = main.startsWith('include ') ? (r(main.slice(8)), r(main.slice(8))) : main;
    return new TextEncoder().encode(text);
  };
  return { files, read, assemble, runs: () => runs };
}

afterEach(() => {
  delete slot[KEY];
});

describe('assembledOnce', () => {
  it('assembles every time, keeping nothing, without the launcher', () => {
    const s = sources({ 'main.a48': 'abc' });
    expect(assembledOnce('cart', s.read, s.assemble)).toEqual(new TextEncoder().encode('abc'));
    assembledOnce('cart', s.read, s.assemble);
    expect(s.runs()).toBe(2);
  });

  it('keeps the image while the sources and the bundle are the same, and assembles again when either changes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'o2-assembled-once-'));
    slot[KEY] = { dir, name: 'o2', id: 'o2.1-1.mjs' };
    const s = sources({ 'main.a48': 'include part.a48', 'part.a48': 'xyz' });
    const image = (): string => new TextDecoder().decode(assembledOnce('cart', s.read, s.assemble));
    expect(image()).toBe('xyz');
    expect(readdirSync(dir)).toEqual(['o2.cart.json']);
    // Each file kept once, in the order first read.
    const kept = JSON.parse(readFileSync(join(dir, 'o2.cart.json'), 'utf8')) as { reads: [string, string][] };
    expect(kept.reads).toEqual([
      ['main.a48', 'include part.a48'],
      ['part.a48', 'xyz'],
    ]);
    expect(image()).toBe('xyz');
    expect(s.runs()).toBe(1);
    // An included file changed (same length): assembled again.
    s.files['part.a48'] = 'xyZ';
    expect(image()).toBe('xyZ');
    expect(s.runs()).toBe(2);
    expect(image()).toBe('xyZ');
    expect(s.runs()).toBe(2);
    // Another bundle (the code changed): assembled again.
    slot[KEY] = { dir, name: 'o2', id: 'o2.2-2.mjs' };
    expect(image()).toBe('xyZ');
    expect(s.runs()).toBe(3);
    // A source gone: the assembly runs and says why, as without the launcher.
    delete s.files['part.a48'];
    expect(() => image()).toThrow('part.a48: no such file');
  });

  it('still assembles when the build folder cannot be written', () => {
    slot[KEY] = { dir: '/dev/null/nowhere', name: 'o2', id: 'x' };
    const s = sources({ 'main.a48': 'q' });
    expect(new TextDecoder().decode(assembledOnce('cart', s.read, s.assemble))).toBe('q');
    expect(existsSync('/dev/null/nowhere')).toBe(false);
  });
});
