import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { listReplayRequests } from './list-replay-requests';
import { createReplayContext } from './create-replay-context';
import { createSpanSummaries } from './create-span-summaries';
import { compactionSummaryMessage } from '../compaction/compaction-summary-message';
import { unwrapPeerSummary } from '../compaction/unwrap-peer-summary';
import { charsTokenCounter } from '../tokens/chars-token-counter';

/**
 * The summaries a replay resumes request by request are the ones a plan writes afresh: for any transcript and any
 * walk of spans (growing, moving back, starting elsewhere) and size bounds, the same message, and one key per text.
 */
describe('createSpanSummaries', () => {
  it('gives the message compactionSummaryMessage gives for each span, whatever span came before', () => {
    const span = fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(16, 40, 200), fc.constantFrom('', 'focus on the tests'));
    fc.assert(
      fc.property(agentTranscript({ maxEpisodes: 10, interleaved: true }), fc.array(span, { minLength: 1, maxLength: 12 }), fc.boolean(), (messages, spans, grow) => {
        const tokens = analyzeTranscript(messages).tokens;
        const context = createReplayContext(messages, listReplayRequests(messages, tokens, [], [], undefined, undefined), tokens, undefined, charsTokenCounter);
        const summaries = createSpanSummaries(context, unwrapPeerSummary);
        const n = messages.length;
        let to = 0;
        let previous: { key: string; content: unknown } | undefined;
        for (const [a, b, summaryTokens, focus] of spans) {
          const from = grow ? 0 : a % (n + 1);
          to = grow ? Math.min(n, to + (b % 4)) : from + (b % (n - from + 1));
          const wrapping = { prefix: 'Summary follows.', summaryTokens, focus };
          const got = summaries.of(from, to, wrapping);
          const expected = compactionSummaryMessage(messages.slice(from, to).map((m: Message) => unwrapPeerSummary(m)), wrapping, charsTokenCounter);
          expect(got.message).toEqual(expected);
          expect(got.contentTokens).toBe(charsTokenCounter.count(expected.content as string));
          if (previous !== undefined) expect(got.key === previous.key).toBe(expected.content === previous.content);
          previous = { key: got.key, content: expected.content };
        }
      }),
      { numRuns: 300 },
    );
  });
});
