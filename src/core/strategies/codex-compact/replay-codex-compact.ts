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
import { userPromptText } from '../../text/user-prompt-text';
import { codexCompactLimit, type CodexCompactSettings } from './plan-codex-compact';
import { codexPromptText } from './codex-prompt-text';
import { CODEX_SUMMARY_PREFIX } from './codex-summary-prefix';
import { approxTokens, truncateMiddle } from './truncate-middle';
import { isCodexSummary } from './is-codex-summary';

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
  /** The requests that fold brought, in order, each with its message; its task as one of them (`taskAt`). */
  brought: { at: number; text: string }[];
  taskAt: number;
  /** The summary's list of requests as last given to the render, for `kept` user messages summarized, of `merged` brought. */
  requests: string[];
  kept: number;
  merged: number;
  promptTask: string | undefined;
}

/**
 * Codex's compaction, stateless, without planning each request's history. Over the limit a request sends the user
 * messages that fit in 20k tokens newest first (a suffix of the context's user messages, found by binary search over
 * their sizes; the one before it cut in the middle), then one summary of everything else before the last message's
 * unit, then that unit (`planCodexCompact`). What the summary folds is not one span (user messages leave the kept
 * set in the middle of it as the cut moves), so it is folded in two parts: every other message, in order, resumed
 * request by request, noting the requests it brings (text beside tool results, an earlier summary) and where; and
 * the user messages summarized, which only add a turn and a request each, merged with those by position into the
 * summary's task and list of requests (merged afresh only when the kept set moves). A context whose user messages
 * do not all fold as plain requests, and a request that ends inside a unit of the context, are planned afresh.
 */
export function replayCodexCompact(context: ReplayContext, planner: ReplayPlanner<CodexCompactSettings>): SentShapes {
  const { counts, messages, counter } = context;
  const { settings } = planner;
  const limit = codexCompactLimit(settings);
  const summaries = createSpanSummaries(context, unwrapPeerSummary);
  const isSummary = (message: Message): boolean => typeof message.content === 'string' && isCodexSummary(message.content);
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
    state = { start, index, text, before, plain, isPrompt, fold: createSummaryFold(EXTRACTIVE_DEFAULTS), foldTo: start, brought: [], taskAt: -1, requests: [], kept: -1, merged: 0, promptTask: undefined };
    return state;
  };
  // The other messages up to `to` folded, each request they bring noted with its message: a request that is the
  // fold's task (the first) noted as the request it was, since a user message summarized before it takes the task.
  const foldTo = (s: ContextState, to: number): SummaryFactsView => {
    let view = s.fold.view();
    for (; s.foldTo < to; s.foldTo++) {
      if (s.isPrompt[s.foldTo - s.start] === 1) continue;
      const message = unwrapPeerSummary(messages[s.foldTo] as Message);
      const hadTask = view.task !== undefined;
      const length = view.lists.requests.length;
      s.fold.add(message);
      view = s.fold.view();
      if (!hadTask && view.task !== undefined) {
        s.taskAt = s.brought.length;
        s.brought.push({ at: s.foldTo, text: isContextSummary(message.content) ? view.task : (userPromptText(message) as string) });
      }
      for (let k = length; k < view.lists.requests.length; k++) s.brought.push({ at: s.foldTo, text: view.lists.requests[k] as string });
    }
    return view;
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
    // A context whose tail moved back (it does not, request by request) is folded again.
    if (s.foldTo > start + tail) {
      state = undefined;
      s = stateOf(start);
    }
    const view = foldTo(s, start + tail);
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
    // Summarized: the user messages before `kept` (the cut one among them), and every other message. The first
    // request of all is the task: the first user message summarized, or the fold's own.
    const promptFirst = kept > 0 && (s.taskAt < 0 || (s.index[0] as number) < (s.brought[s.taskAt] as { at: number }).at);
    if (kept !== s.kept) {
      s.requests = mergeRequests(s, kept, promptFirst);
      s.kept = kept;
    } else {
      // The same user messages summarized: what the fold brought since lies after them all.
      for (; s.merged < s.brought.length; s.merged++) if (promptFirst || s.merged !== s.taskAt) s.requests.push((s.brought[s.merged] as { text: string }).text);
    }
    if (promptFirst) s.promptTask ??= shortenText(s.text[0] as string, EXTRACTIVE_DEFAULTS.maxTaskChars);
    const facts: SummaryFactsView = { ...view, turns: view.turns + kept, task: promptFirst ? s.promptTask : view.task, lists: { ...view.lists, requests: s.requests } };
    let replaced = counts.sum(start, start + tail, turnStart);
    for (let k = kept; k < m; k++) replaced -= counts.count(s.index[k] as number, turnStart);
    const summary = summaries.render(facts, `${start}:${tail}:${kept}`, { prefix: CODEX_SUMMARY_PREFIX, summaryTokens: peerSummaryTokens(settings.summaryTokens, replaced) });
    const parts: SentPart[] = [];
    if (truncated !== undefined) parts.push(cutItem(truncateMiddle(s.text[truncated] as string, budget - after(kept))));
    for (let k = kept; k < m; k++) parts.push([s.index[k] as number, (s.index[k] as number) + 1]);
    parts.push(summary, [start + tail, end]);
    return sentItemsOf(parts, turnStart, counts);
  });
}

/**
 * The summary's list of requests when `kept` user messages are summarized: theirs and those the fold brought, in
 * the order of their messages, less the task (`promptFirst`: the first user message, else the fold's). A new list,
 * so that the render writes it afresh; later requests the fold brings are appended to it.
 */
function mergeRequests(s: ContextState, kept: number, promptFirst: boolean): string[] {
  const out: string[] = [];
  let p = promptFirst ? 1 : 0;
  for (let b = 0; b < s.brought.length; b++) {
    const { at, text } = s.brought[b] as { at: number; text: string };
    for (; p < kept && (s.index[p] as number) < at; p++) out.push(s.text[p] as string);
    if (promptFirst || b !== s.taskAt) out.push(text);
  }
  for (; p < kept; p++) out.push(s.text[p] as string);
  s.merged = s.brought.length;
  return out;
}

/** Whether a user message Codex keeps folds into a summary as one turn and one request, and nothing else. */
function foldsAsRequest(message: Message): boolean {
  if (unwrapPeerSummary(message) !== message || isContextSummary(message.content)) return false;
  if (!Array.isArray(message.content)) return true;
  return message.content.every((block) => block.type !== 'tool_use' && block.type !== 'server_tool_use' && block.type !== 'mcp_tool_use');
}
