import { defineConfig, type UserConfig } from 'tsdown';
import { encodingAsJson } from './scripts/encoding-as-json.ts';

/**
 * The npm package: `prunescope`, `prunescope/formats`, `prunescope/ai-sdk` and `prunescope/openai` as ESM (dist/esm, .js + .d.ts) and CommonJS (dist/cjs,
 * .cjs + .d.cts), and the `prunescope` bin (ESM only, beside the ESM library so they share chunks).
 *
 * `ai-tokenizer` is bundled, not depended on: it declares an optional peer `ai@^5`, so a package depending on it
 * cannot be installed beside `ai@7` (npm ERESOLVE). The copy is 1.0.6 as pinned in devDependencies, its MIT notice
 * ships in THIRD-PARTY-NOTICES.md, and `createTokenCounter`'s literal `import()`s make each vocabulary (2–8 MB) a chunk
 * of its own that is loaded the first time it is asked for (a `require()` inside a promise in the CommonJS build).
 */
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
  // Vocabularies as JSON.parse of one string: about 15× faster to load than ai-tokenizer's object literals.
  plugins: [encodingAsJson()],
};

export default defineConfig([
  {
    ...library,
    entry: { ...(library.entry as Record<string, string>), cli: 'src/cli/main.ts', 'report-worker': 'src/cli/report/worker.ts' },
    format: 'esm',
    outDir: 'dist/esm',
  },
  { ...library, format: 'cjs', outDir: 'dist/cjs' },
]);
