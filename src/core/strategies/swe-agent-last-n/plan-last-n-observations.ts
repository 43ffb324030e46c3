import type { ContentBlock, Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { CheckedBound, StrategyPlan } from '../../plan/types';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { listToolResults } from '../../links/list-tool-results';
import { formatNumber } from '../../text/format-number';
import { pinnedUnits } from '../../compaction/pinned-units';
import { tokenShare } from '../../compaction/token-share';
import { maskEditedMessages } from '../../compaction/mask-edited-messages';
import { oldOutputPlaceholder } from './old-output-placeholder';

export interface LastNObservationsSettings extends CheckedBound {
  n: number;
  polling: number;
  /** Tools whose outputs are tagged `keep_output` (never elided) or `remove_output` (always elided). */
  keepOutputTools: readonly string[];
  removeOutputTools: readonly string[];
  pinned: readonly number[];
}

/**
 * SWE-agent's `LastNObservations` history processor (`sweagent/agent/history_processors.py`): the observations are
 * the first user message (the instance template) and every tool result; with `last_removed = max(0, ⌊len/polling⌋ ·
 * polling − n)`, observations 1 to `last_removed − 1` become `Old environment output: (N lines omitted)`. obs[0] is
 * never elided; `keep_output` tags keep one, `remove_output` tags elide one whatever its age. No message is removed.
 * A result no larger than its placeholder is left as it is. O(n).
 */
export function planLastNObservations(analysis: TranscriptAnalysis, settings: LastNObservationsSettings): StrategyPlan<'swe-agent-last-n'> {
  const { count, messages, counter, suffixTokens } = analysis;
  const plan = emptyPlan('swe-agent-last-n', { maxTurns: Infinity, maxTokens: Infinity }, count, suffixTokens[0] as number);
  plan.reasons.fill(REASON.noToolResult);
  const results = listToolResults(analysis);
  const first = messages[0];
  const templateFirst = first !== undefined && first.role === 'user' && !(Array.isArray(first.content) && first.content.some((b) => b.type === 'tool_result'));
  const observations = results.count + (templateFirst ? 1 : 0);
  const lastRemoved = Math.max(0, Math.floor(observations / settings.polling) * settings.polling - settings.n);
  const keep = new Set(settings.keepOutputTools);
  const remove = new Set(settings.removeOutputTools);
  const pinned = pinnedUnits(analysis, settings.pinned);
  const edits = new Map<number, { results: { block: number; text: string }[] }>();
  let freed = 0;
  let elided = 0;
  for (let r = 0; r < results.count; r++) {
    const o = r + (templateFirst ? 1 : 0);
    const m = results.message[r] as number;
    const name = results.toolName[r] as string;
    const elide = remove.has(name) || (o >= 1 && o < lastRemoved && !keep.has(name));
    if (elide && pinned[m] === 1) {
      plan.reasons[m] = REASON.pinned;
      continue;
    }
    if (!elide) {
      if (plan.reasons[m] === REASON.noToolResult) plan.reasons[m] = keep.has(name) ? REASON.excludedTool : REASON.recentResult;
      continue;
    }
    const block = results.block[r] as number;
    const content = (((messages[m] as Message).content as ContentBlock[])[block] as { content?: unknown }).content;
    const text = oldOutputPlaceholder(content);
    const share = tokenShare(analysis, m, results.chars[r] as number);
    const placeholderTokens = counter.count(text);
    if (share <= placeholderTokens || content === text) {
      plan.reasons[m] = REASON.smallResult;
      continue;
    }
    freed += share - placeholderTokens;
    elided++;
    const edit = edits.get(m) ?? { results: [] };
    edit.results.push({ block, text });
    edits.set(m, edit);
  }
  maskEditedMessages(plan, messages, edits, freed);
  plan.explain = { headline: `${observations} observations, polling ${settings.polling}: ${elided} elided, ${formatNumber(freed, 'compact')} tokens freed`, about: () => undefined };
  return plan;
}
