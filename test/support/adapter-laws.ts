import { expect } from 'vitest';
import type { PruneConfig } from '../../src/core/strategies/registry';
import type { PruneReport } from '../../src/core/prune/message-view';

/** An adapter under test: its prune, with the account it reports through `onReport`. */
export type AdapterPrune<T> = (items: readonly T[], config: PruneConfig & { onReport?: (report: PruneReport<T>) => void }) => T[];

/**
 * The laws every adapter keeps, in its own shape:
 *  1. no problem of that API's rules in the output that the input did not have (`problems` is the API's validator);
 *  2. no mutation (the input deep-equals its copy);
 *  3. determinism (the same call twice, deep-equal outputs);
 *  4. identity and order: every input object sent is sent as it is, in input order, and the report says `kept` for it;
 *  5. bounds: the tokens sent are at most `maxTokens` unless the report says by how much it is `over`;
 *  6. never empty for non-empty input.
 */
export function checkAdapterLaws<T>(input: readonly T[], prune: AdapterPrune<T>, config: PruneConfig, problems: (items: readonly T[]) => string[]): void {
  const before = structuredClone(input);
  let report: PruneReport<T> | undefined;
  const out = prune(input, { ...config, onReport: (r) => (report = r) });
  expect(report?.messages).toBe(out);

  const had = new Set(problems(input));
  expect(problems(out).filter((p) => !had.has(p)), 'no new API problem').toEqual([]);
  expect(input).toEqual(before);
  expect(prune(input, config)).toEqual(out);

  let cursor = 0;
  for (const item of out) {
    const at = input.indexOf(item, cursor);
    if (at === -1) {
      expect(input.includes(item), 'an input object sent twice or out of order').toBe(false);
      continue;
    }
    expect(report?.fates[at], 'sent as it is ⇒ kept').toBe(0);
    cursor = at + 1;
  }
  // token-budget's `ownLimits` swaps maxTokens for its soft and hard limits.
  const bounded = typeof config.maxTokens === 'number' && (config as { ownLimits?: boolean }).ownLimits !== true;
  if (bounded && report?.over === undefined) expect(report?.tokens).toBeLessThanOrEqual(config.maxTokens as number);
  if (report?.over !== undefined) expect(report.over.by).toBeGreaterThan(0);
  if (input.length > 0) expect(out.length).toBeGreaterThan(0);
}
