/**
 * Our ROMs as the build assembled them (prebuilt-roms-plugin.ts), and back. Assembling the BIOS and the
 * battle cartridge in the worker at every start took over a second of the console's first frame on a busy
 * two-core machine (issue 38); the build does it once and the worker's bundle carries the bytes and line maps.
 * The source texts are not repeated here: the worker's bundle has them already (the debugger shows them).
 */
import { TEST_CART_FILE } from './builtin-roms.ts';
import type { BuiltCart, Builtins, SourceEntry } from './builtin-roms.ts';

interface PrebuiltRom {
  /** The image's bytes in base64. */
  image: string;
  name: string;
  /** The line map, flat (a third of the size of its objects in the worker's bundle): see packLineMap. */
  lineMap: { files: string[]; rows: number[] };
}

export interface PrebuiltRoms {
  /** The BIOS did not assemble: the worker's boot fails with this, as it did when it assembled. */
  error?: string;
  bios?: PrebuiltRom;
  carts: (PrebuiltRom & { id: string })[];
  problems: string[];
  choices: { id: string; name: string }[];
}

const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Four numbers an entry: address, file (index in `files`), line, bank (-1: none). */
function packLineMap(entries: SourceEntry[]): PrebuiltRom['lineMap'] {
  const files: string[] = [];
  const rows: number[] = [];
  for (const e of entries) {
    let file = files.indexOf(e.file);
    if (file < 0) file = files.push(e.file) - 1;
    rows.push(e.address, file, e.line, e.bank ?? -1);
  }
  return { files, rows };
}

function unpackLineMap({ files, rows }: PrebuiltRom['lineMap']): SourceEntry[] {
  const entries: SourceEntry[] = [];
  for (let i = 0; i < rows.length; i += 4) {
    const entry: SourceEntry = { address: rows[i], file: files[rows[i + 1]], line: rows[i + 2] };
    if (rows[i + 3] >= 0) entry.bank = rows[i + 3];
    entries.push(entry);
  }
  return entries;
}

/** The built ROMs as plain data for a module's text (JSON), or the reason they could not be built. */
export function toPrebuilt(build: () => Builtins): PrebuiltRoms {
  let built: Builtins;
  try {
    built = build();
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), carts: [], problems: [], choices: [] };
  }
  const rom = (r: { image: Uint8Array; name: string; lineMap: SourceEntry[] }): PrebuiltRom => ({
    image: toBase64(r.image),
    name: r.name,
    lineMap: packLineMap(r.lineMap),
  });
  return {
    bios: rom(built.bios),
    carts: built.carts.map((c) => ({ id: c.id, ...rom(c) })),
    problems: built.problems ?? [],
    choices: built.choices ?? [],
  };
}

/**
 * The Builtins `buildBuiltins(romFiles, testCartSource, assembleBattleCart, wanted)` returns, from the prebuilt
 * data: with `wanted` 'console-test' only that cartridge, as before (the battle cartridge was not assembled then,
 * so its failure is not reported either). `romFiles` are rom-core/roms texts by path relative to that folder.
 */
export function fromPrebuilt(
  prebuilt: PrebuiltRoms,
  romFiles: ReadonlyMap<string, string>,
  testCartSource: string,
  wanted?: string,
): Builtins {
  if (prebuilt.error !== undefined || !prebuilt.bios) throw new Error(prebuilt.error ?? 'no BIOS was prebuilt');
  const cartSources = new Map<string, string>();
  for (const [path, text] of romFiles)
    if (path.startsWith('carts/')) cartSources.set(path.slice('carts/'.length), text);
  const onlyTest = wanted === 'console-test';
  const carts: BuiltCart[] = prebuilt.carts
    .filter((c) => !onlyTest || c.id === 'console-test')
    .map((c) => ({
      id: c.id,
      image: fromBase64(c.image),
      name: c.name,
      lineMap: unpackLineMap(c.lineMap),
      sources: c.id === 'console-test' ? new Map([[TEST_CART_FILE, testCartSource]]) : new Map(cartSources),
    }));
  return {
    bios: {
      image: fromBase64(prebuilt.bios.image),
      name: prebuilt.bios.name,
      lineMap: unpackLineMap(prebuilt.bios.lineMap),
      sources: new Map(romFiles),
    },
    carts,
    problems: onlyTest ? [] : [...prebuilt.problems],
    choices: prebuilt.choices.map((c) => ({ ...c })),
  };
}
