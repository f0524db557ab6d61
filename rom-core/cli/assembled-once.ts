/**
 * The open BIOS and the battle cartridge are assembled from source at every start of `o2 run` and
 * `npm run board -- ... --battles machine`, about a quarter of a second. Run through the built CLIs
 * (scripts/cli.cjs), the image is kept in the launcher's build folder with the text of every source
 * file the assembly read (each once, in the order first read), and the name of the bundle that assembled it (a bundle is
 * rebuilt whenever any of its sources, the assembler's included, changes). A later run reads those
 * files again and uses the kept image only if every text is the same and the bundle is the same,
 * else assembles again. Run any other way (tsx, tests), nothing is kept: the launcher announces its
 * build through a global that only the process it starts can see.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What scripts/cli.cjs sets before it imports a bundle: its build folder, the command's name, the bundle's. */
interface LauncherBuild {
  dir: string;
  name: string;
  id: string;
}

interface Kept {
  bundle: string;
  reads: [path: string, text: string][];
  image: string;
}

const launcherBuild = (): LauncherBuild | undefined =>
  (globalThis as Record<symbol, LauncherBuild | undefined>)[Symbol.for('o2conquest.cli-build')];

/**
 * `assemble(read)`'s image: the kept one when every file it read still reads the same and the
 * bundle is the same, else assembled now (and kept, best effort: a build folder that cannot be
 * written only costs the time). `name` names the image among those kept.
 */
export function assembledOnce(
  name: string,
  read: (path: string) => string,
  assemble: (read: (path: string) => string) => Uint8Array,
): Uint8Array {
  const build = launcherBuild();
  if (!build) return assemble(read);
  const file = join(build.dir, `${build.name}.${name}.json`);
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Kept;
    if (kept.bundle === build.id && kept.reads.every(([path, text]) => read(path) === text))
      return new Uint8Array(Buffer.from(kept.image, 'base64'));
  } catch {
    // Nothing kept, or a source gone or unreadable: the assembly below reads it again and says why.
  }
  // Each file once (the assembler reads an include at each use), in the order first read.
  const reads = new Map<string, string>();
  let steady = true;
  const image = assemble((path) => {
    const text = read(path);
    const first = reads.get(path);
    if (first === undefined) reads.set(path, text);
    else if (first !== text) steady = false; // edited while assembled: not kept
    return text;
  });
  if (!steady) return image;
  try {
    mkdirSync(build.dir, { recursive: true });
    const kept: Kept = { bundle: build.id, reads: [...reads], image: Buffer.from(image).toString('base64') };
    writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(kept));
    renameSync(`${file}.${process.pid}.tmp`, file);
  } catch {
    // Best effort: the next run assembles again.
  }
  return image;
}
