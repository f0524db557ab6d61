/**
 * Keyboard, joysticks and RESET as a program sees them: test/programs/machine/input.a48 scans all
 * eight keyboard rows through P2 and both sticks through INS A,BUS every loop and keeps the readings
 * in internal RAM 20h-2Ch (see its header).
 */
import { describe, expect, it } from 'vitest';
import { JOY_BITS, KEY_MATRIX, KEY_NAMES } from '../../../rom-core/machine/index.ts';
import { machine, testCart } from './helpers.ts';

function boot() {
  const m = machine(testCart('input'));
  m.runFrame();
  return m;
}

const rows = (m: ReturnType<typeof boot>): number[] => [...m.cpu.ram.subarray(0x20, 0x28)];

/** IN A,P2 is the pins ANDed with the output latch, which the program set to F0h + row. */
const NONE = [0, 1, 2, 3, 4, 5, 6, 7].map((r) => 0xf0 | r);
const seen = (row: number, bit: number): number => (((7 - bit) << 5) | 0x0f) & (0xf0 | row);

describe('keyboard matrix through P2 (74156 row select, 74148 encoder)', () => {
  it('reads FFh in every row with no key down', () => {
    const m = boot();
    m.runFrame();
    expect(rows(m)).toEqual(NONE);
  });

  // The rows of docs/hardware.md §5.1 (MAME KEY.0-5), written out again here so the table in
  // input.ts is checked against the document, not against itself.
  const TABLE: string[][] = [
    ['0', '1', '2', '3', '4', '5', '6', '7'],
    ['8', '9', '', '', 'SPACE', 'QUESTION', 'L', 'P'],
    ['PLUS', 'W', 'E', 'R', 'T', 'U', 'I', 'O'],
    ['Q', 'S', 'D', 'F', 'G', 'H', 'J', 'K'],
    ['A', 'Z', 'X', 'C', 'V', 'B', 'M', 'PERIOD'],
    ['MINUS', 'TIMES', 'DIVIDE', 'EQUALS', 'Y', 'N', 'CLEAR', 'ENTER'],
  ];

  it('has exactly the 46 keys of the table', () => {
    expect(Object.keys(KEY_MATRIX).sort()).toEqual(
      TABLE.flat()
        .filter((k) => k !== '')
        .sort(),
    );
  });

  it('every key: its row reads (7 - column) << 5 with P2.4 = 0, every other row FFh', () => {
    const m = boot();
    TABLE.forEach((keys, row) => {
      keys.forEach((key, bit) => {
        if (key === '') return;
        m.setKey(key, true);
        m.runFrame();
        const expected = [...NONE];
        expected[row] = seen(row, bit);
        expect(rows(m), key).toEqual(expected);
        // The BIOS's decode of the reading (SWAP A; RR A; XRL A,#07h; ANL A,#3Fh) is row·8 + bit.
        const p2 = expected[row];
        const swapped = ((p2 << 4) | (p2 >> 4)) & 0xff;
        const rr = ((swapped >> 1) | (swapped << 7)) & 0xff;
        expect((rr ^ 0x07) & 0x3f, key).toBe(KEY_MATRIX[key]);
        m.setKey(key, false);
      });
    });
    m.runFrame();
    expect(rows(m)).toEqual(NONE);
  });

  it('reports the highest column when several keys of a row are down', () => {
    const m = boot();
    m.setKey('Q', true); // bit 0
    m.setKey('G', true); // bit 4
    m.runFrame();
    expect(m.cpu.ram[0x23]).toBe(seen(3, 4));
    m.setKey('K', true); // bit 7
    m.runFrame();
    expect(m.cpu.ram[0x23]).toBe(seen(3, 7));
  });

  it('is invisible with P1.2 = 1 (decoder disabled)', () => {
    const m = boot();
    m.setKey('0', true);
    m.setKey('J0_FIRE', true);
    m.runFrame();
    expect(m.cpu.ram[0x20]).toBe(seen(0, 0));
    expect(m.cpu.ram[0x2b]).toBe(0xf0); // the pins read FFh; the latch is F0h
    expect(m.cpu.ram[0x2c]).toBe(0xff);
  });

  it('key names are case-insensitive; unknown names are refused with the list', () => {
    const m = boot();
    m.setKey('a', true);
    m.runFrame();
    expect(m.cpu.ram[0x24]).toBe(seen(4, 0));
    expect(() => m.setKey('F1', true)).toThrow(/unknown key 'F1'.*ENTER/);
    expect(KEY_NAMES).toContain('J1_FIRE');
  });
});

