/**
 * The user's choice of mapper and video standard for each of their cartridge images, remembered in this browser
 * by the image's CRC32 (issue 13): an image the known-cartridge table does not list, or lists wrongly for the
 * user's copy, boots the way they chose every time after.
 */
import { MAPPER_KINDS, crc32, crcHex, type MapperKind } from '../../rom-core/machine/index.ts';
import type { RomImages } from '../worker/protocol.ts';
import { parseStored, readStored, setAsideStored } from '../platform/stored.ts';

const KEY = 'o2conquest.cartChoices';

export interface CartChoice {
  mapper?: MapperKind;
  tv?: 'NTSC' | 'PAL';
}

type Choices = Record<string, CartChoice>;

function readAll(): Choices {
  try {
    const text = readStored(KEY);
    const doc = text === null ? {} : parseStored(text);
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      if (text !== null) setAsideStored(KEY, text, 'is not a list of cartridge choices');
      return {};
    }
    const out: Choices = {};
    // Only well-formed entries count: a damaged or crafted store changes nothing.
    for (const [crc, c] of Object.entries(doc as Record<string, unknown>)) {
      if (!/^[0-9A-F]{8}$/.test(crc) || typeof c !== 'object' || c === null) continue;
      const { mapper, tv } = c as Record<string, unknown>;
      const choice: CartChoice = {};
      if (MAPPER_KINDS.includes(mapper as MapperKind)) choice.mapper = mapper as MapperKind;
      if (tv === 'NTSC' || tv === 'PAL') choice.tv = tv;
      out[crc] = choice;
    }
    return out;
  } catch {
    return {};
  }
}

export function cartKey(image: Uint8Array): string {
  return crcHex(crc32(image));
}

export function choiceFor(image: Uint8Array): CartChoice {
  return readAll()[cartKey(image)] ?? {};
}

/** Keeps (or, with an empty choice, forgets) the choice for an image; false when the browser refused to store it. */
export function rememberChoice(image: Uint8Array, choice: CartChoice): boolean {
  const all = readAll();
  const key = cartKey(image);
  if (choice.mapper === undefined && choice.tv === undefined) delete all[key];
  else all[key] = { ...(choice.mapper ? { mapper: choice.mapper } : {}), ...(choice.tv ? { tv: choice.tv } : {}) };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
    return true;
  } catch {
    return false;
  }
}

/** The images with the remembered choice for their cartridge applied (ours have none). */
export function withCartChoice(images: RomImages): RomImages {
  const { mapper: _m, tv: _t, ...rest } = images;
  if (!images.cart) return rest;
  return { ...rest, ...choiceFor(images.cart) };
}
