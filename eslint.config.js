// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// The import boundary of the design: src -> board -> rom-core, never backwards.
const outside = (dirs) => dirs.flatMap((d) => [`../${d}/*`, `../../${d}/*`, `../../../${d}/*`, `../../../../${d}/*`]);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
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
      'no-restricted-imports': ['error', {
        patterns: [
          { group: outside(['src', 'board', 'test']), message: 'rom-core imports nothing outside itself.' },
          { group: ['node:*', 'fs', 'path', 'pixi.js', 'howler', 'comlink', 'xstate'], message: 'rom-core is platform-free: no Node built-ins or browser libraries (the CLI in rom-core/cli/ is the one exception).' },
        ],
      }],
    },
  },
  {
    files: ['rom-core/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: outside(['src', 'board', 'test']), message: 'rom-core imports nothing outside itself.' }],
      }],
    },
  },
  {
    files: ['board/**/*.ts'],
    ignores: ['board/cli/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: outside(['src', 'test']), message: 'board/ must not import from src/ or test/.' },
          { group: ['pixi.js', 'howler', 'comlink', 'node:*', 'fs', 'path'], message: 'board/ is pure rules and XState: no DOM, rendering or Node built-ins (board/cli/ is the exception).' },
        ],
      }],
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: outside(['rom-core']), allowTypeImports: true, message: 'board/ may import rom-core types only.' }],
      }],
    },
  },
  {
    files: ['board/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: outside(['src', 'test']), message: 'board/ must not import from src/ or test/.' }] }],
    },
  },
);
