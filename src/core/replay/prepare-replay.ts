import type { Message } from '../types';
import type { RequestFacts } from '../plan/types';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { listReplayRequests, type ReplayRequests } from '../requests/list-replay-requests';
import { createReplayContext } from '../requests/create-replay-context';
import type { ReplayContext } from '../requests/replay-context';
import { replayUnpruned } from '../requests/replay-unpruned';
import type { SentShapes } from '../requests/sent-types';
import type { CacheRules, ReplaySource } from './types';
import { checkReplayInputs } from './check-replay-inputs';
import { requestFactsOf } from './request-facts-of';

/** A transcript made ready to replay (`prepareReplay`): what every run over it shares. */
export interface PreparedReplay {
  messages: readonly Message[];
  source: ReplaySource;
  /** The provider's cache rules, refined by what the file says about its cache. */
  rules: CacheRules;
  fixed: number;
  requests: ReplayRequests;
  /** The requests' shared analysis: counts, and each context's segment analysed on first use. */
  context: ReplayContext;
  /** What the replay knows of its requests, for the strategies that read it. */
  facts: RequestFacts;
  /** What no pruning sends, replayed on first use. */
  unpruned(): SentShapes;
}

/**
 * Checks and analyses what every replay of one transcript shares: its requests, their counts and context segments,
 * and the no-pruning baseline (on first use). `replayPrepared` runs strategies over it, so a sweep of many modes and
 * triggers lists the requests and analyses each segment once, where a `replayTranscript` per run repeats them.
 *
 * @throws {TypeError | RangeError} for inputs out of shape or range, naming the field
 */
export function prepareReplay(messages: readonly Message[], source: ReplaySource): PreparedReplay {
  checkReplayInputs(messages, source);
  const recorded = source.recorded ?? [];
  const starts = source.contextStarts ?? recorded.map((request) => request.contextStart);
  // What the file says about its cache (a warm start, the breakpoint, the TTL) refines the provider's rules.
  const rules = source.observedCache === undefined ? source.cache : ({ ...source.cache, ...source.observedCache } as CacheRules);
  const requests = listReplayRequests(messages, source.tokens, starts, recorded, source.messageTimes, rules.ttlMs);
  const context = createReplayContext(messages, requests, source.tokens, source.priorTurnTokens, source.counter ?? charsTokenCounter);
  let unpruned: SentShapes | undefined;
  return {
    messages,
    source,
    rules,
    fixed: source.fixedTokens ?? 0,
    requests,
    context,
    facts: requestFactsOf(messages, source),
    unpruned: () => (unpruned ??= replayUnpruned(context)),
  };
}
