import type { Message } from '../types';
import type { IntentClassification } from './types';
import { groupMessages, type MessageGroups } from '../links/group-messages';
import { buildContextUnits, type ContextUnits } from './build-context-units';
import { findUserPrompts, type UserPrompts } from '../text/find-user-prompts';
import { detectTranscriptIntent } from './detect-transcript-intent';
import { classifyUnits, type UnitClassification } from './classify-units';
import { buildTfidfIndex, type TfidfIndex } from './build-tfidf-index';
import { createShortenedCache, type ShortenedCache } from './shortened-cache';

/** What the governor knows of a transcript before any query, intent or budget: computed once per transcript. */
export interface GovernorAnalysis {
  messages: readonly Message[];
  groups: MessageGroups;
  units: ContextUnits;
  prompts: UserPrompts;
  /** The intent read from the task and the latest prompt (`detectTranscriptIntent`). */
  detectedIntent: IntentClassification;
  types: UnitClassification;
  index: TfidfIndex;
  /**
   * Shortened versions of units (masked results, summaries), made the first time a plan needs them and reused by
   * every later plan of this transcript, so that moving a budget slider does not summarize again. Invisible except
   * in speed: a version depends only on its unit (and, for a summary, on the summarizer).
   */
  shortened: ShortenedCache;
}

/**
 * Everything about a transcript that does not depend on the query, the intent or the budget: units
 * (`groupMessages`, or the groups given), user prompts, the detected intent, unit types, and the TF-IDF index. O(n log n); about
 * O(characters read) with the reads bounded per text (see `classifyUnits`, `buildTfidfIndex`). Never mutates
 * `messages`; the analysis holds them by reference, so they must not be mutated afterwards either.
 */
export function analyzeForGovernor(messages: readonly Message[], groups?: MessageGroups): GovernorAnalysis {
  if (!Array.isArray(messages)) {
    throw new TypeError(`analyzeForGovernor: messages must be an array, got ${messages === null ? 'null' : typeof messages}`);
  }
  // The registry passes its units (tool groups with broken turns glued), so a broken input gains no API problem.
  groups ??= groupMessages(messages);
  const units = buildContextUnits(groups);
  const prompts = findUserPrompts(messages);
  return {
    messages,
    groups,
    units,
    prompts,
    detectedIntent: detectTranscriptIntent(messages, prompts),
    types: classifyUnits(messages, units, prompts, groups.scan),
    index: buildTfidfIndex(messages, units),
    shortened: createShortenedCache(),
  };
}
