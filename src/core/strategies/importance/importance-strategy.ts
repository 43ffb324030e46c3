import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { groupMessages } from '../../links/group-messages';
import { glueBrokenTurns } from '../../links/glue-broken-turns';
import { scoreUnits } from '../../scoring/score-units';
import { estimateTokens } from '../../tokens/estimate-tokens';
import { fitsBound } from '../../plan/fits-bound';
import { planImportance, type ImportanceSettings } from './plan-importance';
import { replayImportance } from './replay-importance';

/** The `importance` strategy's config (seed 002). */
export interface ImportanceConfig extends CommonPruneOptions {
  strategy: 'importance';
}

/** Drop the least important tool groups first (seed 002 §5's score), never the last message's group; fill a token budget after. */
export const importanceStrategy = defineStrategy({
  id: 'importance',
  label: 'Importance',
  description:
    'Drops whole tool groups, lowest importance score first (newer, tool-bearing and longer messages score higher); never the most recent message. Under a token bound, adds back what still fits, best first, and never keeps less than the most recent messages that fit.',
  bounds: ['maxTurns', 'maxTokens'],
  needsBound: true,
  honoursPins: true,
  options: [],
  normalize: (config: ImportanceConfig): ImportanceSettings => ({
    ...checkBound(config, 'importance', true),
    pinned: config.pinned ?? [],
  }),
  plan: (analysis, settings) => planImportance(analysis, settings),
  // One bound only: score the groups and select just the lowest ones, instead of ranking them all.
  planQuick: (messages, settings, explain, check) => {
    const groups = groupMessages(messages, check);
    const units = glueBrokenTurns(groups, messages);
    const unitScore = scoreUnits(units);
    // The scan is this call's own and its text lengths are read for the last time above, so each becomes its
    // message's tokens in place: one 8-byte-per-message array less for the collector at 100k messages.
    const tokens = groups.scan.textLength;
    // Without a token bound only the total is read (planImportance looks past suffixTokens[0] only to refill).
    const suffixTokens = new Float64Array(settings.maxTokens === Infinity ? 1 : groups.count + 1);
    let total = 0;
    for (let i = groups.count - 1; i >= 0; i--) {
      tokens[i] = estimateTokens(tokens[i] as number);
      total += tokens[i] as number;
      if (suffixTokens.length > 1) suffixTokens[i] = total;
    }
    suffixTokens[0] = total;
    return planImportance({ count: groups.count, unitOf: units.groupOf, unitSize: units.groupSize, unitFirst: units.groupFirst, unitScore, tokens, suffixTokens }, settings, explain);
  },
  keepsEverything: fitsBound,
  // The best units drawn from buckets of their bonus: a request costs about what it keeps.
  replay: { stateless: replayImportance },
});
