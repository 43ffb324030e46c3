import type { Message, ToolLinks } from '../types';
import { toolLinksFromScan } from '../links/tool-links-from-scan';
import { groupMessages, type MessageGroups } from '../links/group-messages';
import { rankMessages, type ImportanceRanking } from '../scoring/rank-messages';

/** Everything the strategies need about a transcript that does not depend on `maxTurns`. */
export type TranscriptAnalysis = MessageGroups & ImportanceRanking & { links: ToolLinks };

/**
 * Links, groups and ranks a transcript once, O(n log n), so that `planPrune` can answer each `maxTurns` in O(n).
 * The inspector's worker keeps this per loaded conversation.
 */
export function analyzeTranscript(messages: readonly Message[]): TranscriptAnalysis {
  const groups = groupMessages(messages);
  return { ...groups, ...rankMessages(groups), links: toolLinksFromScan(groups.scan) };
}
