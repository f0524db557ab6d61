import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromBase64Url, toBase64Url } from '../../../board/mail/codec.ts';

describe('base64url as turns are written', () => {
  it('round-trips any bytes, in the link-safe alphabet without padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
      { seed: 7 },
    );
  });

  it('refuses what it never writes: foreign characters, a dangling character, stray low bits', () => {
    expect(fromBase64Url('AA==')).toBeNull();
    expect(fromBase64Url('AA+/')).toBeNull();
    expect(fromBase64Url('AAAAA')).toBeNull(); // 5 characters: 30 bits, no whole number of bytes
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
    expect(fromBase64Url('AB')).toBeNull(); // the same byte with a low bit set: another text for it
  });
});
