/** The board CLI's reader of text inputs, through the shared reader (rom-core/cli/files.ts). */
import { FileRefusal, readRegularFile } from '../../rom-core/cli/index.ts';

/** Scripts, scenarios, games and turns: a whole game's file is well under a megabyte. */
export const MAX_TEXT_BYTES = 16 << 20;

/** The file's text; throws an Error whose message is the sentence (/dev/zero or a FIFO is refused, not read for ever). */
export function readTextFile(path: string, what: string, limit = MAX_TEXT_BYTES): string {
  try {
    return readRegularFile(path, limit).toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      e instanceof FileRefusal
        ? e.message
        : code === 'ENOENT'
          ? 'there is no such file'
          : code === 'EISDIR'
            ? 'it is a folder, not a file'
            : code === 'EACCES' || code === 'EPERM'
              ? 'permission to read it was denied'
              : (e as Error).message;
    throw new Error(`cannot read the ${what} "${path}": ${why}`, { cause: e });
  }
}
