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
import { createSummaryFold } from '../summary/create-summary-fold';
import { EXTRACTIVE_DEFAULTS } from '../summary/summary-layout';
import type { TokenCounter } from '../tokens/types';

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

  it("reuses the lines it wrote when a caller's facts come in a new lists object around the same lists", () => {
    // Codex's replay spreads its fold's lists into a new object per request (its own list of requests beside the
    // fold's): taking that for another fold rewrote every line of a 20,000-token summary per request (quadratic).
    const messages: Message[] = [];
    for (let k = 0; k < 400; k++) {
      messages.push({ role: 'user', content: `request ${k}: look at the file number ${k}` });
      messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${k}`, name: 'Read', input: { file_path: `/src/file-${k}.ts` } }] });
      messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${k}`, content: `Error: failed ${k}`, is_error: true }] });
    }
    let counted = 0;
    const counter: TokenCounter = { encoding: 'chars', count: (text) => (counted++, charsTokenCounter.count(text)) };
    const tokens = analyzeTranscript(messages).tokens;
    const context = createReplayContext(messages, listReplayRequests(messages, tokens, [], [], undefined, undefined), tokens, undefined, counter);
    const summaries = createSpanSummaries(context);
    const fold = createSummaryFold(EXTRACTIVE_DEFAULTS);
    for (const message of messages) fold.add(message);
    const wrapping = { prefix: '', summaryTokens: 20_000 };
    const render = (name: string) => {
      const view = fold.view();
      return summaries.render({ ...view, lists: { ...view.lists } }, name, wrapping);
    };
    const first = render('a');
    counted = 0;
    const second = render('b');
    expect(second.message).toEqual(first.message);
    // The text, its lines' fixed parts and the omitted lines: not the 1,600 lines again.
    expect(counted).toBeLessThan(50);
  });
});
