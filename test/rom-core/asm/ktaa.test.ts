import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble, sharedIncludeBytes } from '../../../rom-core/asm/index.ts';
import type { AssembleResult } from '../../../rom-core/asm/index.ts';

// Soeren Gust's KTAA (test/programs/third-party/gust-ktaa/README.md) against ASL 1.42's four banks.
const dir = join(import.meta.dirname, '../../programs/third-party/gust-ktaa');
const goldens = join(import.meta.dirname, '../../golden/asl-ktaa');

function build(bank: number): AssembleResult {
  const name = `ktaa_b${bank}.a48`;
  return assemble(readFileSync(join(dir, name), 'latin1'), {
    fileName: name,
    // Banks 1-3 include bank 0's SHARED symbols, which ASL's -a wrote (the golden; bank 0's test checks ours is the same).
    readFile: (path) => readFileSync(path === 'ktaa_b0.inc' ? join(goldens, path) : join(dir, path), 'latin1'),
  });
}

/** Bytes $400-$FFF, as p2bin -r $400-$fff writes them (gaps 0xFF). */
function bank(r: AssembleResult): Buffer {
  const out = Buffer.alloc(0xc00, 0xff);
  out.set(r.bytes.subarray(Math.max(0, 0x400 - r.base)), Math.max(0, r.base - 0x400));
  return out;
}

describe("Soeren Gust's KTAA assembles as ASL does", () => {
  it.each([0, 1, 2, 3])('bank %i is byte-identical to ASL', (n) => {
    const r = build(n);
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(
      [],
    );
    expect(r.base).toBeGreaterThanOrEqual(0x400);
    expect(r.base + r.bytes.length).toBeLessThanOrEqual(0x1000);
    expect(bank(r).equals(readFileSync(join(goldens, `ktaa_b${n}.bin`)))).toBe(true);
    if (n === 0) {
      const include = sharedIncludeBytes('ktaa_b0.a48', r.shared);
      expect(Buffer.from(include).equals(readFileSync(join(goldens, 'ktaa_b0.inc')))).toBe(true);
    }
  });
});
