import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentItems, SentRuns, SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { planRequestView } from '../../requests/plan-request-view';
import { runsFromItems } from '../../requests/runs-from-items';
import { createSpanSummaries } from '../../requests/create-span-summaries';
import { unwrapPeerSummary } from '../../compaction/unwrap-peer-summary';
import { holdsCompactionBlock } from './holds-compaction-block';
import type { AnthropicCompactionSettings } from './plan-anthropic-compaction';

/**
 * Anthropic's compaction, stateless, without planning each request's history: a request sends the messages from the
 * last compaction block the transcript holds, or, at the trigger, one summary of them up to the last message's unit
 * and that unit (`planAnthropicCompaction`). The span summarized starts where the context or its block does and
 * grows request by request, so its summary resumes (`createSpanSummaries`); cuts come from the context's analysis,
 * as the LangChain replay takes them. A request that ends inside a unit of the context is planned afresh.
 */
export function replayAnthropicCompaction(context: ReplayContext, planner: ReplayPlanner<AnthropicCompactionSettings>): SentShapes {
  const { counts, messages } = context;
  const { settings } = planner;
  const summaries = createSpanSummaries(context, unwrapPeerSummary);
  // Per context start: for a view of n messages, the last message 0 < i < n holding a compaction block (0: none).
  const blocks = new Map<number, Int32Array>();
  const lastBlock = (start: number): Int32Array => {
    let found = blocks.get(start);
    if (found === undefined) {
      const count = context.segment(start).count;
      found = new Int32Array(count + 1);
      for (let n = 2; n <= count; n++) found[n] = holdsCompactionBlock(messages[start + n - 1] as Message) ? n - 1 : (found[n - 1] as number);
      blocks.set(start, found);
    }
    return found;
  };
  const wrapping = { prefix: '', summaryTokens: settings.summaryTokens, focus: settings.instructions };
  return replayExact(context, planner, ({ request: r, start, end, turnStart }): SentRuns => {
    const n = end - start;
    const { cutAtOrBefore } = context.segment(start);
    if (cutAtOrBefore[n] !== n) return runsOf(summaries.rekey(planRequestView(context, planner, r)), r, turnStart);
    const block = lastBlock(start)[n] as number;
    const from = block === 0 ? 0 : (cutAtOrBefore[block] as number);
    const effective = settings.request.fixedTokens + counts.sum(start + from, end, turnStart);
    const tail = n === 0 ? 0 : (cutAtOrBefore[n - 1] as number);
    if (effective < settings.trigger || tail <= from) {
      return { headTokens: 0, runs: n > from ? [start + from, end] : [], turnStart, total: counts.sum(start + from, end, turnStart) };
    }
    const summary = summaries.of(start + from, start + tail, wrapping);
    return { headKey: summary.key, headTokens: summary.tokens, runs: [start + tail, end], turnStart, total: summary.tokens + counts.sum(start + tail, end, turnStart) };
  });
}

/** A request planned afresh, in the runs form (its plan is a summary and a suffix, or a suffix). */
function runsOf(items: SentItems, r: number, turnStart: number): SentRuns {
  const runs = runsFromItems(items, turnStart);
  if (runs === undefined) throw new Error(`replayAnthropicCompaction: the plan for request ${r} is not a summary and a suffix`);
  return runs;
}
