#!/usr/bin/env node
/**
 * `node scripts/cli.cjs NAME [ARG ...]`: runs one of the project's command lines (the npm scripts o2,
 * board, resolve, relay, bench and fuzz) as built JavaScript instead of compiling TypeScript at every
 * start (`tsx` spends about half a second doing that).
 *
 * The first run of a command bundles its entry with esbuild into .cli-build/ (git-ignored): one
 * file, the project's own sources inlined, npm packages left to Node. Beside it a manifest lists
 * every source file that went in, and NAME.….inputs holds their contents exactly as esbuild was
 * given them (the plugin below reads each file itself, so an edit during the build is caught at
 * the next run). Every later run reads those files again and compares them byte for byte with the
 * kept contents (a few milliseconds for the o2 command's ~70 files): the bundle runs only if all
 * are the same, and is rebuilt first otherwise, so an edited source never runs stale, whatever
 * its timestamps say. A file the build did not read (a new import) can only come in through an
 * edited one. The launcher itself, package.json and tsconfig.json are compared too.
 *
 * The bundle runs as the entry would under tsx: process.argv[1] is the entry's .ts path (so a
 * module's "am I the main program" test still holds) and the arguments after NAME follow. Each
 * source's import.meta.url (and .dirname, .filename) is its own file's, not the bundle's, so files
 * read beside a source (rom-core/roms, board/scenarios) are found as before.
 *
 * NAME may also be a path to a .ts entry (the launcher's own tests use a fixture).
 * O2_CLI_BUILD_DIR sets another build folder.
 */
'use strict';
// CommonJS, so Node loads the launcher itself synchronously: an ES module entry is read through the
// ES loader's asynchronous file read, and its start waited on the thread pool (about 15 ms of idle).
const { dirname, extname, join, relative, resolve } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

// node:fs through getBuiltinModule, not `import`: Node's ES-module face of fs reads every export, and
// its ReadStream getter loads the whole streams stack, a few milliseconds of every start (see FS_EXPORTS).
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } =
  process.getBuiltinModule('node:fs');

const LAUNCHER = __filename;
const ROOT = resolve(dirname(LAUNCHER), '..');

/** The commands and their entry files (relative to the project's root). */
const ENTRIES = {
  o2: 'rom-core/cli/o2.ts',
  board: 'board/cli/board.ts',
  resolve: 'board/cli/resolve.ts',
  relay: 'src/net/relay-cli.ts',
  bench: 'test/bench/run.ts',
  fuzz: 'test/fuzz/run.ts',
};

/** Files that shape every build besides the sources themselves. */
const ALWAYS = [LAUNCHER, join(ROOT, 'package.json'), join(ROOT, 'tsconfig.json')];

const LOADERS = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.json': 'json',
};

/**
 * What the bundle gets from `import ... from 'node:fs'`: fs's own values, taken through
 * process.getBuiltinModule. Properties that are getters (the stream classes, promises, opendir) are
 * not exported, so reading them costs nothing at start; a source importing one fails to build
 * ("No matching export"), and should import it from node:fs/promises or ask for it when used.
 */
function fsShim() {
  const fs = process.getBuiltinModule('node:fs');
  const plain = Object.entries(Object.getOwnPropertyDescriptors(fs)).filter(([key, d]) => !d.get && key !== 'default');
  return [
    "const fs = process.getBuiltinModule('node:fs');",
    'export default fs;',
    ...plain.map(([key]) => `export const ${key} = fs.${key};`),
  ].join('\n');
}

/** A bundle older than this that no manifest names is removed at the next build (a run may still be loading it). */
const PRUNE_AFTER_MS = 60_000;

function buildDir() {
  return process.env.O2_CLI_BUILD_DIR ? resolve(process.env.O2_CLI_BUILD_DIR) : join(ROOT, '.cli-build');
}

/** The bundle's name stem for an entry: a command's name, or a fixture path made safe. */
function stemOf(entry) {
  const rel = relative(ROOT, entry);
  const named = Object.entries(ENTRIES).find(([, path]) => resolve(ROOT, path) === entry);
  if (named) return named[0];
  return 'entry-' + rel.replace(/[^\w.-]+/g, '_');
}

/**
 * A file's identity as the kernel keeps it: its inode, size, modification and change times. The
 * change time (ctime) moves at every write to the file and no call can set it back (utimes sets
 * only the access and modification times), so equal marks mean a file untouched since it was read.
 */
