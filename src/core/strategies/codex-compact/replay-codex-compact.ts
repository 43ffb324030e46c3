import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentItems, SentRuns, SentShapes } from '../../requests/sent-types';
import type { SummaryFactsView } from '../../summary/types';
import { replayExact } from '../../requests/replay-exact';
import { planRequestView } from '../../requests/plan-request-view';
import { createSpanSummaries } from '../../requests/create-span-summaries';
import { sentItemsOf, type SentPart } from '../../requests/sent-items-of';
import { createSummaryFold, type SummaryFold } from '../../summary/create-summary-fold';
import { EXTRACTIVE_DEFAULTS } from '../../summary/summary-layout';
import { shortenText } from '../../summary/shorten-text';
import { isContextSummary } from '../../summary/is-context-summary';
import { unwrapPeerSummary } from '../../compaction/unwrap-peer-summary';
import { peerSummaryTokens } from '../../compaction/peer-summary-tokens';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { firstTrue } from '../../plan/first-true';
import { codexCompactLimit, type CodexCompactSettings } from './plan-codex-compact';
import { codexPromptText } from './codex-prompt-text';
import { CODEX_SUMMARY_PREFIX } from './codex-summary-prefix';
import { approxTokens, truncateMiddle } from './truncate-middle';

/** A context's user messages Codex keeps, and the fold of everything else before the last request's tail. */
interface ContextState {
  start: number;
  /** Per user message Codex keeps, oldest first: its index, its text, and the texts' tokens (bytes ÷ 4) before it. */
  index: number[];
  text: string[];
  before: Float64Array;
  /** Whether every such message folds as a plain request (one turn, one request, nothing else). */
  plain: boolean;
  /** Per message of the context, 1 when it is one of them. */
  isPrompt: Uint8Array;
  /** The fold of the other messages before `foldTo`. */
  fold: SummaryFold;
  foldTo: number;
  /** The summary's later requests: the texts of the kept-message candidates 1 … that Codex summarizes. */
  requests: string[];
  task: string | undefined;
}

/**
 * Codex's compaction, stateless, without planning each request's history. Over the limit a request sends the user
 * messages that fit in 20k tokens newest first (a suffix of the context's user messages, found by binary search over
 * their sizes; the one before it cut in the middle), then one summary of everything else before the last message's
 * unit, then that unit (`planCodexCompact`). What the summary folds is not one span (user messages leave the kept
 * set in the middle of it as the cut moves), so it is folded in two parts: every other message, in order, resumed
 * request by request; and the user messages summarized, which only add a turn and a request each, in order, so
 * they are the summary's task and its list of requests. This holds when no other message brings a request (an
 * earlier summary, text beside tool results) and every user message kept folds as a plain request; a request
 * where it does not, or that ends inside a unit of the context, is planned afresh.
 */
