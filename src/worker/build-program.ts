/**
 * A user's program built from its sources (an `.a48` and its includes), as the worker does it: the
 * assembler (rom-core/asm, which reads ASL's dialect) with includes found by name among the files
 * given, and the bytes laid out as a cartridge image (program address 400h at offset 0, padded with
 * FFh to the smallest size the machine maps). No DOM: Node tests run it as the worker does.
 */
import { assemble, cartImage } from '../../rom-core/asm/index.ts';
import type { Diagnostic, LineMapEntry } from '../../rom-core/asm/index.ts';

export interface SourceFile {
  name: string;
  text: string;
}

/** A built cartridge's sources, for the debugger's source lines (session.ts). */
export interface CartSource {
  lineMap: LineMapEntry[];
  /** Source texts by the file names the line map uses. */
  files: Record<string, string>;
  /** The program's labels and constants by name (the debugger's breakpoints by label). */
  symbols?: Record<string, number>;
  /** The labels alone (no constants): the names the debugger shows beside addresses. */
  labels?: Record<string, number>;
  /** The names the main file defines (not its includes): a header's many constants name no RAM byte (ram-names.ts). */
  own?: string[];
}

export interface BuildResult {
  ok: boolean;
  /** The cartridge image (a whole mapped size); absent when the build failed. */
  image?: Uint8Array;
  diagnostics: Diagnostic[];
  errorCount: number;
  listing: string;
  source: CartSource;
  /** What was built, in a sentence ("hello.a48: 120 bytes at 400h-477h, a 2 KB cartridge"). */
  summary: string;
}

/** The file an include names, by its last path part, ignoring case (a dropped folder's layout is not kept). */
function finder(files: readonly SourceFile[]): (path: string) => SourceFile | undefined {
  const byName = new Map(files.map((f) => [baseName(f.name).toLowerCase(), f]));
  return (path) => byName.get(baseName(path).toLowerCase());
}

function baseName(path: string): string {
  return path.replace(/\\/g, '/').split('/').pop() ?? path;
}

const hex = (n: number): string => n.toString(16).toUpperCase();

export function buildProgram(files: readonly SourceFile[], main: string): BuildResult {
  const find = finder(files);
  const top = files.find((f) => f.name === main);
  if (!top) return failed(`there is no file named “${main}” among the ${files.length} opened`, main);
  const used: Record<string, string> = { [top.name]: top.text };
  const result = assemble(top.text, {
    fileName: top.name,
    readFile: (path) => {
      const f = find(path);
      if (!f)
        throw new Error(
          `include “${path}” is not among the files opened (${files.map((x) => x.name).join(', ')}); open or drop it with the program`,
        );
      used[path] = f.text;
      return f.text;
    },
  });
  const labels = result.symbolTable.filter((s) => s.kind === 'label' && typeof s.value === 'number');
  const source: CartSource = {
    lineMap: result.lineMap,
    files: used,
    symbols: Object.fromEntries(result.symbols),
    labels: Object.fromEntries(labels.map((s) => [s.name, s.value as number])),
    own: result.symbolTable.filter((s) => s.file === top.name).map((s) => s.name),
  };
  if (!result.ok) {
    return {
      ok: false,
      diagnostics: result.diagnostics,
      errorCount: result.errorCount,
      listing: result.listing,
      source,
      summary: `${main}: ${result.errorCount} error${result.errorCount === 1 ? '' : 's'}`,
    };
  }
  const laid = cartImage(result.base, result.bytes);
  if (!laid.ok) return { ...failed(laid.reason, main), listing: result.listing };
  const image = laid.image;
  const size = image.length;
  return {
    ok: true,
    image,
    diagnostics: result.diagnostics,
    errorCount: 0,
    listing: result.listing,
    source,
    summary: `${main}: ${result.bytes.length} bytes at ${hex(result.base)}h-${hex(result.base + result.bytes.length - 1)}h, a ${size / 1024} KB cartridge`,
  };
}

function failed(message: string, file: string): BuildResult {
  const d: Diagnostic = {
    severity: 'error',
    code: 'build',
    message,
    file,
    line: 0,
    column: 0,
    length: 0,
    sourceLine: '',
  };
  return {
    ok: false,
    diagnostics: [d],
    errorCount: 1,
    listing: '',
    source: { lineMap: [], files: {} },
    summary: `${file}: ${message}`,
  };
}
