import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compactVocabulary } from './scripts/compact-vocabulary.ts';
import { contentSecurityPolicy } from './scripts/content-security-policy.ts';

/**
 * The page's Content-Security-Policy (`scripts/content-security-policy.ts`: this origin only, plus a model endpoint's
 * origin when `PRUNESCOPE_MODEL_ORIGIN` is set). The build writes it into index.html as a meta tag; `vite preview`
 * (what the e2e tests and the benchmark serve) also sends it as a header, because a meta tag does not reach workers.
 * The dev server goes without: its hot reload injects inline scripts.
 */
const CSP = contentSecurityPolicy(process.env.PRUNESCOPE_MODEL_ORIGIN);

function cspMetaInBuild(): Plugin {
  return {
    name: 'prunescope:csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), cspMetaInBuild(), compactVocabulary()],
  // Counting workers import the vocabularies, so the worker bundles need the swap as well.
  worker: { format: 'es', plugins: () => [compactVocabulary()] },
  preview: { headers: { 'Content-Security-Policy': CSP } },
  // dist/esm and dist/cjs hold the npm package (tsdown); the app has a folder of its own, which vite may empty.
  build: { target: 'es2022', sourcemap: true, outDir: 'dist/app' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Properties run from PRUNESCOPE_TEST_SEED when set (npm test sets it from the commit).
    setupFiles: ['test/support/property-seed.ts'],
    // Test files share their worker's modules: the core is pure, and each file importing it afresh (and loading the
    // tokenizer vocabularies again) took 65–80 s of the unit step's time in CI. The few tests that stub a global or
    // fake timers undo it in the same file.
    isolate: false,
    // Seed 002 §8: the core is held to 90% of lines, functions and statements and 85% of branches. The inspector,
    // worker and CLI are measured by their own tests and e2e, not by these numbers.
    coverage: {
      provider: 'v8',
      include: ['src/core/**/*.ts'],
      exclude: ['src/core/**/*.test.ts'],
      reporter: ['text-summary', 'json-summary', 'text'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 90, functions: 90, statements: 90, branches: 85 },
    },
  },
});
