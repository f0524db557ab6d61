/**
 * Values kept in this browser's localStorage that a page reads as it opens (issue 37): reading one
 * never throws, and a value that cannot be read is never thrown away nor read again. It is set aside
 * under `KEY.unreadable-N` with a sentence that every page shows (the shell's notice, shell/router.ts),
 * and the page opens with the default. A stored value that broke its page on every load could only be
 * mended by hand in the browser's developer tools.
 */
import { asideFileName, type AsideRecord } from './aside-record.ts';

const MAX_ASIDE = 20;
const notices: string[] = [];
/** The records behind the sentences, for download (aside-record.ts), by sentence. */
const records = new Map<string, AsideRecord>();
const listeners = new Set<() => void>();

type Readable = Pick<Storage, 'getItem'>;
type Writable = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or undefined where the browser refuses it (some private modes). */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The text kept under `key`, or null (none, or a storage that refuses). Never throws. */
export function readStored(key: string, storage: Readable | undefined = localStore()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Sets the unreadable `text` of `key` aside (`key.unreadable-N`, the first free N), clears `key`, and
 * tells every page `what` was wrong with it; returns the sentence. Never throws.
 */
export function setAsideStored(
  key: string,
  text: string,
  what: string,
  storage: Writable | undefined = localStore(),
): string {
  let where = "it could not be set aside (this browser's storage refused it) and was left where it is";
  let kept = key;
  try {
    for (let n = 1; n <= MAX_ASIDE && storage; n++) {
      const aside = `${key}.unreadable-${n}`;
      if (storage.getItem(aside) !== null) continue;
      storage.setItem(aside, text);
      storage.removeItem(key);
      where = `it was set aside as "${aside}"`;
      kept = aside;
      break;
    }
  } catch {
    // The sentence above says so.
  }
  const sentence = `The value kept in this browser as "${key}" ${what}: ${where}, and the default is used.`;
  tellStored(sentence, { name: asideFileName(kept), text: () => text });
  return sentence;
}

/** Adds a sentence about a stored value to what the pages show, with the record for download if given. */
export function tellStored(sentence: string, record?: AsideRecord): void {
  // The same sentence again is the same place: the record there now is the one to download.
  if (record) records.set(sentence, record);
  if (notices.includes(sentence)) return;
  notices.push(sentence);
  for (const l of listeners) l();
}

/** The sentences about stored values set aside since this page was loaded. */
export function storedNotices(): readonly string[] {
  return notices;
}

/** The record behind a sentence of storedNotices, to download, or undefined. */
export function storedRecord(sentence: string): AsideRecord | undefined {
  return records.get(sentence);
}

/** Calls `listener` whenever a sentence is added; returns the unsubscribe. */
export function onStoredNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** JSON.parse that never throws: undefined for text that is not JSON. */
export function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
