import {
  FATE,
  analyzeTranscript,
  applyPrunePlan,
  findUserPrompts,
  planOutputOrigins,
  planPrune,
  validateMessages,
  type PrunerConfig,
  type StrategyId,
} from '../../lib/index';
import { providerForFormat } from '../../lib/formats';
import type { ReplayCore } from '../replay/replay-core';
import { replaySourceFor } from './replay-source-for';
import { strategyConfig } from '../strategy-flags';
import type { ConversationOutcome, ConversationTask, ReportBound, ReportSettings, StrategyOutcome } from './types';

/**
 * Everything `report` measures of one conversation: its tokens, whether the API would accept it, and for each
 * strategy what it sends, whether that is valid, whether the task survives and (with a replay core) what it costs.
 * Runs in a worker thread, or in-process with `--jobs 1`; a strategy that throws is recorded, not fatal.
 */
export async function analyzeConversation(task: ConversationTask, settings: ReportSettings, replay?: ReplayCore): Promise<ConversationOutcome> {
  const { counter, tokens, source } = await replaySourceFor(task, settings, replay);
  const { messages } = task;
  let total = 0;
  for (const t of tokens) total += t;
  const analysis = analyzeTranscript(messages, { tokens, counter });
  const provider = providerForFormat(task.format);
  const inputProblems = validateMessages(messages, provider);
  const inputKeys = new Set(inputProblems.map((p) => `${p.messageIndex} ${p.rule}`));
  const taskIndex = findUserPrompts(messages).task;

  const configs = new Map<StrategyId, PrunerConfig>();
  const strategies = settings.strategies.map(({ id, options }): StrategyOutcome => {
    try {
      const config = configFor(id, options, settings.bound, total);
      configs.set(id, config);
      const plan = planPrune(analysis, config);
      const output = applyPrunePlan(messages, plan);
      const origins = planOutputOrigins(plan);
      const problems = validateMessages(output, provider);
      return {
        strategy: id,
        messagesOut: output.length,
        // Placeholders and summaries are counted by estimate, in fractions of a token: a count of tokens is whole.
        tokensOut: Math.round(plan.tokens),
        valid: problems.length === 0,
        addedProblems: problems.filter((p) => !inputKeys.has(`${origins[p.messageIndex] ?? -1} ${p.rule}`)).length,
        taskKept: taskIndex < 0 ? null : plan.fates[taskIndex] === FATE.kept,
        over: plan.over !== undefined,
      };
    } catch (error) {
      return { strategy: id, messagesOut: 0, tokensOut: 0, valid: false, addedProblems: 0, taskKept: null, over: false, error: errorText(error) };
    }
  });

  const outcome: ConversationOutcome = {
    file: task.file,
    id: task.id,
    format: task.format,
    messages: messages.length,
    tokens: total,
    encoding: counter.encoding,
    inputValid: inputProblems.length === 0,
    hasTask: taskIndex >= 0,
    strategies,
  };
  if (replay !== undefined && source !== undefined) {
    outcome.pricedWith = source.prices.source === 'given' ? `${source.prices.model} at the prices given (--prices)` : (source.prices.source ?? source.prices.model);
    const result = replay.replayTranscript(messages, { ...source, strategies: [{ id: 'none' }, ...[...configs].map(([id, config]) => ({ id, config }))], mode: 'stateless' });
    const cost = new Map(result.strategies.map((s) => [s.id, s.totals.costUsd]));
    const none = cost.get('none');
    if (none !== undefined) outcome.costUsd = none;
    for (const s of strategies) {
      const c = cost.get(s.strategy);
      if (c !== undefined) s.costUsd = c;
    }
  }
  return outcome;
}

/** The config of one strategy for one conversation; a fraction bound becomes that share of its tokens. */
export function configFor(id: StrategyId, options: ReportSettings['strategies'][number]['options'], bound: ReportBound, total: number): PrunerConfig {
  const flags =
    bound.kind === 'fraction' ? { maxTokens: Math.floor(total * bound.fraction) } : bound.kind === 'tokens' ? { maxTokens: bound.maxTokens } : { maxTurns: bound.maxTurns };
  return strategyConfig('report', id, flags, options, false);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
