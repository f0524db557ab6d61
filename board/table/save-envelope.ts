// The table's save envelope around the game session (the game as the engine's own game document, with its undo
// and redo steps). One JSON document: from version 3 each step holds only what it changes (session-steps.ts);
// version 2 held every step as a whole game document, and version 1 the session as JSON text inside a string
// (itself holding each game as a string). Both still load. Versioned so a later format can read or refuse an
// older one with a clear message instead of a stack trace.

import { sessionStepsProblem } from '../rules/validate-save.ts';

export const SAVE_FORMAT = 'o2conquest-board-save';
export const SAVE_VERSION = 3;
/** The versions this build reads: whole numbers only (a -1 or 1.5 is no save this app ever wrote). */
const KNOWN_VERSIONS: readonly number[] = [1, 2, 3];

export interface SaveEnvelope {
  format: typeof SAVE_FORMAT;
  version: number;
  savedAt: string;
  /** GameChart.document() of the current game (what restoreGameChart takes): the game with its undo and redo steps. */
  engine: unknown;
  /** Variation 1 (against the clock): when the clock started (ISO time). The rules leave timing to the table. */
  clockStartedAt?: string | null;
}

export class SaveFormatError extends Error {
  override name = 'SaveFormatError';
}

/** Checks a parsed value field by field; every failure names the field so the message is useful. */
export function validateEnvelope(value: unknown): SaveEnvelope {
  if (typeof value !== 'object' || value === null) throw new SaveFormatError('the save is not a JSON object');
  const v = value as Record<string, unknown>;
  if (v.format !== SAVE_FORMAT)
    throw new SaveFormatError(
      `this is not a Conquest of the World save (format is ${JSON.stringify(v.format ?? null)})`,
    );
  if (typeof v.version !== 'number') throw new SaveFormatError('the save has no version number');
  if (Number.isInteger(v.version) && v.version > SAVE_VERSION)
    throw new SaveFormatError(`the save is version ${v.version}, newer than this app understands (${SAVE_VERSION})`);
  if (!KNOWN_VERSIONS.includes(v.version))
    throw new SaveFormatError(
      `the save's version ${v.version} is not one this app knows (a whole number: ${KNOWN_VERSIONS.slice(0, -1).join(', ')} or ${KNOWN_VERSIONS.at(-1)})`,
    );
  const engine = v.version === 1 ? sessionOfVersion1(v.engine) : v.engine;
  if (typeof engine !== 'object' || engine === null || Array.isArray(engine))
    throw new SaveFormatError('the save has no game snapshot');
  // From version 3 the steps are rebuilt from the game's one log and checked then (restoreGameChart); steps kept
  // whole (as saves before version 3 keep them) each hold their own log, compared here.
  const compact = 'ahead' in engine;
  if (compact && v.version < 3)
    throw new SaveFormatError(`the save of version ${v.version} holds undo steps of a later version`);
  const mixed = compact ? null : sessionStepsProblem(engine);
  if (mixed) throw new SaveFormatError(mixed);
  const clock = v.clockStartedAt;
  if (clock !== undefined && clock !== null && (typeof clock !== 'string' || Number.isNaN(Date.parse(clock)))) {
    throw new SaveFormatError('the clock start time is damaged');
  }
  return {
    format: SAVE_FORMAT,
    version: v.version,
    savedAt: typeof v.savedAt === 'string' ? v.savedAt : '',
    engine,
    clockStartedAt: clock ?? null,
  };
}

/** Version 1 held the session as JSON text. */
function sessionOfVersion1(engine: unknown): unknown {
  if (typeof engine !== 'string' || engine.length === 0) throw new SaveFormatError('the save has no game snapshot');
  try {
    return JSON.parse(engine);
  } catch {
    throw new SaveFormatError('the game snapshot is not valid JSON');
  }
}

export function parseEnvelope(text: string): SaveEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SaveFormatError('the save is not valid JSON');
  }
  return validateEnvelope(value);
}

export function encodeEnvelope(env: Omit<SaveEnvelope, 'format' | 'version' | 'savedAt'>, now = new Date()): string {
  const full: SaveEnvelope = { format: SAVE_FORMAT, version: SAVE_VERSION, savedAt: now.toISOString(), ...env };
  return JSON.stringify(full);
}
