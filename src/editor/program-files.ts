/**
 * The program's files in and out of the panel: kept in this browser, read from files opened or
 * dropped, exported as the image and the listing of a build, and shared as a link.
 */
import { download, downloadText } from '../platform/download.ts';
import { jsonSetting } from '../platform/settings.ts';
import type { BuildResult, SourceFile } from '../worker/build-program.ts';
import { encodeShare, shareUrl } from './share-link.ts';

export interface Program {
  files: SourceFile[];
  main: string;
}

/** The sources open, kept in this browser so they are there after a reload. */
export const SAVED = jsonSetting<Program | null>('o2conquest.program', null, isProgram);

/** A stored value that is a program (files of names and texts, and the main file's name), or undefined. */
export function isProgram(value: unknown): Program | undefined {
  const v = value as Program;
  if (!Array.isArray(v.files) || typeof v.main !== 'string') return undefined;
  if (!v.files.every((f) => typeof f?.name === 'string' && typeof f?.text === 'string')) return undefined;
  return v;
}

/** Extensions read as source text; anything else dropped with them is left to the ROM library. */
export const SOURCE_FILE = /\.(a48|asm|s|h|inc|i|mac)$/i;

/** The source files among `all`, by their last path part (a dropped folder's layout is not kept). */
export async function readSources(all: readonly File[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const f of all.filter((x) => SOURCE_FILE.test(x.name))) {
    const path = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
    files.push({ name: path.split('/').pop() ?? path, text: await f.text() });
  }
  return files;
}

/** Saves the build's image or listing under the main file's name; returns why not when there is none. */
export function exportBuild(build: BuildResult | null, main: string, what: 'image' | 'listing'): string | null {
  const stem = main.replace(/\.[^.]+$/, '');
  if (what === 'image') {
    if (!build?.ok || !build.image) return 'Build the program first: there is no image to export.';
    download(new Blob([new Uint8Array(build.image)], { type: 'application/octet-stream' }), stem + '.bin');
  } else {
    if (!build?.listing) return 'Build the program first: there is no listing to export.';
    downloadText(build.listing, stem + '.lst', 'text/plain');
  }
  return null;
}

/**
 * Makes the link of `program`, shows it in `field` and copies it; returns the sentence for the
 * status. The field stays for copying by hand when the browser refuses the clipboard.
 */
export async function copyShareLink(program: Program, field: HTMLInputElement): Promise<string> {
  if (!program.files.length) return 'Open a program first: there is nothing to share.';
  const made = await encodeShare(program);
  if (!made.ok) return `No link made: ${made.error}.`;
  const url = shareUrl(location.href, made.text);
  field.value = url;
  field.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    return `The link to ${program.main} and its includes is copied (${url.length} characters); opening it loads and builds them.`;
  } catch {
    field.select();
    return 'The browser did not let the page copy: the link is in the field above, selected for Ctrl+C.';
  }
}
