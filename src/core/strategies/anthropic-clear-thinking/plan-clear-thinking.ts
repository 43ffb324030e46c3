import type { Message } from '../../types';
import type { TranscriptAnalysis } from '../../plan/analyze-transcript';
import type { StrategyPlan } from '../../plan/types';
import type { PeerSettings } from '../peer-settings';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import { emptyPlan } from '../../plan/empty-plan';
import { replaceToolBlocks } from '../../compaction/replace-tool-blocks';
import { blockTextLength } from '../../text/block-text-length';
import { startsTurn } from '../../usage/starts-turn';
import { keepsPriorThinking } from '../../tokens/keeps-prior-thinking';
import { formatNumber } from '../../text/format-number';
import { pinnedUnits } from '../../compaction/pinned-units';
import { tokenShare } from '../../compaction/token-share';

export interface ClearThinkingSettings extends PeerSettings {
  /** `model`: the model's documented default (every turn on Opus 4.5+ and Sonnet 4.6+, else the last); `all`; `turns`. */
  keepMode: 'model' | 'all' | 'turns';
  /** With `turns`: the last N assistant turns with thinking keep it. */
  keepTurns: number;
}

/** The number of thinking turns a setting keeps: Infinity for `all`. */
export function thinkingTurnsKept(settings: Pick<ClearThinkingSettings, 'keepMode' | 'keepTurns' | 'request'>): number {
  if (settings.keepMode === 'all') return Infinity;
  if (settings.keepMode === 'turns') return settings.keepTurns;
  return keepsPriorThinking(settings.request.model) ? Infinity : 1;
}

/**
 * Anthropic's `clear_thinking_20251015`, as the context-editing docs define it: an assistant turn runs from one user
 * message that is not only tool results to the next (it may hold several messages, tool calls and interleaved
 * thinking); the last `keep` turns that hold thinking keep it, every older turn's `thinking` and
 * `redacted_thinking` blocks are removed. The current turn is always among the kept (`keep` is at least 1). An
 * assistant message that held nothing but thinking goes with it. Pinned messages stay as they are. O(n).
 */
export function planClearThinking(analysis: TranscriptAnalysis, settings: ClearThinkingSettings): StrategyPlan<'anthropic-clear-thinking'> {
  const { count, tokens, suffixTokens, messages } = analysis;
  const total = suffixTokens[0] as number;
  const plan = emptyPlan('anthropic-clear-thinking', { maxTurns: Infinity, maxTokens: Infinity }, count, total);
  plan.reasons.fill(REASON.noThinking);
  const keep = thinkingTurnsKept(settings);

  // Per message with thinking: its turn, and how many characters of thinking it holds.
  const turnOf = new Int32Array(count);
  const thinkingChars = new Float64Array(count);
  const holdsThinking = new Uint8Array(count);
  const onlyThinking = new Uint8Array(count);
  const turnsWithThinking: number[] = [];
  let turn = 0;
  for (let i = 0; i < count; i++) {
    const message = messages[i] as Message;
    if (startsTurn(message)) turn++;
    turnOf[i] = turn;
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    let chars = 0;
    let thinking = 0;
    for (const block of message.content) {
      const type = (block as { type?: unknown } | null)?.type;
      if (type === 'thinking' || type === 'redacted_thinking') {
        thinking++;
        chars += blockTextLength(block);
      }
    }
    if (thinking === 0) continue;
    thinkingChars[i] = chars;
    holdsThinking[i] = 1;
    onlyThinking[i] = thinking === message.content.length ? 1 : 0;
    if (turnsWithThinking[turnsWithThinking.length - 1] !== turn) turnsWithThinking.push(turn);
  }
  const firstKeptTurn = keep >= turnsWithThinking.length ? -Infinity : (turnsWithThinking[turnsWithThinking.length - keep] as number);
  const pinned = pinnedUnits(analysis, settings.pinned);

  let cleared = 0;
  let freed = 0;
  for (let i = 0; i < count; i++) {
    if (holdsThinking[i] === 0) continue;
    if ((turnOf[i] as number) >= firstKeptTurn) plan.reasons[i] = REASON.recentThinking;
    else if (pinned[i] === 1) plan.reasons[i] = REASON.pinned;
    else {
      plan.reasons[i] = REASON.thinkingCleared;
      cleared++;
      if (onlyThinking[i] === 1) {
        plan.fates[i] = FATE.dropped;
        plan.dropped++;
        freed += tokens[i] as number;
      } else {
        plan.fates[i] = FATE.masked;
        plan.masked++;
        freed += tokenShare(analysis, i, thinkingChars[i] as number);
      }
    }
  }
  plan.kept = count - plan.dropped - plan.masked;
  plan.tokens = total - freed;
  if (plan.masked > 0) {
    plan.replacement = (index) => {
      if (plan.fates[index] !== FATE.masked) throw new RangeError(`anthropic-clear-thinking: message ${index} is not masked in this plan`);
      return replaceToolBlocks(messages[index] as Message, { dropThinking: true });
    };
  }
  const kept = keep === Infinity ? 'keep all' : `keep the last ${keep}`;
  plan.explain = {
    headline:
      cleared === 0
        ? `${turnsWithThinking.length} ${turnsWithThinking.length === 1 ? 'turn' : 'turns'} with thinking, ${kept}: nothing cleared`
        : `${turnsWithThinking.length - Math.min(keep, turnsWithThinking.length)} of ${turnsWithThinking.length} turns' thinking cleared (${kept}), ${formatNumber(freed, 'compact')} tokens freed`,
    about: () => undefined,
  };
  return plan;
}
