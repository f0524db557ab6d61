/**
 * What the MAME golden generators share: one way to run MAME headless with one of our Lua scripts
 * (`runMame`; the scripts share o2-kit.lua), our input scripts as MAME port events for
 * machine-oracle.lua, and MAME's raw screen turned back into our palette indices.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseInputScript } from '../../rom-core/cli/run.ts';
import { PALETTE_RF } from '../../rom-core/i8244/palette.ts';
import { keyTarget } from '../../rom-core/machine/index.ts';

/** Our input script (runner format, key names) as MAME port/mask events: `FRAME PORT BIT 0|1`. */
export function mameInput(script: string): string {
  return parseInputScript(script)
    .map((e) => {
      const t = keyTarget(e.key);
      if (t === undefined || t.kind === 'reset') throw new Error(`cannot send ${e.key} to MAME`);
      const port = t.kind === 'key' ? `KEY.${t.row}` : `JOY.${t.stick}`;
      return `${e.frame} ${port} ${t.bit} ${e.down ? 1 : 0}\n`;
    })
    .join('');
}

const LUT = new Map<number, number>(PALETTE_RF.map((c, i) => [c, i]));

/** MAME's raw ARGB32 screen (360 x 243) as palette indices; throws on a colour outside the RF palette. */
export function indicesOf(name: string, raw: Buffer): Uint8Array {
  const w = 360;
  const h = 243;
  if (raw.length !== w * h * 4) throw new Error(`${name}: MAME's screen is ${raw.length} bytes, expected ${w}x${h}x4`);
  const indices = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const rgb = raw.readUInt32LE(4 * i) & 0xffffff;
    const index = LUT.get(rgb);
    if (index === undefined) throw new Error(`${name}: pixel ${i} colour ${rgb.toString(16)} is not in the palette`);
    indices[i] = index;
  }
  return indices;
}

export const MAME = process.env.MAME ?? '/usr/games/mame';

export interface MameRun {
  /** `odyssey2` (NTSC) or `videopac` (PAL). */
  system: 'odyssey2' | 'videopac';
  /** A folder holding `<system>/` with our BIOS (`o2bios.rom`) and charset (`charset_i8244.bin`). */
  rompath: string;
  cart: string;
  /** One of our Lua scripts (test/mame/*.lua). */
  script: string;
  /** The file the script writes last: its output is trusted only when it exists. */
  marker: string;
  /** The script's settings. */
  env: Record<string, string>;
  /** Emulated seconds after which MAME stops whatever the script does. */
  seconds: number;
  /** Where MAME keeps its cfg and nvram folders for this run. */
  work: string;
  /** More MAME options (e.g. -wavwrite FILE). */
  extra?: string[];
  timeoutMs?: number;
}

/**
 * Runs MAME headless with `script` as its autoboot script; the reason when it did not finish, or null.
 * Debian's MAME may segfault while shutting down Lua, so a run counts when the marker exists.
 */
export function runMame(r: MameRun): string | null {
  if (!existsSync(MAME)) return `MAME not found at ${MAME}`;
  rmSync(r.marker, { force: true });
  const args = [r.system, '-noreadconfig', '-rompath', r.rompath, '-cart', r.cart, '-video', 'none', '-sound', 'none'];
  args.push('-nothrottle', '-skip_gameinfo', '-seconds_to_run', String(r.seconds));
  args.push('-cfg_directory', join(r.work, 'cfg'), '-nvram_directory', join(r.work, 'nvram'));
  args.push(...(r.extra ?? []), '-autoboot_script', r.script);
  const run = spawnSync(MAME, args, {
    env: { ...process.env, ...r.env },
    encoding: 'utf8',
    timeout: r.timeoutMs ?? 120_000,
  });
  if (existsSync(r.marker) && (run.status === 0 || run.status === 139 || run.signal === 'SIGSEGV')) return null;
  return `MAME did not finish (status ${run.status}, signal ${run.signal})\n${run.stderr}`;
}
