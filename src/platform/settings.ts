/**
 * Settings kept in this browser (localStorage), each under one key of the app's namespace. A browser
 * that refuses storage (private modes, a full quota) keeps the default and the session goes on; a stored
 * value that cannot be read is set aside with a sentence (stored.ts) and the default is used.
 */
export interface Setting<T> {
  get(): T;
  set(value: T): void;
}

import { readStored, setAsideStored } from './stored.ts';

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the setting lasts for this page only.
  }
}

function safeShow<T>(show: (value: T) => string, value: T): string | undefined {
  try {
    return show(value);
  } catch {
    return undefined;
  }
}

/** A text setting; `parse` turns the stored text into a value (or the fallback when it is not one). */
export function setting<T>(
  key: string,
  fallback: T,
  parse: (text: string) => T | undefined,
  show: (value: T) => string = String,
): Setting<T> {
  return {
    get: () => {
      const text = readStored(key);
      if (text === null) return fallback;
      // The default as `set` writes it (an empty code, "null") is no damage, whether parse takes it or not.
      if (text === safeShow(show, fallback)) return fallback;
      let value: T | undefined;
      try {
        value = parse(text);
      } catch {
        value = undefined; // a parser that throws on an odd value: the value is unreadable
      }
      // A value this build cannot read is set aside with a sentence every page shows (stored.ts), never thrown away.
      if (value === undefined) setAsideStored(key, text, 'is not a setting this page can read');
      return value ?? fallback;
    },
    set: (value) => write(key, show(value)),
  };
}

/**
 * A setting stored as JSON; `check` turns the parsed value into a setting (or undefined: the fallback).
 * Unreadable JSON, or a check that throws on an odd shape, also gives the fallback.
 */
export function jsonSetting<T>(key: string, fallback: T, check: (value: unknown) => T | undefined): Setting<T> {
  return setting(
    key,
    fallback,
    (text) => {
      try {
        return check(JSON.parse(text) as unknown);
      } catch {
        return undefined;
      }
    },
    (v) => JSON.stringify(v),
  );
}

/** A yes/no setting stored as '1' / '0'. */
export function flag(key: string, fallback = false): Setting<boolean> {
  return setting(
    key,
    fallback,
    (t) => (t === '1' ? true : t === '0' ? false : undefined),
    (v) => (v ? '1' : '0'),
  );
}

/** A setting that is one of a few words. */
export function choice<T extends string>(key: string, options: readonly T[], fallback: T): Setting<T> {
  return setting(key, fallback, (t) => options.find((o) => o === t));
}
