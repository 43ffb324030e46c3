import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { checkBound } from '../../plan/check-bound';
import { groupMessages } from '../../links/group-messages';
import { glueBrokenTurns } from '../../links/glue-broken-turns';
import { quickUnitFigures } from './quick-unit-figures';
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
  sweepCost: 2,
  honoursPins: true,
  options: [],
  normalize: (config: ImportanceConfig): ImportanceSettings => ({
    ...checkBound(config, 'importance', true),
    pinned: config.pinned ?? [],
  }),
  plan: (analysis, settings) => planImportance(analysis, settings),
  // One bound only: score the groups and select just the lowest ones, instead of ranking them all.
  planQuick: (messages, settings, explain, check) => {
    // The plan never asks which blocks a pair joins.
    const groups = groupMessages(messages, check, false);
    const units = glueBrokenTurns(groups, messages);
    const { tokens, suffixTokens, unitScore, unitTokens } = quickUnitFigures(units, settings.maxTokens !== Infinity);
    return planImportance({ count: groups.count, unitOf: units.groupOf, unitSize: units.groupSize, unitFirst: units.groupFirst, unitScore, tokens, suffixTokens, unitTokens }, settings, explain);
  },
  keepsEverything: fitsBound,
  // The best units drawn from buckets of their bonus: a request costs about what it keeps.
  replay: { stateless: replayImportance },
});
