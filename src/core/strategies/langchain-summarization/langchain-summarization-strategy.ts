import type { CommonPruneOptions } from '../../plan/types';
import { defineStrategy } from '../define-strategy';
import { PEER_TRAITS } from '../peer-traits';
import { checkOption } from '../check-option';
import { integerOption } from '../integer-option';
import { peerSettings } from '../peer-settings';
import { replayLangChain } from './replay-langchain';
import { planLangChainSummarization, type LangChainSummarizationSettings } from './plan-langchain-summarization';
import { langChainTriggerFires } from './langchain-trigger-fires';

/** The `langchain-summarization` strategy's config: LangChain v1's `SummarizationMiddleware`. */
export interface LangChainSummarizationConfig extends CommonPruneOptions {
  strategy: 'langchain-summarization';
  /** `trigger: {tokens}`: summarize at this many tokens (0: unset). Default is 0. */
  triggerTokens?: number;
  /** `trigger: {messages}`: summarize at this many messages (0: unset). Default is 0. */
  triggerMessages?: number;
  /** `trigger: {fraction}` as a percentage of `contextWindow` (0: unset). Default is 0. */
  triggerPercent?: number;
  /** The model profile's `max_input_tokens`, for `triggerPercent`. Default is 200,000. */
  contextWindow?: number;
  /** `all`: the set conditions in one trigger object (ANDed); `any`: a list of them (ORed). Default is `any`. */
  triggerCombine?: 'any' | 'all';
  /** `keep: {messages}`. Default is 20. */
  keepMessages?: number;
  /** What the summarizer reads of the summarized part: its last this many tokens. Default is 4,000. */
  trimTokensToSummarize?: number;
  /** The summary's size bound. Default is 1,000 tokens (not published: the model writes it). */
  summaryTokens?: number;
  /** The summary message's first line. Default is `Here is a summary of the conversation to date:`. */
  summaryPrefix?: string;
}

const OPTIONS = [
  integerOption('triggerTokens', 'Trigger tokens', 'trigger {tokens}: summarize when the conversation reaches this many tokens (0: unset).', 0, 0, 10_000_000, 'tokens'),
  integerOption('triggerMessages', 'Trigger messages', 'trigger {messages}: summarize when the conversation reaches this many messages (0: unset).', 0, 0, 10_000_000, 'messages'),
  integerOption('triggerPercent', 'Trigger %', "trigger {fraction}: summarize at this percentage of the model's input window (0: unset).", 0, 0, 100),
  integerOption('contextWindow', 'Context window', "The model's context window.", 200_000, 10_000, 10_000_000, 'tokens'),
  { key: 'triggerCombine', label: 'Combine', description: 'all: every set condition must hold (one trigger object); any: one is enough (a list).', kind: 'choice', default: 'any', choices: ['any', 'all'] },
  integerOption('keepMessages', 'Keep messages', 'keep {messages}: the most recent messages kept as they are (the cut moves back to keep a tool call with its results).', 20, 0, 10_000_000, 'messages'),
  integerOption('trimTokensToSummarize', 'Summarizer reads', 'trim_tokens_to_summarize: the summarizer reads only the last this many tokens of what it summarizes.', 4_000, 1, 10_000_000, 'tokens'),
  integerOption('summaryTokens', 'Summary size', 'The summary size (the model writes it; not published).', 1_000, 16, 100_000, 'tokens'),
  { key: 'summaryPrefix', label: 'Summary prefix', description: "The summary message's first line.", kind: 'text', default: 'Here is a summary of the conversation to date:', maxLength: 500 },
] as const;

/**
 * LangChain v1's `SummarizationMiddleware` (langchain-ai/langchainjs `libs/langchain/src/agents/middleware/
 * summarization.ts`; langchain v1 docs). It rewrites the agent's state, so a live agent holds the summary.
 */
export const langChainSummarizationStrategy = defineStrategy({
  id: 'langchain-summarization',
  label: 'LangChain: summarization middleware',
  description:
    'LangChain v1 SummarizationMiddleware (langchain-ai/langchainjs summarization.ts, langchain v1 docs): when its trigger holds (tokens, messages or a fraction of the window; none by default, so set one), everything but the last 20 messages becomes one human message "Here is a summary of the conversation to date:" and a summary; the cut moves back so a tool call keeps its results.',
  ...PEER_TRAITS,
  // Its stateless replay reads only what its summarizer reads, and live it holds the summary: a quick lane.
  slow: false,
  fidelity: {
    exact: ['the trigger conditions and how they combine', 'the safe cut before the last keep messages', 'the summary prefix', 'the summarizer reads the last 4,000 tokens'],
    approximated: ["the summary's content (extractive) and size (1,000 tokens; the model writes it)", "token counts by our counter, not LangChain's chars ÷ 4 + 3", 'the trimmed input taken in whole messages', 'the summary request itself is not billed'],
  },
  options: OPTIONS,
  normalize: (config: LangChainSummarizationConfig): LangChainSummarizationSettings => ({
    triggerTokens: checkOption(config, OPTIONS[0]),
    triggerMessages: checkOption(config, OPTIONS[1]),
    triggerPercent: checkOption(config, OPTIONS[2]),
    contextWindow: checkOption(config, OPTIONS[3]),
    triggerCombine: checkOption(config, OPTIONS[4]) as LangChainSummarizationSettings['triggerCombine'],
    keepMessages: checkOption(config, OPTIONS[5]),
    trimTokensToSummarize: checkOption(config, OPTIONS[6]),
    summaryTokens: checkOption(config, OPTIONS[7]),
    summaryPrefix: checkOption(config, OPTIONS[8]),
    ...peerSettings(config, 'langchain-summarization'),
  }),
  plan: planLangChainSummarization,
  // Below its trigger the plan keeps everything: the replays skip planning there.
  keepsEverything: (settings, count, total) => count === 0 || !langChainTriggerFires(settings, count, settings.request.fixedTokens + total),
  replay: {
    // The summary and the suffix found per request from the context's analysis, not a plan of the whole history.
    stateless: replayLangChain,
    // Its trigger is looked at before every model call; a token-only trigger is the replay's own kind.
    trigger: (settings) =>
      settings.triggerMessages === 0 && settings.triggerPercent === 0 && settings.triggerTokens > 0 ? { kind: 'tokens', over: settings.triggerTokens - 1 } : { kind: 'every', requests: 1 },
  },
});
