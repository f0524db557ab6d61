import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartKey, choiceFor, rememberChoice, withCartChoice } from '../../../src/machine/cart-choice.ts';

/** A Storage stand-in for Node: the real one is the browser's. */
function fakeStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k: string) => m.get(k) ?? null,
    key: (i: number) => [...m.keys()][i] ?? null,
    removeItem: (k: string) => {
      m.delete(k);
    },
    setItem: (k: string, v: string) => {
      m.set(k, String(v));
    },
  };
}

describe("the user's mapper and TV choice per cartridge image", () => {
  const image = new Uint8Array(2048).fill(7);
  const other = new Uint8Array(4096).fill(9);
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = fakeStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it("is remembered by the image's CRC32, applied to that image only, and forgotten when set back to automatic", () => {
    expect(choiceFor(image)).toEqual({});
    expect(rememberChoice(image, { tv: 'PAL' })).toBe(true);
    expect(choiceFor(image)).toEqual({ tv: 'PAL' });
    expect(choiceFor(other)).toEqual({});
    expect(withCartChoice({ cart: image })).toEqual({ cart: image, tv: 'PAL' });
    // Ours (no user cartridge) never takes a choice, not even a stale one carried in the images.
    expect(withCartChoice({ builtinCart: 'battle', mapper: 'rally', tv: 'PAL' })).toEqual({ builtinCart: 'battle' });
    rememberChoice(image, {});
    expect(localStorage.getItem('o2conquest.cartChoices')).toBe('{}');
  });

  it('ignores a damaged or crafted store instead of passing it to the machine', () => {
    localStorage.setItem(
      'o2conquest.cartChoices',
      JSON.stringify({ [cartKey(image)]: { mapper: 'bogus', tv: 'SECAM' }, nothex: { tv: 'PAL' } }),
    );
    expect(choiceFor(image)).toEqual({});
    localStorage.setItem('o2conquest.cartChoices', '{not json');
    expect(choiceFor(image)).toEqual({});
    expect(rememberChoice(image, { mapper: 'rally' })).toBe(true);
    expect(choiceFor(image)).toEqual({ mapper: 'rally' });
  });
});
