/**
 * Runner input scripts: one `FRAME KEY down|up` per line (frames count from 1; the event applies
 * before that frame runs; `#` starts a comment). The format `o2 run --input` takes, also played by
 * the battle bridge's console (rom-core/roms/carts/stepped-console.ts).
 */
import { keyTarget } from './input.ts';

export interface InputEvent {
  frame: number;
  key: string;
  down: boolean;
}

/** A line of an input script that cannot be right; the message names the line. */
export class InputScriptError extends Error {
  override name = 'InputScriptError';
}

/** Parses an input script into events sorted by frame (stable); errors name the line. */
export function parseInputScript(text: string, name = 'input script'): InputEvent[] {
  const events: InputEvent[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const where = `${name} line ${i + 1}`;
    const parts = line.split(/\s+/);
    if (parts.length !== 3) throw new InputScriptError(`${where}: expected 'FRAME KEY down|up', got '${line}'`);
    const [f, key, state] = parts;
    const frame = Number(f);
    if (!/^[0-9]+$/.test(f) || frame < 1)
      throw new InputScriptError(`${where}: frame must be a whole number from 1, got '${f}'`);
    if (keyTarget(key) === undefined) throw new InputScriptError(`${where}: unknown key '${key}'`);
    const s = state.toLowerCase();
    if (s !== 'down' && s !== 'up') throw new InputScriptError(`${where}: expected down or up, got '${state}'`);
    events.push({ frame, key: key.toUpperCase(), down: s === 'down' });
  });
  return events.sort((a, b) => a.frame - b.frame);
}
