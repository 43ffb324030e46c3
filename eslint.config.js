import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

// Imports run one way: core ← worker ← state ← ui ← app. Each zone lists what it may not import.
const layers = ['core', 'worker', 'state', 'ui', 'app'];
// The only package src/core may load, and only lazily: the tokenizer class and the encodings createTokenCounter uses.
const AI_TOKENIZER_ENTRY = String.raw`/^ai-tokenizer(\/encoding\/(claude|o200k_base|cl100k_base))?$/`;
const layerZones = layers.slice(0, -1).map((layer, i) => ({
  target: `./src/${layer}`,
  from: layers.slice(i + 1).map((higher) => `./src/${higher}`),
  message: `src/${layer} may not import from a layer above it (imports run core ← worker ← state ← ui ← app).`,
}));

// The npm package sits beside the app's layers: src/lib is its entries (the core's public API, curated), src/cli its
// bin, which uses only that public API (and the replay types, until the replay core is public). Neither may reach
// into the inspector; the app layers have no use for them.
const packageZones = [
  {
    target: './src/lib',
    from: ['./src/worker', './src/state', './src/ui', './src/app', './src/cli'],
    message: 'src/lib re-exports the core; it may import only from src/core.',
  },
  {
    target: './src/cli',
    from: './src/core',
    // The replay types, and the one number formatter, so the CLI writes a figure as the inspector does.
    except: ['./replay/types.ts', './text/format-number.ts'],
    message: 'src/cli uses the public API: import from src/lib (export what it needs there, if it should be public).',
  },
  {
    target: './src/cli',
    from: ['./src/worker', './src/state', './src/ui', './src/app'],
    message: 'src/cli is a Node program over the public API; the inspector layers are not part of it.',
  },
  {
    target: ['./src/worker', './src/state', './src/ui', './src/app'],
    from: ['./src/lib', './src/cli'],
    message: 'The inspector imports the core directly; src/lib and src/cli belong to the npm package.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/out', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...packageZones] }],
    },
  },
  {
    // The core is pure: nothing from outside src/core, no packages, no Node built-ins. One exception: the token
    // vocabularies of `ai-tokenizer`, and only through a literal dynamic import(), so a bundler gives each encoding
    // (2–8 MB) a chunk of its own, fetched when first asked for; the inspector's first bundle never holds one.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/core',
              from: './',
              except: ['./src/core', './node_modules/ai-tokenizer'],
              message: 'src/core is pure: it may import only from src/core.',
            },
          ],
        },
      ],
      // Static imports and re-exports: no package at all, ai-tokenizer included.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: 'src/core is pure: no packages or Node built-ins (ai-tokenizer only through import()).' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression:not([source.type='Literal'])",
          message: 'src/core: import() takes a literal path, so a bundler can split and check it.',
        },
        {
          selector: `ImportExpression[source.value=/^[^.]/]:not([source.value=${AI_TOKENIZER_ENTRY}])`,
          message: 'src/core is pure: import() of a package is allowed only for ai-tokenizer and its encodings.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/state/**/*.ts', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
