/** The golden CPU traces MAME recorded (test/golden/cpu/*.jsonl): one JSON object per frame. */

export interface GoldenFrame {
  frame: number;
  /** MAME's total machine cycles of the CPU when the frame ended. */
  cycles: number;
  pc: number;
  a: number;
  /** MAME's m_psw: bit 3 is never stored (MOV A,PSW ORs it in). */
  psw: number;
  p1: number;
  p2: number;
  f1: number;
  /** 0 or 800h: the memory-bank flip-flop. */
  a11: number;
  timer: number;
  prescaler: number;
  tf: number;
  irq: number;
  ram: Uint8Array;
  xram: Uint8Array;
}

const NUMBER_FIELDS = [
  'frame',
  'cycles',
  'pc',
  'a',
  'psw',
  'p1',
  'p2',
  'f1',
  'a11',
  'timer',
  'prescaler',
  'tf',
  'irq',
] as const;

function bytes(hex: unknown, length: number, where: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length !== length * 2 || !/^[0-9a-f]*$/.test(hex)) {
    throw new Error(`${where}: expected ${length} bytes as hex`);
  }
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function parseGolden(text: string, source: string): GoldenFrame[] {
  const frames: GoldenFrame[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    const where = `${source} line ${index + 1}`;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`${where}: not JSON`);
    }
    const frame = {} as GoldenFrame;
    for (const key of NUMBER_FIELDS) {
      const v = raw[key];
      if (typeof v !== 'number' || !Number.isInteger(v))
        throw new Error(`${where}: field ${key} missing or not an integer`);
      frame[key] = v;
    }
    frame.ram = bytes(raw.ram, 64, `${where} ram`);
    frame.xram = bytes(raw.xram, 128, `${where} xram`);
    frames.push(frame);
  });
  if (frames.length === 0) throw new Error(`${source}: no frames`);
  return frames;
}
