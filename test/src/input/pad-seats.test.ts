import { describe, expect, it } from 'vitest';
import { PadSeats } from '../../../src/input/pad-seats.ts';
import type { PadLike } from '../../../src/input/gamepad.ts';

const pad = (id: string, index: number): PadLike => ({ id, index, connected: true, buttons: [], axes: [] });
const A = pad('Pad A', 0);
const B = pad('Pad B', 1);
const C = pad('Pad C', 2);

describe('PadSeats: which hand control each pad holds', () => {
  it('gives the first pad the left control and the second the right', () => {
    const seats = new PadSeats();
    expect(seats.seat([A, B])).toEqual([0, 1]);
  });

  it('keeps the second pad on the right control when the first is unplugged, and gives the first its own back', () => {
    const seats = new PadSeats();
    seats.seat([A, B]);
    expect(seats.seat([B])).toEqual([1]);
    expect(seats.seat([A, B])).toEqual([0, 1]);
  });

  it('gives a third pad nothing until a control is free, then the free one', () => {
    const seats = new PadSeats();
    expect(seats.seat([A, B, C])).toEqual([0, 1, null]);
    expect(seats.seat([B, C])).toEqual([1, 0]);
    // A comes back: its left control is C's now, and the right is B's: A waits.
    expect(seats.seat([A, B, C])).toEqual([null, 1, 0]);
  });

  it('a lone pad plugged in after another was unplugged takes the lowest free control', () => {
    const seats = new PadSeats();
    seats.seat([A]);
    expect(seats.seat([])).toEqual([]);
    expect(seats.seat([B])).toEqual([0]);
  });
});
