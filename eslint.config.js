// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// The import boundary of the design: src -> board -> rom-core, never backwards.
const outside = (dirs) => dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`, `../../../${d}/*`, `../../../../${d}/*`]);

// src/: folders of one level (src/X/file.ts, src/X/sub/file.ts) reach a sibling as ../Y or ../../Y.
const sibling = (dirs) => dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`]);
// Pages the router mounts; they compose the shared parts and never each other.
const PAGES = ['console', 'table', 'about', 'resolver'];
// Parts pages compose (board-view is also the #/board page, and a part of the table).
const SHARED = ['machine', 'net', 'board-view', 'render', 'audio', 'input', 'debugger', 'rom-library', 'editor'];
const SRC_FOLDERS = ['platform', 'shell', 'worker', ...PAGES, ...SHARED];
const NO_TEST = {
  group: ['../../test/*', '../../../test/*', '../../../../test/*'],
  message: 'src/ never imports test/.',
};
// The doors (issue 22): src/ reaches board/ only through board/index.ts, and src/ and board/ reach rom-core only
// through a floor's entry file, rom-core/<floor>/index.ts, or a one-file floor at its root (version.ts, crc32.ts);
// type-only imports too. Inside rom-core, board and src, files import each other freely.
const BOARD_DOOR = {
  regex: String.raw`^(\.\./)+board/(?!index\.ts$)`,
  message: 'src/ imports board/ only through its door, board/index.ts.',
};
const CORE_DOORS = {
  regex: String.raw`^(\.\./)+rom-core/(?![\w-]+/index\.ts$|[\w-]+\.ts$)`,
  message:
    "Outside rom-core, import it only through a floor's door: rom-core/<floor>/index.ts (or a file at rom-core's root).",
};
const pageRule = (page) => ({
  files: [`src/${page}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          NO_TEST,
          BOARD_DOOR,
          CORE_DOORS,
          {
            group: sibling(PAGES.filter((p) => p !== page)),
            message: 'A page imports platform, its own folder and the shared parts, never another page.',
          },
          {
            group: sibling(['worker']).filter((g) => !g.includes('worker/protocol')),
            allowTypeImports: true,
            message: 'Pages reach the worker through machine/ (worker/protocol types only).',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.cli-build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['rom-core/**/*.ts'],
    ignores: ['rom-core/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outside(['src', 'board', 'test']), message: 'rom-core imports nothing outside itself.' },
            {
              group: ['node:*', 'fs', 'path', 'pixi.js', 'howler', 'comlink', 'xstate'],
              message:
                'rom-core is platform-free: no Node built-ins or browser libraries (the CLI in rom-core/cli/ is the one exception).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['rom-core/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: outside(['src', 'board', 'test']), message: 'rom-core imports nothing outside itself.' }],
        },
      ],
    },
  },
  {
    files: ['board/**/*.ts'],
    ignores: ['board/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outside(['src', 'test']), message: 'board/ must not import from src/ or test/.' },
            CORE_DOORS,
            {
              group: ['pixi.js', 'howler', 'comlink', 'node:*', 'fs', 'path'],
              message:
                'board/ is pure rules and XState: no DOM, rendering or Node built-ins (board/cli/ is the exception).',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outside(['rom-core']), allowTypeImports: true, message: 'board/ may import rom-core types only.' },
          ],
        },
      ],
    },
  },
  {
    // The board's commands run machines and read files (Node built-ins and rom-core's values), but reach
    // rom-core through its doors like every other floor (issue 33): shared CLI helpers are rom-core/cli/index.ts.
    files: ['board/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outside(['src', 'test']), message: 'board/ must not import from src/ or test/.' },
            CORE_DOORS,
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TEST, BOARD_DOOR, CORE_DOORS] }] },
  },
  {
    files: ['src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_TEST,
            {
              group: [...sibling(SRC_FOLDERS), '../../board/*', '../../rom-core/*'],
              message:
                'src/platform/ (DOM builder, download, IndexedDB, settings, the Page contract) imports nothing else.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_TEST,
            CORE_DOORS,
            {
              group: [...sibling(SRC_FOLDERS.filter((d) => d !== 'worker')), '../../board/*'],
              message: 'The worker imports only rom-core and itself.',
            },
          ],
        },
      ],
    },
  },
  ...PAGES.map(pageRule),
  {
    files: SHARED.map((d) => `src/${d}/**/*.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_TEST,
            {
              group: sibling([...PAGES, 'shell']),
              message:
                'A shared part never imports a page or the shell (pages compose parts, not the other way round).',
            },
            {
              group: sibling(['worker']).filter((g) => !g.includes('protocol')),
              allowTypeImports: true,
              message: 'Shared parts reach the worker through its protocol types; only machine/runtime.ts starts it.',
            },
          ],
        },
      ],
    },
  },
);
