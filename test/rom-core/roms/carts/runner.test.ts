/** The battle cartridge driven by the headless runner (`o2 run`) with an --input file. */
import { expect, it } from 'vitest';
import { runMain } from '../../../../rom-core/cli/run.ts';
import type { RunIo } from '../../../../rom-core/cli/run.ts';
import { mailbox } from './helpers.ts';
import { battleCart, openBios, scenario } from './scenarios.ts';

it('o2 run --input plays the blue-wins-mine session; the last state line holds the outcome', () => {
  const s = scenario('blue-wins-mine');
  const disk = new Map<string, Uint8Array>([
    ['battle.bin', battleCart()],
    ['bios.rom', openBios()],
    ['mine.txt', new TextEncoder().encode(s.input)],
  ]);
  const io: RunIo = {
    stdout: () => {},
    stderr: (t) => {
      throw new Error(t);
    },
    readFile: (path) => {
      const data = disk.get(path);
      if (!data) throw Object.assign(new Error(path), { code: 'ENOENT' });
      return data;
    },
    writeFile: (path, data) => disk.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : data),
  };
  expect(
    runMain(
      [
        '--cart',
        'battle.bin',
        '--bios',
        'bios.rom',
        '--frames',
        String(s.frames),
        '--input',
        'mine.txt',
        '--state-jsonl',
        'out.jsonl',
      ],
      io,
    ),
  ).toBe(0);
  const lines = new TextDecoder().decode(disk.get('out.jsonl')).trim().split('\n');
  expect(lines).toHaveLength(s.frames);
  const last = JSON.parse(lines[lines.length - 1]) as { eram: string };
  const m = mailbox(Uint8Array.from(last.eram.match(/../g) ?? [], (h) => parseInt(h, 16)));
  expect(m).toMatchObject({ phase: 3, winner: 2, battles: 1 });
});

it('o2 run --bot left:hard --bot right:easy --seed N: the bots fight the typed battle to its end, the same way each time', () => {
  const entry = typedEntry();
  const run = (seed: string): { code: number; out: string } => {
    const disk = new Map<string, Uint8Array>([
      ['battle.bin', battleCart()],
      ['bios.rom', openBios()],
      ['entry.txt', new TextEncoder().encode(entry)],
    ]);
    let out = '';
    const io: RunIo = {
      stdout: (t) => {
        out += t;
      },
      stderr: (t) => {
        throw new Error(t);
      },
      readFile: (path) =>
        disk.get(path) ??
        (() => {
          throw Object.assign(new Error(path), { code: 'ENOENT' });
        })(),
      writeFile: () => {},
    };
    const code = runMain(
      [
        '--cart',
        'battle.bin',
        '--bios',
        'bios.rom',
        '--frames',
        '3000',
        '--input',
        'entry.txt',
        '--bot',
        'left:hard',
        '--bot',
        'right:easy',
        '--seed',
        seed,
      ],
      io,
    );
    return { code, out };
  };
  const a = run('7');
  expect(a.code).toBe(0);
  expect(a.out).toMatch(
    /^frame \d+: battle 1 over: (red|blue) wins \(a weapon destroyed\); energy left red \d+, blue \d+$/m,
  );
  expect(run('7').out).toBe(a.out);
});

/** From SELECT GAME: red tank 2000, blue jet 2000, ENTER (runner script lines). */
function typedEntry(): string {
  const keys = ['SPACE', 'R', 'T', '2', '0', '0', '0', 'B', 'P', '2', '0', '0', '0', 'ENTER'];
  return keys.map((k, i) => `${40 + 10 * i} ${k} down\n${44 + 10 * i} ${k} up\n`).join('');
}
