import type { ContextUnitType, TaskIntent } from './types';

/** Every unit type, in the order of their bit in a unit's type mask (`1 << index`). */
export const UNIT_TYPES: readonly ContextUnitType[] = [
  'file',
  'snippet',
  'error',
  'tool_result',
  'message',
  'documentation',
  'diff',
  'search_result',
  'requirement',
  'example',
];

/**
 * The type a unit is shown as when it holds several: the first of these it holds. Fixed, so a unit's displayed
 * type does not change with the intent; scoring reads every type the unit holds (see `scoreGovernorUnits`).
 * The user's own instructions come first, as they are what a reader must never miss in a unit; errors next, as a
 * failing step is what one looks for; the generic types (tool result, chat line) last.
 */
export const UNIT_TYPE_PRECEDENCE: readonly ContextUnitType[] = [
  'requirement',
  'error',
  'diff',
  'file',
  'documentation',
  'search_result',
  'example',
  'snippet',
  'tool_result',
  'message',
];

/** Seed 004's seven task intents. */
export const TASK_INTENTS: readonly TaskIntent[] = [
  'code_generation',
  'debugging',
  'explanation',
  'search',
  'planning',
  'review',
  'generic',
];

/** The keys of custom score weights: seed 004's three and this project's `type_bonus`. */
export const SCORE_WEIGHT_KEYS = ['priority', 'relevance', 'recency', 'type_bonus'] as const;
