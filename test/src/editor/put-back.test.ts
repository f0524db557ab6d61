/** The program a share link replaced, kept for "Put back my program" (src/editor/put-back.ts). */
import { describe, expect, it } from 'vitest';
import { PutAside, fileNames } from '../../../src/editor/put-back.ts';
import type { Program } from '../../../src/editor/program-files.ts';
import type { Setting } from '../../../src/platform/settings.ts';

function memory(): Setting<Program | null> {
  let value: Program | null = null;
  return { get: () => value, set: (v) => (value = v === null ? null : JSON.parse(JSON.stringify(v))) };
}

const mine: Program = {
  main: 'game.a48',
  files: [
    { name: 'game.a48', text: 'mine' },
    { name: 'g7000.h', text: 'h' },
  ],
};
const link: Program = { main: 'demo.a48', files: [{ name: 'demo.a48', text: 'theirs' }] };

describe('PutAside', () => {
  it('keeps the program a link replaced, and hands it back once', () => {
    const aside = new PutAside(memory());
    const open = { files: mine.files.map((f) => ({ ...f })), main: mine.main };
    expect(aside.replace(open, link)).toBe(true);
    // Edits to the files open after the link came do not reach the copy kept.
    open.files[0].text = 'changed';
    expect(aside.kept).toEqual(mine);
    expect(aside.take()).toEqual(mine);
    expect(aside.take()).toBeNull();
    expect(fileNames(mine)).toBe('game.a48, g7000.h');
  });

  it('keeps nothing when nothing was open, or when the link holds the program open already', () => {
    const aside = new PutAside(memory());
    expect(aside.replace({ files: [], main: '' }, link)).toBe(false);
    expect(aside.replace(link, { files: [{ ...link.files[0] }], main: link.main })).toBe(false);
    expect(aside.kept).toBeNull();
  });

  it('a second link keeps the program the second one replaced (the newest)', () => {
    const aside = new PutAside(memory());
    aside.replace(mine, link);
    aside.replace(link, mine);
    expect(aside.kept).toEqual(link);
  });
});
