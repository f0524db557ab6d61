/**
 * The shapes of the console storage's records, checked as they are read (issue 37): IndexedDB hands
 * back whatever was put there (an older page's record, one of another store, a value edited in the
 * developer tools), and a page that trusted it failed on every load. Each check never throws, reads
 * only own properties with `typeof` (a field like `{"toString": 5}` is never called), and says in a
 * sentence what is wrong.
 */
/* The records' shapes live here, beside their checks (store.ts re-exports them). */
export interface StoredRom {
  key: string;
  kind: 'bios' | 'cart' | 'charset';
  name: string;
  note: string;
  size: number;
  crcHex: string;
  bytes: Uint8Array;
  added: number;
}

export interface StoredState {
  key: string;
  machine: string;
  slot: number;
  bytes: Uint8Array;
  frame: number;
  savedAt: number;
}

/** Which library images the console boots (absent: our own). */
export interface ActiveRoms {
  bios?: string;
  cart?: string;
  charset?: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; why: string };

const ROM_KINDS = new Set(['bios', 'cart', 'charset']);
const ROM_FIELDS = ['key', 'kind', 'name', 'note', 'size', 'crcHex', 'bytes', 'added'];
const STATE_FIELDS = ['key', 'machine', 'slot', 'bytes', 'frame', 'savedAt'];
const ACTIVE_FIELDS = ['bios', 'cart', 'charset'];

/** The value's own field, or undefined (never a prototype's, never a getter run twice). */
function own(o: object, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, name) ? (o as Record<string, unknown>)[name] : undefined;
}

function plainObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** The first own field not in `known`, if any (an unknown field means a record of another kind). */
function unknownField(o: object, known: string[]): string | undefined {
  return Object.keys(o).find((k) => !known.includes(k));
}

/** `what` says what the record is, e.g. "is not a ROM"; undefined when the fields are all there. */
function fieldProblem(o: object, known: string[], checks: [string, (v: unknown) => boolean][]): string | undefined {
  const extra = unknownField(o, known);
  if (extra !== undefined) return `has a field "${extra.slice(0, 40)}" no such record has`;
  const bad = checks.find(([name, ok]) => !ok(own(o, name)));
  return bad ? `has no readable "${bad[0]}"` : undefined;
}

const isText = (v: unknown): boolean => typeof v === 'string';
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isTime = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

/** A ROM record of the library, as `putRom` writes it. */
export function checkRom(v: unknown): Checked<StoredRom> {
  if (!plainObject(v)) return { ok: false, why: 'is not a ROM record' };
  const problem = fieldProblem(v, ROM_FIELDS, [
    ['key', isText],
    ['kind', (k) => typeof k === 'string' && ROM_KINDS.has(k)],
    ['name', isText],
    ['note', isText],
    ['size', isCount],
    ['crcHex', (c) => typeof c === 'string' && /^[0-9a-f]{8}$/i.test(c)],
    ['bytes', (b) => b instanceof Uint8Array],
    ['added', isTime],
  ]);
  if (problem) return { ok: false, why: `is not a ROM record: it ${problem}` };
  const rom = v as StoredRom;
  if (rom.bytes.length !== rom.size)
    return { ok: false, why: `is not a ROM record: it says ${rom.size} bytes and holds ${rom.bytes.length}` };
  return { ok: true, value: rom };
}

/** A saved machine state (a slot, or a page's autosave), as `putState` writes it. */
export function checkState(v: unknown): Checked<StoredState> {
  if (!plainObject(v)) return { ok: false, why: 'is not a saved state' };
  const problem = fieldProblem(v, STATE_FIELDS, [
    ['key', isText],
    ['machine', isText],
    ['slot', isCount],
    ['bytes', (b) => b instanceof Uint8Array],
    ['frame', isCount],
    ['savedAt', isTime],
  ]);
  if (problem) return { ok: false, why: `is not a saved state: it ${problem}` };
  const s = v as StoredState;
  if (s.key !== `${s.machine}#${s.slot}`)
    return { ok: false, why: 'is not a saved state: its key is not its machine and slot' };
  return { ok: true, value: s };
}

/** Which library images the console boots: each one a library key, or absent. */
export function checkActive(v: unknown): Checked<ActiveRoms> {
  if (!plainObject(v)) return { ok: false, why: 'is not a choice of ROMs' };
  const problem = fieldProblem(
    v,
    ACTIVE_FIELDS,
    ACTIVE_FIELDS.map((k): [string, (x: unknown) => boolean] => [k, (x) => x === undefined || typeof x === 'string']),
  );
  if (problem) return { ok: false, why: `is not a choice of ROMs: it ${problem}` };
  const active: ActiveRoms = {};
  for (const k of ['bios', 'cart', 'charset'] as const) {
    const key = own(v, k);
    if (typeof key === 'string') active[k] = key;
  }
  return { ok: true, value: active };
}

/** A record's key in a sentence (a key is a string, number, date or array of those). */
export function keyText(key: IDBValidKey): string {
  const text = typeof key === 'string' ? key : JSON.stringify(key instanceof Date ? key.toISOString() : key);
  return (text ?? '?').slice(0, 80);
}
