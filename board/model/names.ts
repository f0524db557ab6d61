/**
 * Names as people read them: the players' names (rule 1B) and the board's zones and countries
 * ("Creating your own games"). Two names are one name when they look alike on a chip label or a
 * log line, so every check that two names are the same or different goes through `nameKey`.
 */

/** Longest player name: it must fit a chip label and a log line. */
export const MAX_NAME = 24;

/**
 * Invisible characters: format characters (zero-width space and joiners, soft hyphen, bidi marks)
 * and the other default-ignorable code points. They draw nothing, so "A\u200Bnn" reads "Ann".
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Characters no name may hold: control characters (NUL, newline, escape: they break a log line or a
 * terminal), line and paragraph separators, and the bidi controls (a right-to-left override makes a
 * log line read backwards, so it could lie about who did what).
 */
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/u;

/**
 * The form two names are compared in: invisible characters removed, compatibility forms folded
 * (NFKC: a full-width "Ａnn" is "Ann", "José" typed with a combining accent is "José"), lower case,
 * runs of spaces as one and none around. Never shown; the name as typed (trimmed) is what is stored.
 */
export function nameKey(name: string): string {
  return name.replace(INVISIBLE, '').normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/**
 * A name as typed with what could hide or reorder text taken out (control, bidi and invisible
 * characters) and runs of spaces as one: what a stranger's name (a remote table's guest) is shown as.
 */
export function visibleName(name: string): string {
  return name
    .replace(new RegExp(UNSAFE.source, 'gu'), '')
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A name made safe to quote in a sentence: unsafe and invisible characters shown as "?", cut short. */
export function shownName(name: string): string {
  return name.replace(new RegExp(UNSAFE.source, 'gu'), '?').replace(INVISIBLE, '?').slice(0, 40);
}

/**
 * What is wrong with a name, as a sentence, or null. `what` names it in the sentence ("a player
 * name", "a country name"); `max` is its longest length once trimmed.
 */
export function nameProblem(name: unknown, what: string, max: number): string | null {
  if (typeof name !== 'string' || name.trim() === '')
    return `${what} must be some text (got ${JSON.stringify(name)?.slice(0, 40) ?? 'nothing'})`;
  const trimmed = name.trim();
  if (trimmed.length > max) return `${what} may be at most ${max} characters (got ${trimmed.length})`;
  if (UNSAFE.test(trimmed))
    return `"${shownName(trimmed)}" holds a control or text-direction character, which cannot be part of ${what}`;
  const key = nameKey(trimmed);
  if (key === '') return `"${shownName(trimmed)}" shows nothing, which cannot be ${what}`;
  // "#" starts the ids of the war chest and the table; "__proto__" would be an object's prototype as a key.
  if (key.startsWith('#') || key === '__proto__') return `"${trimmed}" cannot be ${what}`;
  return null;
}

/** The first name of `names` that reads the same as an earlier one, or null. */
export function repeatedName(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const n of names) {
    const key = nameKey(n);
    if (seen.has(key)) return n;
    seen.add(key);
  }
  return null;
}
