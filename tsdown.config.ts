import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'tsdown';
import { compactVocabulary } from './scripts/compact-vocabulary.ts';

/**
 * The npm package: `prunescope`, `prunescope/formats`, `prunescope/ai-sdk` and `prunescope/openai` as ESM (dist/esm,
 * .js + .d.ts) and CommonJS (dist/cjs, .cjs + .d.cts), the `prunescope` bin (ESM only, beside the ESM library so they
 * share chunks), and the three vocabularies once, in dist/vocabulary, shared by both builds.
 *
 * `ai-tokenizer` is bundled, not depended on: it declares an optional peer `ai@^5`, so a package depending on it
 * cannot be installed beside `ai@7` (npm ERESOLVE). The copy is 1.0.6 as pinned in devDependencies, its MIT notice
 * ships in THIRD-PARTY-NOTICES.md. `createTokenCounter`'s literal `import()` of each vocabulary becomes an
 * `import('../vocabulary/<name>.js')` of an ES module, in the CommonJS build too (Node's `import()` loads ES modules
 * from CommonJS), so each vocabulary (0.5–1.7 MB) ships once and is loaded the first time it is asked for.
 */
const VOCABULARIES = ['claude', 'o200k_base', 'cl100k_base'] as const;
const VOCABULARY_IMPORT = new RegExp(`^ai-tokenizer/encoding/(${VOCABULARIES.join('|')})$`);

/** The library's vocabulary imports, pointed at the shared modules (external: they are built once, below). */
const sharedVocabulary = {
  name: 'prunescope:shared-vocabulary',
  resolveId(source: string) {
    const name = VOCABULARY_IMPORT.exec(source)?.[1];
    return name === undefined ? null : { id: `../vocabulary/${name}.js`, external: true };
  },
};

const library: UserConfig = {
  entry: { index: 'src/lib/index.ts', formats: 'src/lib/formats.ts', 'ai-sdk': 'src/lib/ai-sdk.ts', openai: 'src/lib/openai.ts' },
  // The library runs in browsers and workers too: nothing of Node is assumed (the CLI's node: imports are external).
  platform: 'neutral',
  target: 'es2022',
  tsconfig: 'tsconfig.lib.json',
  dts: true,
  deps: { alwaysBundle: [/^ai-tokenizer(\/|$)/], onlyBundle: ['ai-tokenizer'], neverBundle: [/^node:/] },
  // Node 20.19 still runs CommonJS packages everywhere; the CJS build is on purpose, not a leftover.
  checks: { legacyCjs: false, pluginTimings: false },
  plugins: [sharedVocabulary],
};

export default defineConfig([
  {
    ...library,
    entry: { ...(library.entry as Record<string, string>), cli: 'src/cli/main.ts', 'report-worker': 'src/cli/worker/report-worker.ts' },
    format: 'esm',
    outDir: 'dist/esm',
  },
  { ...library, format: 'cjs', outDir: 'dist/cjs' },
  {
    // Each vocabulary as one string of its tokens (see scripts/compact-vocabulary.ts), an ES module of its own.
    entry: Object.fromEntries(VOCABULARIES.map((name) => [name, fileURLToPath(import.meta.resolve(`ai-tokenizer/encoding/${name}`))])),
    platform: 'neutral',
    target: 'es2022',
    format: 'esm',
    outDir: 'dist/vocabulary',
    // Its entries are ai-tokenizer's own files, so nothing is imported from a package.
    deps: { onlyBundle: false },
    dts: false,
    checks: { pluginTimings: false },
    plugins: [compactVocabulary()],
  },
]);
