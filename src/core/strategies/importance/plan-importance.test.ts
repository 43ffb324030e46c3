import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { analyzeTranscript, type TranscriptAnalysis } from '../../plan/analyze-transcript';
import { planPrune } from '../../prune/plan-prune';
import { pruneMessages } from '../../prune/prune-messages';
import { FATE } from '../../plan/fate';
import { REASON } from '../../plan/reason';
import type { PrunePlan } from '../registry';
import { agentTranscript } from '../../../../test/support/agent-transcript-arbitrary';
import { assistant, toolResult, toolUse, user } from '../../../../test/support/build-messages';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

/** Text of about `tokens` tokens under the default characters ÷ 4 estimate. */
const sized = (tokens: number, word = 'data'): string => `${word} `.repeat(Math.ceil((tokens * 4) / (word.length + 1))).slice(0, tokens * 4);

/**
 * A prompt, nine tool rounds whose results are 9k tokens each, four plain messages of about 1.2k tokens, and a
 * short last answer: 24 messages, ≈ 88k tokens. The nine results outscore the plain messages (a tool bonus, full
 * length), so a lowest-first walk drops the plain ones first, and then has to drop every result too, as none fits.
 */
function largeResults(): Message[] {
  const messages: Message[] = [user('Find why the nightly export is slow.')];
  for (let round = 0; round < 9; round++) {
    messages.push({ role: 'assistant', content: [toolUse(`call_${round}`, 'Read', { path: `/logs/${round}.log` })] });
    messages.push({ role: 'user', content: [toolResult(`call_${round}`, sized(9000, 'log'))] });
  }
  messages.push(assistant(sized(1180, 'analysis')), user(sized(1180, 'reply')), assistant(sized(1180, 'plan')), user(sized(1180, 'ok')));
  messages.push(assistant('The export is slow because of the index rebuild.'));
  return messages;
}

/** Per unit, its tokens and its messages. */
function unitsOf(analysis: TranscriptAnalysis): { tokens: Float64Array; members: number[][] } {
  const tokens = new Float64Array(analysis.unitSize.length);
  const members: number[][] = Array.from({ length: analysis.unitSize.length }, () => []);
  for (let i = 0; i < analysis.count; i++) {
    const u = analysis.unitOf[i] as number;
    tokens[u] = (tokens[u] as number) + (analysis.tokens[i] as number);
    members[u]?.push(i);
  }
  return { tokens, members };
}

/** The tokens of the longest suffix, cut where no unit is split, that fits `maxTokens`; 0 when none does. */
function bestSuffixTokens(analysis: TranscriptAnalysis, maxTokens: number): number {
  for (let cut = 0; cut < analysis.count; cut++) {
    if (analysis.cutAtOrBefore[cut] === cut && (analysis.suffixTokens[cut] as number) <= maxTokens) return analysis.suffixTokens[cut] as number;
  }
  return 0;
}

const keptTokens = (analysis: TranscriptAnalysis, plan: PrunePlan): number =>
  Array.from(plan.fates).reduce((sum, fate, i) => sum + (fate === FATE.kept ? (analysis.tokens[i] as number) : 0), 0);