export function replayCodexCompact(context: ReplayContext, planner: ReplayPlanner<CodexCompactSettings>): SentShapes {
  const { counts, messages, counter } = context;
  const { settings } = planner;
  const limit = codexCompactLimit(settings);
  const summaries = createSpanSummaries(context, unwrapPeerSummary);
  const isSummary = (message: Message): boolean => typeof message.content === 'string' && message.content.startsWith(`${CODEX_SUMMARY_PREFIX}\n`);
  let state: ContextState | undefined;
  // The cut user message the previous request sent: the same text, the same key.
  let cut: { content: string; key: string; tokens: number } | undefined;
  let generation = 0;
  const cutItem = (content: string): { key: string; tokens: number } => {
    if (cut?.content !== content) cut = { content, key: `i:codex-cut#${generation++}`, tokens: countMessageTokens([{ role: 'user', content }], counter)[0] as number };
    return cut;
  };
  const rekey = (items: SentItems): SentItems => {
    const planned = (items as SentItems & { messages?: readonly Message[] }).messages;
    const keyed = summaries.rekey(items, isSummary);
    if (planned === undefined) return keyed;
    return { ...keyed, keys: keyed.keys.map((key, k) => (typeof key === 'string' && key.startsWith('i:') && !key.startsWith('i:summary#') ? cutItem((planned[k] as Message).content as string).key : key)) };
  };
  const stateOf = (start: number): ContextState => {
    if (state?.start === start) return state;
    const count = context.segment(start).count;
    const isPrompt = new Uint8Array(count);
    const index: number[] = [];
    const text: string[] = [];
    let plain = true;
    for (let k = 0; k < count; k++) {
      const message = messages[start + k] as Message;
      const prompt = codexPromptText(message);
      if (prompt === undefined) continue;
      isPrompt[k] = 1;
      index.push(start + k);
      text.push(prompt);
      plain &&= foldsAsRequest(message);
    }
    const before = new Float64Array(text.length + 1);
    for (let k = 0; k < text.length; k++) before[k + 1] = (before[k] as number) + approxTokens(text[k] as string);
    state = { start, index, text, before, plain, isPrompt, fold: createSummaryFold(EXTRACTIVE_DEFAULTS), foldTo: start, requests: [], task: undefined };
    return state;
  };

  return replayExact(context, planner, ({ request: r, start, end, turnStart }): SentItems | SentRuns => {
    const n = end - start;
    const { cutAtOrBefore } = context.segment(start);
    if (cutAtOrBefore[n] !== n) return rekey(planRequestView(context, planner, r));
    const sum = counts.sum(start, end, turnStart);
    const tail = n === 0 ? 0 : (cutAtOrBefore[n - 1] as number);
    if (settings.request.fixedTokens + sum < limit || tail === 0) return { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total: sum };
    let s = stateOf(start);
    if (!s.plain) return rekey(planRequestView(context, planner, r));
    if (s.foldTo > start + tail) {
      state = undefined;
      s = stateOf(start);
    }
    for (; s.foldTo < start + tail; s.foldTo++) if (s.isPrompt[s.foldTo - start] === 0) s.fold.add(unwrapPeerSummary(messages[s.foldTo] as Message));
    const view = s.fold.view();
    if (view.task !== undefined || view.lists.requests.length > 0) return rekey(planRequestView(context, planner, r));
    // The user messages before the tail, newest first within the budget: those from `kept` on, the one before cut.
    const m = firstTrue(s.index.length, (k) => (s.index[k] as number) >= start + tail);
    const after = (k: number): number => (s.before[m] as number) - (s.before[k] as number);
    const budget = settings.userMessageTokens;
    let kept = m;
    let truncated: number | undefined;
    if (budget > 0) {
      kept = firstTrue(m, (k) => after(k) < budget);
      if (kept > 0 && after(kept - 1) === budget) kept--;
      else if (kept > 0) truncated = kept - 1;
    }
    // Summarized: the user messages before `kept` (the cut one among them), and every other message.
    const summarized = kept;
    if (s.requests.length > Math.max(0, summarized - 1)) s.requests = [];
    for (let k = s.requests.length + 1; k < summarized; k++) s.requests.push(s.text[k] as string);
    if (summarized > 0) s.task ??= shortenText(s.text[0] as string, EXTRACTIVE_DEFAULTS.maxTaskChars);
    const facts: SummaryFactsView = { ...view, turns: view.turns + summarized, task: summarized > 0 ? s.task : undefined, lists: { ...view.lists, requests: s.requests } };
    let replaced = counts.sum(start, start + tail, turnStart);
    for (let k = kept; k < m; k++) replaced -= counts.count(s.index[k] as number, turnStart);
    const summary = summaries.render(facts, `${start}:${tail}:${summarized}`, { prefix: CODEX_SUMMARY_PREFIX, summaryTokens: peerSummaryTokens(settings.summaryTokens, replaced) });
    const parts: SentPart[] = [];
    if (truncated !== undefined) parts.push(cutItem(truncateMiddle(s.text[truncated] as string, budget - after(kept))));
    for (let k = kept; k < m; k++) parts.push([s.index[k] as number, (s.index[k] as number) + 1]);
    parts.push(summary, [start + tail, end]);
    return sentItemsOf(parts, turnStart, counts);
  });
}

/** Whether a user message Codex keeps folds into a summary as one turn and one request, and nothing else. */
function foldsAsRequest(message: Message): boolean {
  if (unwrapPeerSummary(message) !== message || isContextSummary(message.content)) return false;
  if (!Array.isArray(message.content)) return true;
  return message.content.every((block) => block.type !== 'tool_use' && block.type !== 'server_tool_use' && block.type !== 'mcp_tool_use');
}
