/** Which of the opened files to assemble. */
import type { SourceFile } from '../worker/build-program.ts';

function baseName(path: string): string {
  return path.replace(/\\/g, '/').split('/').pop() ?? path;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The one asked for, else the `.a48`/`.asm` no other file includes, else the first program. */
export function mainFile(files: readonly SourceFile[], asked?: string): string | undefined {
  if (asked && files.some((f) => f.name === asked)) return asked;
  const programs = files.filter((f) => /\.(a48|asm|s)$/i.test(f.name));
  const included = (f: SourceFile): boolean =>
    files.some(
      (o) => o !== f && new RegExp(`include\\s+["']?[^"'\\n]*${escapeRe(baseName(f.name))}`, 'i').test(o.text),
    );
  return (programs.find((f) => !included(f)) ?? programs[0] ?? files[0])?.name;
}