describe('importance under a token budget', () => {
  it('issue 24: a few large high-scoring results no longer leave it keeping only the last message', () => {
    const messages = largeResults();
    const analysis = analyzeTranscript(messages);
    expect(messages).toHaveLength(24);
    expect(analysis.suffixTokens[0]).toBeGreaterThan(85_000);
    for (const maxTokens of [8000, 5742]) {
      const plan = planPrune(analysis, { strategy: 'importance', maxTokens });
      // Before: 12 tokens, the last message alone, every other message dropped as "among the lowest".
      expect(plan.tokens).toBeGreaterThan(4700);
      expect(plan.tokens).toBeLessThanOrEqual(maxTokens);
      expect(plan.tokens).toBe(keptTokens(analysis, plan));
      const sent = pruneMessages(messages, { strategy: 'importance', maxTokens }).map((message) => messages.indexOf(message));
      expect(sent).toEqual([0, 19, 20, 21, 22, 23]);
      // The prompt and the plain messages were dropped first and added back; the results, which outscored them and
      // were dropped last, do not fit.
      expect([0, 19, 20, 21, 22].map((i) => plan.reasons[i])).toEqual(Array(5).fill(REASON.refilled));
      expect(Array.from(plan.reasons.slice(1, 19))).toEqual(Array(18).fill(REASON.tooLarge));
    }
  });

  it('says "among the lowest" only of what scored below everything kept, in words for a lone message or a group', () => {
    // Scores: the old tool group 0.36, the plain messages 0.33, 0.39, 0.45, 0.51, 0.58 (recency and full length).
    const messages: Message[] = [
      { role: 'assistant', content: [toolUse('a')] },
      { role: 'user', content: [toolResult('a', 'short')] },
      ...[2, 3, 4, 5, 6].map((i) => (i % 2 === 0 ? user(sized(1250)) : assistant(sized(1250)))),
      assistant('done'),
    ];
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'importance', maxTurns: 4 });
    expect(Array.from(plan.fates)).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
    expect(Array.from(plan.reasons)).toEqual([
      REASON.lowScore,
      REASON.lowScore,
      REASON.lowScoreMessage,
      REASON.lowScoreMessage,
      REASON.scoreMessage,
      REASON.scoreMessage,
      REASON.scoreMessage,
      REASON.floor,
    ]);
  });

  it('keeps the most recent messages that fit when they keep more than the best scores and the refill would', () => {
    // The old, long tool group outscores Z, which outscores Y. The walk drops Y, then Z, keeping 7 of 11 tokens, and
    // neither fits back beside the group; Y, Z and the last message fill all 11.
    const messages: Message[] = [
      { role: 'assistant', content: [toolUse('x')] },
      { role: 'user', content: [toolResult('x', sized(1250))] },
      user(sized(1250, 'Y')),
      assistant(sized(1250, 'Z')),
      user('thanks'),
    ];
    const analysis = analyzeTranscript(messages, { tokens: [1, 5, 5, 5, 1] });
    const plan = planPrune(analysis, { strategy: 'importance', maxTokens: 11 });
    expect(plan.tokens).toBe(11);
    expect(Array.from(plan.fates)).toEqual([1, 1, 0, 0, 0]);
    expect(Array.from(plan.reasons)).toEqual([REASON.olderThanRecentFit, REASON.olderThanRecentFit, REASON.recentFit, REASON.recentFit, REASON.floor]);
  });

  // Laws of the fill, over generated agent transcripts (broken ones too) with token counts from 0 to 3,000 per message.
  it('never keeps fewer tokens than the best suffix that fits, and drops no unit that would still fit', () => {
    const input = agentTranscript({ maxEpisodes: 18 }).chain((messages) =>
      fc.tuple(
        fc.constant(messages),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3000 })), { minLength: messages.length, maxLength: messages.length }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.option(fc.integer({ min: 0, max: messages.length + 1 }), { nil: undefined }),
        fc.array(fc.nat(messages.length), { maxLength: 2 }),
      ),
    );
    fc.assert(
      fc.property(input, ([messages, counts, maxTokens, maxTurns, pinned]) => {
        const analysis = analyzeTranscript(messages, { tokens: counts });
        const plan = planPrune(analysis, { strategy: 'importance', maxTokens, maxTurns, pinned });
        if (messages.length === 0) return;
        const kept = keptTokens(analysis, plan);
        const keptMessages = plan.fates.filter((fate) => fate === FATE.kept).length;
        expect(plan.tokens).toBe(kept);
        expect(plan.kept).toBe(keptMessages);
        if (plan.over === undefined) expect(kept).toBeLessThanOrEqual(maxTokens);
        if (maxTurns === undefined && pinned.length === 0) expect(kept).toBeGreaterThanOrEqual(bestSuffixTokens(analysis, maxTokens));
        const { tokens, members } = unitsOf(analysis);
        const bound = Math.max(1, maxTurns ?? Infinity);
        members.forEach((unit, u) => {
          if (unit.length === 0 || plan.fates[unit[0] as number] !== FATE.dropped) return;
          const fits = kept + (tokens[u] as number) <= maxTokens && keptMessages + unit.length <= bound;
          expect(fits, `unit ${u} (${unit.join(', ')}) would still fit`).toBe(false);
        });
      }),
      { numRuns: 1500, ...replay },
    );
  });
});