describe('joysticks through INS A,BUS', () => {
  // MAME JOY.n: bit 0 up, 1 right, 2 down, 3 left, 4 fire; the bus reads them inverted.
  const BITS: [string, number][] = [
    ['UP', 0x01],
    ['RIGHT', 0x02],
    ['DOWN', 0x04],
    ['LEFT', 0x08],
    ['FIRE', 0x10],
  ];

  it('uses the bits of MAME JOY.n', () => {
    expect(Object.entries(JOY_BITS).sort()).toEqual([...BITS].sort());
  });

  for (const stick of [0, 1]) {
    it(`J${stick}: each switch reads active low at ${(0x28 + stick).toString(16)}h, the other stick FFh`, () => {
      const m = boot();
      for (const [name, bit] of BITS) {
        m.setKey(`J${stick}_${name}`, true);
        m.runFrame();
        expect(m.cpu.ram[0x28 + stick], name).toBe(0xff & ~bit);
        expect(m.cpu.ram[0x28 + (1 - stick)]).toBe(0xff);
        expect(m.cpu.ram[0x2a]).toBe(0xff); // P2 = F2h selects no stick
        m.setKey(`J${stick}_${name}`, false);
      }
      m.setKey(`J${stick}_UP`, true);
      m.setKey(`J${stick}_LEFT`, true);
      m.setKey(`J${stick}_FIRE`, true);
      m.runFrame();
      expect(m.cpu.ram[0x28 + stick]).toBe(0xff & ~0x19);
      m.releaseAll();
      m.runFrame();
      expect(m.cpu.ram[0x28 + stick]).toBe(0xff);
    });
  }
});

describe('RESET key', () => {
  it('holds the CPU in reset while down and restarts it from 000h on release; RAM is kept', () => {
    const m = boot();
    m.runFrame();
    const loops = m.cpu.ram[0x2d];
    expect(loops).toBeGreaterThan(0);
    m.eram[0x10] = 0x77;
    m.setKey('RESET', true);
    expect(m.cpu.pc).toBe(0);
    expect(m.p1).toBe(0xff);
    const cycles = m.cpu.cycles;
    m.runFrame();
    m.runFrame();
    expect(m.cpu.cycles).toBe(cycles);
    expect(m.cpu.pc).toBe(0);
    expect(m.frameNumber).toBe(4);
    m.setKey('RESET', false);
    m.runFrame();
    expect(m.cpu.cycles).toBeGreaterThan(cycles);
    expect(m.eram[0x10]).toBe(0x77);
    // The program started again: its loop counter restarted from 0.
    expect(m.cpu.ram[0x2d]).toBeLessThan(loops + 1);
  });
});

describe('RESET while the program polls /INT', () => {
  it('never steps the VDC back in time (JNI looks one cycle ahead; RESET writes P1 from outside)', () => {
    const cart = new Uint8Array(0x800).fill(0xff);
    // 400h: ANL P1,#7Fh (luminance force on); 402h: JNI 404h; 404h: NOP; 405h: JMP 402h.
    // A 5-cycle loop, so over the frames runFrame also stops right after a JNI.
    cart.set([0x99, 0x7f, 0x86, 0x04, 0x00, 0x84, 0x02], 0);
    const m = machine(cart);
    let afterJni = 0;
    for (let i = 0; i < 60; i++) {
      m.runFrame();
      if (m.cpu.pc === 0x404) afterJni++;
      if (i % 3 === 2) m.setKey('RESET', !m.resetHeld);
    }
    expect(afterJni).toBeGreaterThan(0);
    expect(m.frameNumber).toBe(60);
  });
});
