/**
 * The program a share link replaced, put aside so one click brings it back: opening a link is easy to
 * do by mistake, and the sources it replaces may be the only copy (they live in this browser). Kept
 * in this browser too, so the undo survives a reload; the newest replaced program is the one kept.
 */
import { jsonSetting } from '../platform/settings.ts';
import type { Setting } from '../platform/settings.ts';
import { isProgram } from './program-files.ts';
import type { Program } from './program-files.ts';

export const PUT_ASIDE = jsonSetting<Program | null>('o2conquest.program.before-link', null, isProgram);

function same(a: Program, b: Program): boolean {
  return (
    a.main === b.main &&
    a.files.length === b.files.length &&
    a.files.every((f, i) => f.name === b.files[i].name && f.text === b.files[i].text)
  );
}

/** The names of a program's files, for a sentence. */
export function fileNames(p: Program): string {
  return p.files.map((f) => f.name).join(', ');
}

export class PutAside {
  constructor(private readonly store: Setting<Program | null> = PUT_ASIDE) {}

  /**
   * A link's program replaces `open`: keeps `open` unless there is nothing to keep (no files) or it is
   * the link's program itself (the same link opened twice). True when something was kept.
   */
  replace(open: Program, shared: Program): boolean {
    if (open.files.length === 0 || same(open, shared)) return false;
    this.store.set({ files: open.files.map((f) => ({ ...f })), main: open.main });
    return true;
  }

  /** The program kept, if any. */
  get kept(): Program | null {
    return this.store.get();
  }

  /** Hands back the program kept and forgets it. */
  take(): Program | null {
    const p = this.store.get();
    this.store.set(null);
    return p;
  }
}
