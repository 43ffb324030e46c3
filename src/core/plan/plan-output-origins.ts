import type { StrategyPlan as PrunePlan } from './types';
import { FATE } from './fate';

/**
 * For each message `applyPrunePlan` outputs, the input message it is (or stands in for): -1 for an insert such as a
 * summary. Lets a check of the output (the validator) point at the input rows. Needs no messages: masked and in-place
 * summaries are assumed sent, as every registered strategy's replacement is.
 */
export function planOutputOrigins(plan: PrunePlan): Int32Array {
  const { fates, inserts } = plan;
  const origins: number[] = [];
  let next = 0;
  for (let i = 0; i < fates.length; i++) {
    while (next < inserts.length && (inserts[next]?.before as number) <= i) {
      origins.push(-1);
      next++;
    }
    const fate = fates[i];
    if (fate === FATE.kept || fate === FATE.masked || (fate === FATE.summarized && plan.replacement)) origins.push(i);
  }
  for (; next < inserts.length; next++) origins.push(-1);
  return Int32Array.from(origins);
}
