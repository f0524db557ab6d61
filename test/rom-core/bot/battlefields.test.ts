/** The bot's battlefields are the cartridge's (maps.a48 as assembled), and it tells them apart from the screen. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_BYTES,
  T_MINE,
  T_MOUNT,
  T_OUT,
  T_TREE,
  T_WATER,
  identifyLayout,
  terrainAt,
} from '../../../rom-core/bot/battlefields.ts';
import { jetCrashes, tankCanStand } from '../../../rom-core/bot/ballistics.ts';
import { typed } from '../roms/carts/scenarios.ts';
import { runScript } from '../roms/carts/helpers.ts';
import { assembleBattleCart } from '../../../rom-core/roms/carts/index.ts';
import { Arena } from '../../../rom-core/bot/arena.ts';
import { BattleBot } from '../../../rom-core/bot/bot.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';
import { bootMachine } from '../../harness/boot.ts';

const CARTS_DIR = resolve(import.meta.dirname, '../../../rom-core/roms/carts');

describe('battlefields', () => {
  it("are byte for byte the cartridge's own maps table (bank 0)", () => {
    const cart = assembleBattleCart((p) => readFileSync(resolve(CARTS_DIR, p), 'utf8'));
    const at = cart.symbols[0].get('maps');
    expect(at).toBeDefined();
    const bytes = Array.from(cart.image.subarray(at! - 0x400, at! - 0x400 + 160));
    expect(bytes).toEqual(LAYOUT_BYTES);
  });

  it("reads terrain under an object's centre as the cartridge does (cell 16 x 24 from X 8, Y 24)", () => {
    // Layout 0: row 0 col 2 is a tree (20h high nibble of byte 1), row 2 col 4 water, row 7 col 4 a mountain, row 5 col 8 a mine.
    expect(terrainAt(0, 8 + 2 * 16 + 4, 24 + 4)).toBe(T_TREE);
    expect(terrainAt(0, 8 + 4 * 16 + 4, 24 + 2 * 24 + 4)).toBe(T_WATER);
    expect(terrainAt(0, 8 + 4 * 16 + 4, 24 + 7 * 24 + 4)).toBe(T_MOUNT);
    expect(terrainAt(0, 8 + 8 * 16 + 4, 24 + 5 * 24 + 4)).toBe(T_MINE);
    expect(terrainAt(0, 0, 100)).toBe(T_OUT);
    expect(terrainAt(0, 8 + 10 * 16, 100)).toBe(T_OUT);
  });

  it('tells the four battlefields apart from the grid registers the cartridge draws, in their turn', () => {
    const arena = new Arena(openBios(), battleCart());
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const o = arena.fight(
        { red: 'T', blue: 'T', redEnergy: 300, blueEnergy: 300 },
        new BattleBot(0, 'easy', i),
        new BattleBot(1, 'easy', i + 9),
      );
      seen.push(o.layout);
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
    // No water drawn (a blank grid): no battlefield.
    expect(identifyLayout(new Uint8Array(256))).toBe(-1);
  });

  // Sets red's weapon down at (x, y) heading right and runs one frame with the stick to the right:
  // was it destroyed where it moved to? From one saved battle (layout 0) each time.
  const destroyedAfterStep = (weapon: string) => {
    const start = runScript(
      '30 SPACE down\n34 SPACE up\n' + typed(60, `R ${weapon} 2 5 0 0 B T 2 5 0 0 ENTER`),
      200,
    ).machine;
    const saved = start.saveState();
    const m = bootMachine(openBios(), battleCart());
    return (x: number, y: number): { x: number; destroyed: boolean } => {
      m.loadState(saved);
      m.eram[0x24] = x;
      m.eram[0x25] = y;
      m.eram[0x26] = 0;
      m.eram[0x34] = 12; // blue's tank out of the way, at column 0, row 7 (two tanks that touch both burst)
      m.eram[0x35] = 196;
      m.setKey('J0_RIGHT', true);
      m.runFrame();
      m.setKey('J0_RIGHT', false);
      return { x: m.eram[0x24], destroyed: (m.eram[0x23] & 0x80) !== 0 };
    };
  };

  /** Every position of a rectangle stepped on the machine: where the bot's expectation differs, and how many were destroyed. */
  const sweep = (
    weapon: string,
    xs: [number, number],
    ys: [number, number],
    botExpects: (x: number, y: number, movedTo: number) => boolean,
  ) => {
    const step = destroyedAfterStep(weapon);
    let destroyed = 0;
    const wrong: string[] = [];
    for (let y = ys[0]; y <= ys[1]; y++) {
      for (let x = xs[0]; x <= xs[1]; x++) {
        const r = step(x, y);
        if (r.destroyed) destroyed++;
        if (r.destroyed !== botExpects(x, y, r.x)) wrong.push(`${x},${y}`);
      }
    }
    return { wrong: wrong.join(' '), destroyed };
  };

  it('knows where a mine is drawn as the cartridge does: a tank stepping round the mine at column 8, row 5', () => {
    // The tank moved to movedTo (or was stopped: x unchanged); the bot says whether it may stand there.
    const { wrong, destroyed } = sweep(
      'T',
      [120, 152],
      [126, 172],
      (x, y, movedTo) => movedTo !== x && !tankCanStand(0, movedTo, y),
    );
    expect(wrong).toBe('');
    expect(destroyed).toBeGreaterThan(100);
    expect(destroyed).toBeLessThan(600);
  });

  it('knows where a tree is drawn as the cartridge does: a jet flying by the tree at column 2, row 5', () => {
    const { wrong, destroyed } = sweep('P', [26, 56], [124, 172], (x, y) => jetCrashes(0, (x + 2) & 255, y));
    expect(wrong).toBe('');
    expect(destroyed).toBeGreaterThan(100);
  });
});
