/**
 * Run by snapshot-alloc.test.ts in a process of its own: bytes allocated per call of a snapshot and of
 * a restore, printed as JSON. Measured as the growth of V8's heap plus typed arrays' stores over many
 * calls: between two garbage collections that only grows, by what was allocated; a trial with a
 * collection in it shows less, so each figure is the median of several trials. A process of its own,
 * because V8 shares how a class's fields hold numbers among all its objects: once some test has put a
 * number past 2^30 into any machine's cycle count, every machine's is held boxed, and each generic read
 * of it allocates 16 bytes (as in a player's machine after about 50 minutes; see the report of issue 38).
 */
import { Arena } from '../../../rom-core/bot/arena.ts';
import { BETWEEN_FRAMES } from '../../../rom-core/machine/odyssey2.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';

const CALLS = 400;
const TRIALS = 9;

function heapBytes(): number {
  const u = process.memoryUsage();
  return u.heapUsed + u.arrayBuffers;
}

/** Bytes allocated per call of `f` (the median trial's), after `f` has run often enough to be compiled. */
function allocatedPerCall(f: () => void): number {
  for (let i = 0; i < 3000; i++) f();
  const grown: number[] = [];
  for (let t = 0; t < TRIALS; t++) {
    const before = heapBytes();
    for (let i = 0; i < CALLS; i++) f();
    grown.push(heapBytes() - before);
  }
  grown.sort((x, y) => x - y);
  return grown[TRIALS >> 1] / CALLS;
}

// A machine mid-battle (its sound level log holds entries), and two snapshots of it a few frames apart.
const arena = new Arena(openBios(), battleCart());
arena.begin({ red: 'T', blue: 'S', redEnergy: 500, blueEnergy: 500 });
const m = arena.machine;
m.joy[0] = 1 | 16;
m.joy[1] = 8 | 16;
for (let i = 0; i < 60; i++) m.runFrame();
const a = m.snapshot();
for (let i = 0; i < 5; i++) m.runFrame();
const b = m.snapshot();

const result: Record<string, number | boolean> = {};

m.restoreSnapshot(a);
const into = new Uint8Array(a.length);
result.intoReturned = m.snapshot(into) === into;
result.intoEqual = into.every((x, i) => x === a[i]);
result.snapshotInto = allocatedPerCall(() => m.snapshot(into));

const kept = new Uint8Array(a.length + b.length);
const pick = (): Uint8Array => kept;
let length = 0;
m.restoreSnapshot(b);
result.snapshotTo = allocatedPerCall(() => (length = m.snapshotTo(pick)));
result.snapshotToEqual = length === b.length && b.every((x, i) => x === kept[i]);

let n = 0;
result.restore = allocatedPerCall(() => m.restoreSnapshot(n++ & 1 ? a : b));
const ring = new Uint8Array(a.length + b.length + 16);
ring.set(a, 8);
ring.set(b, 8 + a.length);
const ab = 8 + a.length;
result.restoreRange = allocatedPerCall(() =>
  n++ & 1 ? m.restoreSnapshot(ring, BETWEEN_FRAMES, 8, ab) : m.restoreSnapshot(ring, BETWEEN_FRAMES, ab, ab + b.length),
);
m.restoreSnapshot(ring, BETWEEN_FRAMES, 8, ab);
const again = m.snapshot();
result.restoreRangeEqual = again.length === a.length && again.every((x, i) => x === a[i]);

console.log(JSON.stringify(result));
