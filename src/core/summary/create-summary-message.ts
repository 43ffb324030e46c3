import type { Message } from '../types';

/**
 * The synthetic message the summarize strategy puts first: `[Previous context: N turns summarized]`, role user,
 * N being the number of messages it replaces (spec 001; "turns" even for one, so callers can match it exactly).
 * A placeholder: no model is called.
 */
export function createSummaryMessage(replacedCount: number): Message {
  return { role: 'user', content: `[Previous context: ${replacedCount} turns summarized]` };
}
