import { defineConfig } from 'vitest/config';

/**
 * Tests of the built package (`npm run test:package` builds it first): the CLI spawned from dist/esm on the real
 * fixtures, and the packed tarball installed into a temporary project beside ai@7. Apart from the unit run because
 * they need the build, and because they spawn processes rather than cover the core.
 */
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
