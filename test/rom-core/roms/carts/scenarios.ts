/**
 * Scripted sessions with our battle cartridge (runner input format: `FRAME KEY down|up`), shared by
 * the vitest checks and test/mame/make-cart-goldens.ts. Frames count from 1; SELECT GAME is up by
 * frame 30. Every key is held 4 frames and keys are 8 frames apart (the BIOS debounces).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assembleBattleCart } from '../../../../rom-core/roms/carts/index.ts';
import { assembleBios } from '../../../../rom-core/roms/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const CARTS_DIR = resolve(here, '../../../../rom-core/roms/carts');
export const ROMS_DIR = resolve(here, '../../../../rom-core/roms');
export const CART_GOLDEN_DIR = resolve(here, '../../../golden/carts');

let cartCache: Uint8Array | undefined;
let biosCache: Uint8Array | undefined;
export function battleCart(): Uint8Array {
  cartCache ??= assembleBattleCart((p) => readFileSync(resolve(CARTS_DIR, p), 'utf8')).image;
  return cartCache;
}
export function openBios(): Uint8Array {
  biosCache ??= assembleBios((p) => readFileSync(resolve(ROMS_DIR, p), 'utf8')).image;
  return biosCache;
}

/** Key presses from `frame`, 8 frames apart, each held 4 frames. */
export function typed(frame: number, keys: string): string {
  return keys
    .split(/\s+/)
    .filter(Boolean)
    .map((k, i) => `${frame + 8 * i} ${k} down\n${frame + 8 * i + 4} ${k} up\n`)
    .join('');
}

/** SPACE at SELECT GAME (program entry), then both sides programmed and ENTER at frame 156. */
function programmed(red: string, blue: string): string {
  return '30 SPACE down\n34 SPACE up\n' + typed(60, `R ${red} B ${blue} ENTER`);
}

export interface Scenario {
  name: string;
  input: string;
  frames: number;
  /** Frames whose picture is kept as a golden PNG. */
  shots: number[];
}

export const SCENARIOS: readonly Scenario[] = [
  {
    // Tanks: both climb to row 1 and drive at each other; red stops and fires: its shell hits; the
    // fireworks (540: a burst open at double size).
    name: 'red-wins-tank-duel',
    input:
      programmed('T 2 5 0 0', 'T 2 5 0 0') +
      '200 J0_UP down\n200 J1_UP down\n276 J0_UP up\n276 J1_UP up\n277 J0_RIGHT down\n277 J1_LEFT down\n' +
      '330 J1_LEFT up\n360 J0_RIGHT up\n362 J0_FIRE down\n366 J0_FIRE up\n',
    frames: 560,
    shots: [150, 200, 460, 540],
  },
  {
    // Red's tank drives south, then east into the mine at column 1, row 6.
    name: 'blue-wins-mine',
    input:
      programmed('T 2 5 0 0', 'T 2 5 0 0') + '200 J0_DOWN down\n250 J0_DOWN up\n250 J0_RIGHT down\n270 J0_RIGHT up\n',
    frames: 330,
    shots: [330],
  },
  {
    // Both submarines sail at each other along row 3 and collide.
    name: 'both-destroyed-subs',
    input: programmed('S 2 5 0 0', 'S 2 5 0 0') + '180 J0_RIGHT down\n180 J1_LEFT down\n',
    frames: 330,
    shots: [200, 330],
  },
  {
    // Two jets fly head-on (neither stick touched) and collide.
    name: 'both-destroyed-jets',
    input: programmed('P 2 5 0 0', 'P 2 5 0 0'),
    frames: 300,
    shots: [175, 300],
  },
  {
    // Red programs only 10 energy units: its tank runs dry and blue wins.
    name: 'red-out-of-energy',
    input: programmed('T 1 0', 'P 2 5 0 0'),
    frames: 300,
    shots: [300],
  },
  {
    // A cruise missile launched upward, steered right, explodes on the mountain.
    name: 'sub-missile',
    input:
      programmed('S 2 5 0 0', 'T 2 5 0 0') + '180 J0_FIRE down\n186 J0_RIGHT down\n260 J0_FIRE up\n260 J0_RIGHT up\n',
    frames: 262,
    shots: [220],
  },
  {
    // WAR GAME readout: any key but SPACE starts it, SPACE stops the digit, SPACE again: entry.
    name: 'war-game-readout',
    input: '30 1 down\n34 1 up\n60 SPACE down\n64 SPACE up\n90 SPACE down\n94 SPACE up\n',
    frames: 120,
    shots: [50, 80],
  },
  {
    // Readout, then another key but SPACE: a practice session; ENTER starts its first battle.
    name: 'practice',
    input: '30 1 down\n34 1 up\n60 A down\n64 A up\n100 ENTER down\n104 ENTER up\n',
    frames: 160,
    shots: [90],
  },
];

export function scenario(name: string): Scenario {
  const s = SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`no scenario ${name}`);
  return s;
}