function markOf(path) {
  const s = statSync(path);
  return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}

/**
 * The manifest's bundle if every input still reads byte for byte as it did when the bundle was made,
 * else null. An input whose mark (markOf, taken before it was read) is unchanged is not read again:
 * one stat instead of a read and a comparison, most of the check's time. One whose mark moved (a
 * checkout, an edit and its undo) is read and compared with the kept contents.
 */
function freshBundle(entry, dir = buildDir()) {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, `${stemOf(entry)}.json`), 'utf8'));
    if (manifest.entry !== entry) return null;
    const keptPath = join(dir, `${manifest.bundle}.inputs`);
    const total = manifest.inputs.reduce((sum, [, length]) => sum + length, 0);
    if (statSync(keptPath).size !== total) return null;
    let kept = null;
    let at = 0;
    for (const [path, length, mark] of manifest.inputs) {
      if (mark === undefined || markOf(path) !== mark) {
        kept ??= readFileSync(keptPath);
        const now = readFileSync(path);
        if (now.length !== length || !now.equals(kept.subarray(at, at + length))) return null;
      }
      at += length;
    }
    return { bundle: join(dir, manifest.bundle), id: manifest.bundle };
  } catch {
    // No manifest or snapshot yet, or an input gone (renamed, deleted): build again.
    return null;
  }
}

/** Source with import.meta.url, .dirname and .filename replaced by the file's own values. */
function ownMeta(text, path) {
  return text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key) =>
    JSON.stringify(key === 'url' ? pathToFileURL(path).href : key === 'dirname' ? dirname(path) : path),
  );
}

