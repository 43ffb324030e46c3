import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentItems, SentRuns, SentShapes } from '../../requests/sent-types';
import { replayExact } from '../../requests/replay-exact';
import { planRequestView } from '../../requests/plan-request-view';
import { createSpanSummaries } from '../../requests/create-span-summaries';
import { sentItemsOf, type SentPart } from '../../requests/sent-items-of';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { listToolResults, type ToolResultTable } from '../../links/list-tool-results';
import { unwrapPeerSummary } from '../../compaction/unwrap-peer-summary';
import { claudeCodeThreshold } from './claude-code-threshold';
import { CLAUDE_CODE_TEXTS } from './claude-code-texts';
import { reinjectedFiles, type ReinjectedFile } from './reinjected-files';
import { readResults } from './read-results';
import type { ClaudeCodeCompactSettings } from './plan-claude-code-compact';

/**
 * Claude Code's auto-compact, stateless, without planning each request's history: at the threshold a request sends
 * the summary of everything before the last message's unit (resumed from the previous request's,
 * `createSpanSummaries`), the files re-read (`reinjectedFiles`, from the context's tool results, each built once
 * while it stays among them), and that unit. Re-read files are keyed by their text from one request to the next, as
 * the summary is. Below the threshold a request is sent whole, or planned afresh when micro-compaction may apply
 * (it reads the times), as is a request that ends inside a unit of the context.
 */
export function replayClaudeCodeCompact(context: ReplayContext, planner: ReplayPlanner<ClaudeCodeCompactSettings>): SentShapes {
  const { counts, counter } = context;
  const { settings } = planner;
  const threshold = claudeCodeThreshold(settings);
  const summaries = createSpanSummaries(context, unwrapPeerSummary);
  const wrapping = { prefix: CLAUDE_CODE_TEXTS.summaryPrefix, suffix: CLAUDE_CODE_TEXTS.summarySuffix, summaryTokens: settings.summaryTokens };
  // Re-read files as built for the previous request and this one, by context, result and limit.
  let builtBefore = new Map<string, ReinjectedFile | undefined>();
  let built = new Map<string, ReinjectedFile | undefined>();
  // Keys of the files sent by the previous request and this one, by text: the same text, the same key.
  let keysBefore = new Map<string, string>();
  let keys = new Map<string, string>();
  let generation = 0;
  // Per context (its results table): the results a re-read can come from.
  const reads = new WeakMap<object, Int32Array>();
  const readsOf = (segmentMessages: readonly Message[], results: ToolResultTable): Int32Array => {
    let found = reads.get(results);
    if (found === undefined) {
      found = readResults(segmentMessages, results);
      reads.set(results, found);
    }
    return found;
  };
  const keyOf = (message: Message): string => {
    const content = message.content as string;
    let key = keys.get(content) ?? keysBefore.get(content);
    if (key === undefined) key = `i:file#${generation++}`;
    keys.set(content, key);
    return key;
  };
  const rekey = (items: SentItems): SentItems => {
    const planned = (items as SentItems & { messages?: readonly Message[] }).messages;
    const summarized = summaries.rekey(items);
    if (planned === undefined) return summarized;
    // Inserted items other than the summary are re-read files: keyed by their text, like the fast path's.
    const isFile = (key: string | number): boolean => typeof key === 'string' && key.startsWith('i:') && !key.startsWith('i:summary#');
    return { ...summarized, keys: summarized.keys.map((key, k) => (isFile(key) ? keyOf(planned[k] as Message) : key)) };
  };
  return replayExact(context, planner, ({ request: r, start, end, turnStart }): SentItems | SentRuns => {
    builtBefore = built;
    built = new Map();
    keysBefore = keys;
    keys = new Map();
    const n = end - start;
    const segment = context.segment(start);
    const { cutAtOrBefore } = segment;
    if (cutAtOrBefore[n] !== n) return rekey(planRequestView(context, planner, r));
    const sum = counts.sum(start, end, turnStart);
    const tail = n === 0 ? 0 : (cutAtOrBefore[n - 1] as number);
    if (settings.request.fixedTokens + sum < threshold || tail <= 0) {
      if (settings.microCompact && settings.request.timeOf !== undefined) return rekey(planRequestView(context, planner, r));
      return { headTokens: 0, runs: n > 0 ? [start, end] : [], turnStart, total: sum };
    }
    const summary = summaries.of(start, start + tail, wrapping);
    const parts: SentPart[] = [summary];
    if (settings.reinjectFiles) {
      const results = listToolResults(segment);
      const files = reinjectedFiles(segment.messages, results, tail, n, counter, settings, readsOf(segment.messages, results), (result, limit, build) => {
        const id = `${start}:${result}:${limit}`;
        const file = built.has(id) ? built.get(id) : builtBefore.has(id) ? builtBefore.get(id) : build();
        built.set(id, file);
        return file;
      });
      for (const file of files) parts.push({ key: keyOf(file.message), tokens: fileTokens(file) });
    }
    parts.push([start + tail, end]);
    if (parts.length === 2) return { headKey: summary.key, headTokens: summary.tokens, runs: [start + tail, end], turnStart, total: summary.tokens + counts.sum(start + tail, end, turnStart) };
    return sentItemsOf(parts, turnStart, counts);
  });

  /** A file's tokens as an item (`countMessageTokens`), once per file built. */
  function fileTokens(file: ReinjectedFile & { itemTokens?: number }): number {
    return (file.itemTokens ??= countMessageTokens([file.message], counter)[0] as number);
  }
}
