import { describe, expect, it } from 'vitest';
import { profileText, sparkline } from '../../../src/debugger/profile-view.ts';
import { profileLines } from '../../../src/worker/debug-views.ts';

describe('the cycle profile as the debugger shows it', () => {
  it('sums cycles by source line, the BIOS as one, most first', () => {
    const byAddress = new Float64Array(4096);
    byAddress[0x10] = 5;
    byAddress[0x20] = 7;
    byAddress[0x400] = 30;
    byAddress[0x402] = 20;
    byAddress[0x404] = 4;
    const source = (a: number): string | undefined => (a === 0x400 || a === 0x402 ? 'new.a48:9  loop' : undefined);
    expect(profileLines(byAddress, source)).toEqual([
      { where: 'new.a48:9  loop', cycles: 50, file: 'new.a48', line: 9 },
      { where: 'BIOS (no source line)', cycles: 12 },
      { where: '404h (no source line)', cycles: 4 },
    ]);
    expect(profileLines(byAddress, source, 1)).toHaveLength(1);
  });

  it('says how much of the frame the cartridge used, how much was a wait, and how busy the machine was', () => {
    const text = profileText({
      frameCycles: 5983.25,
      frames: [
        { cart: 1000, bios: 4983, wait: 4000 },
        { cart: 2992, bios: 2992, wait: 2992 },
        { cart: 5983, bios: 0, wait: 0 },
      ],
      lines: [{ where: 'new.a48:9  loop', cycles: 50 }],
      total: 200,
    });
    expect(text.split('\n')).toEqual([
      'last frame: cartridge 5983 + BIOS 0 of 5983 cycles (cartridge 100.0 %)',
      'waiting in a loop 0: busy 5983 of 5983 (100.0 %)',
      'last 3 frames, busy: min 1983, median 2992, max 5983',
      '▃▅█',
      'cycles by source line (200 counted):',
      ' 25.0 %        50  new.a48:9  loop',
    ]);
    expect(sparkline([0, 5983], 5983.25)).toBe('▁█');
  });
});