/** Bundles entry and writes it with its manifest and inputs; returns the bundle's path and name (its id). */
async function build(entry, dir = buildDir()) {
  const { build: esbuild } = await import('esbuild');
  // Each file is read and handed to esbuild here, so what is kept is exactly what was bundled.
  const read = new Map();
  const marks = new Map();
  const sources = {
    name: 'o2-sources',
    setup(b) {
      b.onResolve({ filter: /^(node:)?fs$/ }, () => ({ path: 'node:fs', namespace: 'o2-fs' }));
      b.onLoad({ filter: /.*/, namespace: 'o2-fs' }, () => ({ contents: fsShim(), loader: 'js' }));
      b.onLoad({ filter: /.*/ }, (args) => {
        const loader = LOADERS[extname(args.path)];
        if (args.namespace !== 'file' || !loader)
          throw new Error(`${args.path}: the CLI launcher bundles only .ts, .js and .json files`);
        // The mark first: a write after it (even during the build) makes the next run read the file.
        marks.set(args.path, markOf(args.path));
        const bytes = readFileSync(args.path);
        read.set(args.path, bytes);
        return { contents: loader === 'json' ? bytes : ownMeta(bytes.toString('utf8'), args.path), loader };
      });
    },
  };
  for (const path of ALWAYS) marks.set(path, markOf(path));
  const always = new Map(ALWAYS.map((path) => [path, readFileSync(path)]));
  const options = (format) => ({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format,
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    outdir: dir,
    entryNames: `[name]`,
    logLevel: 'silent',
    plugins: [sources],
  });
  // CommonJS where the entry allows it (no top-level await): run() then compiles it with V8's code
  // cache, which an ES module cannot use on Node 20. Entries with top-level await stay ES modules.
  let format = 'cjs';
  let result;
  try {
    result = await esbuild(options(format));
  } catch (e) {
    if (!e?.errors?.some((m) => /top-level await/i.test(m.text))) throw e;
    read.clear();
    marks.clear();
    for (const path of ALWAYS) marks.set(path, markOf(path));
    format = 'esm';
    result = await esbuild(options(format));
  }
  const inputs = [...ALWAYS, ...[...read.keys()].sort()];
  const contents = inputs.map((path) => read.get(path) ?? always.get(path));
  mkdirSync(dir, { recursive: true });
  const stem = stemOf(entry);
  const bundle = `${stem}.${process.pid}-${Date.now()}.${format === 'cjs' ? 'cjs' : 'mjs'}`;
  for (const out of result.outputFiles) {
    const map = out.path.endsWith('.map');
    let text = out.text;
    if (!map) text = text.replace(/\/\/# sourceMappingURL=.*\n?$/, `//# sourceMappingURL=${bundle}.map\n`);
    const path = join(dir, map ? `${bundle}.map` : bundle);
    writeFileSync(`${path}.tmp`, text);
    renameSync(`${path}.tmp`, path);
  }
  // The inputs' contents as bundled, one after another: the next run compares the files with them.
  writeFileSync(join(dir, `${bundle}.inputs`), Buffer.concat(contents));
  const manifest = join(dir, `${stem}.json`);
  const listed = inputs.map((path, i) => [path, contents[i].length, marks.get(path)]);
  writeFileSync(`${manifest}.${process.pid}.tmp`, JSON.stringify({ entry, bundle, inputs: listed }, null, 1) + '\n');
  renameSync(`${manifest}.${process.pid}.tmp`, manifest);
  prune(dir, stem, bundle);
  return { bundle: join(dir, bundle), id: bundle };
}

/** Removes this entry's older bundles that no run can still be starting. */
function prune(dir, stem, keep) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${stem}.`) || name.startsWith(keep) || name.endsWith('.json')) continue;
    try {
      if (now - statSync(join(dir, name)).mtimeMs > PRUNE_AFTER_MS) rmSync(join(dir, name), { force: true });
    } catch {
      /* another build removed it */
    }
  }
}

/** The entry's bundle and its id, built first if it is missing or any of its sources changed. */
async function bundleFor(entry, dir = buildDir()) {
  return freshBundle(entry, dir) ?? (await build(entry, dir));
}

/**
 * Runs a CommonJS bundle as Node's own loader would (the same wrapper and require), but compiled with
 * V8's code cache kept beside it (BUNDLE.v8cache): the cache is written when the first run exits, so
 * it holds the bytecode of every function that run compiled, and later runs skip parsing and
 * compiling them (about a fifth of `o2 run --frames 1`). A cache V8 rejects (another Node) is
 * written again; the bundle's name changes with every build, so a cache never outlives its code.
 */
function runWithCodeCache(bundle) {
  const { Script } = process.getBuiltinModule('node:vm');
  const { createRequire } = process.getBuiltinModule('node:module');
  const cachePath = `${bundle}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cachePath);
  } catch {
    // First run of this bundle: no cache yet.
  }
  // On one line with the code, so the bundle's line numbers (and its source map) stay true.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: bundle, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', () => {
      try {
        const tmp = `${cachePath}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cachePath);
      } catch {
        // A read-only build folder: the next run compiles again, as this one did.
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

function entryOf(name) {
  if (name in ENTRIES) return resolve(ROOT, ENTRIES[name]);
  if (name && /\.[cm]?tsx?$/.test(name)) return resolve(name);
  return null;
}

/** A build error in words: esbuild's messages name the file and line, as tsx would at start. */
function buildFailed(entry, e) {
  const errors = e?.errors?.length
    ? e.errors.map(
        (m) => `${m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : ''}${m.text}`,
      )
    : [e instanceof Error ? e.message : String(e)];
  // The folder cannot be written (a read-only checkout): say where another can be given.
  if (['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR'].includes(e?.code))
    errors.push(`(the bundle is written to ${buildDir()}; O2_CLI_BUILD_DIR=FOLDER names another)`);
  process.stderr.write(`cli: cannot build ${relative(ROOT, entry)}:\n${errors.join('\n')}\n`);
  process.exit(1);
}

/** Runs the entry's bundle as the entry itself would run. */
function start(entry, built) {
  // Seen by rom-core/cli/assembled-once.ts: images assembled from source are kept beside the bundle,
  // for as long as this very bundle (id) runs.
  globalThis[Symbol.for('o2conquest.cli-build')] = { dir: buildDir(), name: stemOf(entry), id: built.id };
  process.argv.splice(1, 2, entry);
  if (built.bundle.endsWith('.cjs')) runWithCodeCache(built.bundle);
  else return import(pathToFileURL(built.bundle).href);
}

if (require.main === module) {
  const name = process.argv[2];
  const entry = entryOf(name);
  if (!entry) {
    process.stderr.write(`usage: node scripts/cli.cjs ${Object.keys(ENTRIES).join('|')} [ARG ...]\n`);
    process.exit(2);
  }
  // A fresh bundle starts at once, without a turn of the event loop; one to build first is awaited.
  let fresh = null;
  try {
    fresh = freshBundle(entry);
  } catch (e) {
    buildFailed(entry, e);
  }
  if (fresh) start(entry, fresh);
  else
    build(entry).then(
      (built) => start(entry, built),
      (e) => buildFailed(entry, e),
    );
}

module.exports = { ENTRIES, buildDir, freshBundle, build, bundleFor };
