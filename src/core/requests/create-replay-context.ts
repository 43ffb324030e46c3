import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import { analyzeTranscript, type TranscriptAnalysis } from '../plan/analyze-transcript';
import type { ReplayRequests } from './list-replay-requests';
import type { ReplayContext } from './replay-context';
import { createTurnCounts } from './create-turn-counts';
import { createSyntheticCounter } from './create-synthetic-counter';

/** The shared part of a replay (see `ReplayContext`). */
export function createReplayContext(
  messages: readonly Message[],
  requests: ReplayRequests,
  tokens: ArrayLike<number>,
  prior: ArrayLike<number> | undefined,
  counter: TokenCounter,
): ReplayContext {
  const ends = new Map<number, number>();
  for (let r = 0; r < requests.count; r++) {
    const start = requests.contextStart[r] as number;
    ends.set(start, Math.max(ends.get(start) ?? start, requests.messageIndex[r] as number));
  }
  const segments = new Map<number, TranscriptAnalysis>();
  return {
    messages,
    requests,
    counts: createTurnCounts(tokens, prior),
    counter,
    synthetic: createSyntheticCounter(counter),
    segment(start) {
      let analysis = segments.get(start);
      if (analysis === undefined) {
        const end = ends.get(start) ?? start;
        // The counts here are the full ones; replays that need a request's own counts take them from `counts`.
        const slice = new Float64Array(end - start);
        for (let i = start; i < end; i++) slice[i - start] = tokens[i] as number;
        analysis = analyzeTranscript(messages.slice(start, end), { tokens: slice, counter });
        segments.set(start, analysis);
      }
      return analysis;
    },
  };
}
