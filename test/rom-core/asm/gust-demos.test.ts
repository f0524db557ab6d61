import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';

// Soeren Gust's ASL demos (test/programs/third-party/gust/README.md) against ASL 1.42's images.
const dir = join(import.meta.dirname, '../../programs/third-party/gust');
const goldens = join(import.meta.dirname, '../../golden/asl-gust');
const demos = readdirSync(dir)
  .filter((f) => f.endsWith('.a48'))
  .map((f) => f.slice(0, -4))
  .sort();

function build(name: string): { ok: boolean; bytes: Uint8Array } {
  return assemble(readFileSync(join(dir, `${name}.a48`), 'utf8'), {
    fileName: `${name}.a48`,
    readFile: (path) => readFileSync(join(dir, path), 'utf8'),
  });
}

describe("Soeren Gust's demos assemble as ASL does", () => {
  it('all 16 demos and their goldens are here', () => {
    expect(demos).toHaveLength(16);
    for (const d of demos) expect(readFileSync(join(goldens, `${d}.bin`)).length).toBeGreaterThan(0);
  });

  it.each(demos)('%s is byte-identical to ASL', (name) => {
    const r = build(name);
    expect(r.ok).toBe(true);
    expect(Buffer.from(r.bytes).equals(readFileSync(join(goldens, `${name}.bin`)))).toBe(true);
  });
});
