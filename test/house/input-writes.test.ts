/**
 * A key is one number, and one place writes the machine's input bytes (issue 33). The keyboard rows and
 * the two stick bytes of an `Odyssey2` are written only by `rom-core/machine/odyssey2-input.ts`
 * (`setKeyCode`, `setInputs`, `setStick`); the state loader restores them with the rest of a snapshot.
 * Before, a network battle, the rollback, the bots, the CLI and the worker's merge each wrote them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const ALLOWED = new Set(['rom-core/machine/odyssey2-input.ts']);
/** A machine's `joy` or `keys` bytes written: an element assigned, or the array filled or set. */
const WRITE =
  /\b(?:m|machine|this\.machine|s\.machine)\.(?:joy|keys)(?:\[[^\]]+\]\s*(?:[|&^]?=)(?!=)|\.(?:fill|set)\()/;

function sources(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Lines of `text` that write a machine's input bytes, as "line: text". */
export function inputWrites(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => WRITE.test(line))
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

describe('the machine input bytes', () => {
  it('are written only through the machine (setKeyCode, setInputs, setStick)', () => {
    const found: string[] = [];
    for (const floor of ['rom-core', 'board', 'src']) {
      for (const path of sources(join(ROOT, floor), [])) {
        const file = relative(ROOT, path);
        if (ALLOWED.has(file)) continue;
        for (const hit of inputWrites(readFileSync(path, 'utf8'))) found.push(`${file}:${hit}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the check sees each kind of write', () => {
    expect(inputWrites('m.joy[0] = bits;')).toHaveLength(1);
    expect(inputWrites('    this.machine.keys[row] |= 4;')).toHaveLength(1);
    expect(inputWrites('machine.joy.fill(0);')).toHaveLength(1);
    expect(inputWrites('m.keys.set(rows);')).toHaveLength(1);
    expect(inputWrites('if (m.joy[0] === 3) go();')).toEqual([]);
    expect(inputWrites('const held = m.joy[s] & 0x0f;')).toEqual([]);
  });
});
