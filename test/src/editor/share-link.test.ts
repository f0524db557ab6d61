import { describe, expect, it } from 'vitest';
import {
  MAX_SHARE_BYTES,
  MAX_SHARE_CHARS,
  SHARE_TAG,
  decodeShare,
  encodeShare,
  shareUrl,
  sharedText,
} from '../../../src/editor/share-link.ts';
import { toBase64Url } from '../../../board/index.ts';
import { NEW_PROGRAM } from '../../../src/editor/template.ts';

const program = {
  main: 'hello.a48',
  files: [
    { name: 'hello.a48', text: '\tinclude "g7000.h"\n\tjmp\tstart ; “quotes” and ½\n' },
    { name: 'g7000.h', text: 'start equ 0\n' },
  ],
};

async function deflate(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return SHARE_TAG + toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

describe('a program as a link', () => {
  it('round trip: the files, their order and the main file come back from the link', async () => {
    const made = await encodeShare(program);
    if (!made.ok) throw new Error(made.error);
    expect(made.text.startsWith(SHARE_TAG)).toBe(true);
    expect(made.text).toMatch(/^[A-Za-z0-9._-]+$/);
    const url = shareUrl('https://example.org/o2/?cart=x#/board', made.text);
    expect(url).toBe(`https://example.org/o2/?cart=x#/console?src=${made.text}`);
    const back = await decodeShare(sharedText(new URL(url).hash)!);
    expect(back).toEqual({ ok: true, ...program });
  });

  it('the template program fits in a short link', async () => {
    const made = await encodeShare({ main: 'new.a48', files: [{ name: 'new.a48', text: NEW_PROGRAM }] });
    expect(made.ok && made.text.length).toBeLessThan(1600);
  });

  it('a fragment without a program holds none', () => {
    expect(sharedText('#/console')).toBeNull();
    expect(sharedText('#/console?cart=1')).toBeNull();
  });

  it('a damaged link is refused with a sentence', async () => {
    const made = await encodeShare(program);
    if (!made.ok) throw new Error(made.error);
    const cut = await decodeShare(made.text.slice(0, made.text.length - 12));
    expect(cut).toEqual({
      ok: false,
      error: expect.stringMatching(/^This program link is damaged: .*; your program was left as it was\.$/),
    });
    const changed = await decodeShare(made.text.replace(/.$/, '!'));
    expect(changed.ok).toBe(false);
    expect(!changed.ok && changed.error).toMatch(/holds characters a link never does/);
    const other = await decodeShare('o2turn1.AAAA');
    expect(!other.ok && other.error).toMatch(/is not one this console made/);
    const notProgram = await decodeShare(await deflate('{"main":"a.a48","files":[["b.a48","x"]]}'));
    expect(!notProgram.ok && notProgram.error).toMatch(/unpacks, but not to a program/);
  });

  it('a program too long for a link is refused when made, and an oversized link unread', async () => {
    // Random-looking text deflates poorly: 100,000 characters make a link longer than the limit.
    let seed = 1;
    const noise = Array.from({ length: 100_000 }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return String.fromCharCode(33 + ((seed >> 16) % 90));
    }).join('');
    const made = await encodeShare({ main: 'big.a48', files: [{ name: 'big.a48', text: noise }] });
    expect(made).toEqual({ ok: false, error: expect.stringMatching(/more than the 64000 a shared program may be/) });
    const long = await decodeShare(SHARE_TAG + 'A'.repeat(MAX_SHARE_CHARS));
    expect(!long.ok && long.error).toMatch(/characters long, more than the 64000/);
    // A small link that inflates past the byte limit (a zip bomb) is refused while inflating.
    const bomb = await decodeShare(await deflate(' '.repeat(MAX_SHARE_BYTES + 1)));
    expect(!bomb.ok && bomb.error).toMatch(/unpacks to more than 1048576 bytes/);
  });
});
