import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentRuns, SentShapes } from '../../requests/sent-types';
import { shapesFromRuns } from '../../requests/shapes-from-runs';
import { planRequestView } from '../../requests/plan-request-view';
import { runsFromItems } from '../../requests/runs-from-items';
import { compactionSummaryMessage } from '../../compaction/compaction-summary-message';
import { unwrapPeerSummary } from '../../compaction/unwrap-peer-summary';
import { langChainTriggerFires } from './langchain-trigger-fires';
import type { LangChainSummarizationSettings } from './plan-langchain-summarization';

/**
 * LangChain's summarization middleware, stateless, in O(what its summarizer reads) per request rather than O(history):
 * a request sends the summary of the messages before the safe cut and the messages from it, so it is a head and one
 * run. The cut is found over the context's analysis (as the sliding window's replay finds its cut, and for the same
 * reason: a request that ends on a valid cut of the context has the context's units before it), and the summary
 * reads only the last `trim_tokens_to_summarize` tokens before it, so it is built from those few messages (once per
 * distinct span). Requests inside a unit that reaches past them are planned afresh.
 */
export function replayLangChain(context: ReplayContext, planner: ReplayPlanner<LangChainSummarizationSettings>): SentShapes {
  const { counts, counter, synthetic, messages } = context;
  const { settings } = planner;
  const summaries = new Map<string, { key: string; tokens: number }>();
  const summaryOf = (from: number, to: number): { key: string; tokens: number } => {
    const span = `${from}:${to}`;
    let found = summaries.get(span);
    if (found === undefined) {
      const read: Message[] = [];
      for (let i = from; i < to; i++) read.push(unwrapPeerSummary(messages[i] as Message));
      const message = compactionSummaryMessage(read, { prefix: `${settings.summaryPrefix}\n`, summaryTokens: settings.summaryTokens }, counter);
      const key = synthetic.insertKey(message);
      found = { key, tokens: synthetic.tokens(key, message) };
      summaries.set(span, found);
    }
    return found;
  };
  return shapesFromRuns(context, ({ request: r, start, end, turnStart }): SentRuns => {
    const n = end - start;
    const sum = counts.sum(start, end, turnStart);
    const whole: SentRuns = { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total: sum };
    if (planner.keepsEverything(n, sum)) return whole;
    const { cutAtOrBefore } = context.segment(start);
    if (cutAtOrBefore[n] !== n) {
      const runs = runsFromItems(planRequestView(context, planner, r), turnStart);
      if (runs === undefined) throw new Error(`replayLangChain: the plan for request ${r} is not a summary and a suffix`);
      return runs;
    }
    // As `planLangChainSummarization` finds them, over the request's own counts.
    const target = n - settings.keepMessages;
    const cut = target <= 0 ? 0 : Math.min(cutAtOrBefore[target] as number, cutAtOrBefore[n - 1] as number);
    if (!langChainTriggerFires(settings, n, settings.request.fixedTokens + sum) || cut <= 0) return whole;
    let seenFrom = cut;
    for (let seen = 0; seenFrom > 0 && seen + counts.count(start + seenFrom - 1, turnStart) <= settings.trimTokensToSummarize; seenFrom--) seen += counts.count(start + seenFrom - 1, turnStart);
    if (seenFrom === cut) seenFrom = cut - 1;
    const summary = summaryOf(start + seenFrom, start + cut);
    return { headKey: summary.key, headTokens: summary.tokens, runs: [start + cut, end], turnStart, total: summary.tokens + counts.sum(start + cut, end, turnStart) };
  });
}
