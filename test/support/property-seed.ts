/**
 * Vitest setup: every fast-check property runs from `PRUNESCOPE_TEST_SEED` when it is set. `npm test` sets it from
 * the commit (scripts/run-tests.mjs), so a commit's run is the same on every machine: a property that fails in CI
 * fails the same way here before the commit is pushed, and a failure is replayed with the seed the run printed. Unset
 * (a plain `npx vitest`), each run draws its own seeds and keeps finding new cases.
 */
import fc from 'fast-check';

const seed = process.env.PRUNESCOPE_TEST_SEED;
if (seed !== undefined && seed !== '') {
  const value = Number(seed);
  if (!Number.isInteger(value)) throw new Error(`PRUNESCOPE_TEST_SEED must be an integer, not ${JSON.stringify(seed)}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: value | 0 });
}
