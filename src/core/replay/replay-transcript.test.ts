import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { replayTranscript } from './replay-transcript';
import type { ReplayOptions } from './types';
import { naiveReplay } from '../../../test/support/naive-replay';

/** A task, then `rounds` tool calls each answered by a result; every message counts `each` tokens. */
function agent(rounds: number): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'fix the build' }];
  for (let k = 0; k < rounds; k++) {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${k}`, name: 'Bash', input: { k } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${k}`, content: `result ${k}` }] });
  }
  messages.push({ role: 'assistant', content: 'done' });
  return messages;
}

const base = (messages: Message[], over: Partial<ReplayOptions> = {}): ReplayOptions => ({
  strategies: [{ id: 'none' }],
  mode: 'stateless',
  prices: { model: 'm', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  cache: { provider: 'anthropic', minTokens: 0 },
  tokens: messages.map(() => 100),
  fixedTokens: 1000,
  ...over,
});

describe('replayTranscript', () => {
  it('no pruning: each request reads the previous one and writes the two messages it added', () => {
    const messages = agent(3);
    const result = replayTranscript(messages, base(messages));
    const [none] = result.strategies;
    expect(none!.requests.map((r) => [r.messageIndex, r.inputTokens, r.cacheReadTokens, r.cacheWriteTokens, r.rewrite])).toEqual([
      [1, 1100, 0, 1100, false],
      [3, 1300, 1100, 200, false],
      [5, 1500, 1300, 200, false],
      [7, 1700, 1500, 200, false],
    ]);
    expect(none!.totals.outputTokens).toBe(400);
    expect(none!.requests.every((r) => r.outputRecorded === false)).toBe(true);
  });

  it('stateless sliding window: once over its bound, every request rewrites and reads only the fixed part', () => {
    const messages = agent(4);
    const result = replayTranscript(messages, base(messages, { strategies: [{ id: 'w', config: { strategy: 'sliding-window', maxTokens: 350 } }] }));
    const requests = result.strategies[0]!.requests;
    expect(requests.map((r) => r.inputTokens)).toEqual([1100, 1300, 1200, 1200, 1200]);
    expect(requests.map((r) => r.rewrite)).toEqual([false, false, true, true, true]);
    expect(requests.slice(2).every((r) => r.cacheReadTokens === 1000)).toBe(true);
    expect(result.strategies[0]!.rewrites).toBe(3);
  });

  it('live: prunes only when the trigger fires, then appends again', () => {
    const messages = agent(6);
    const options = base(messages, {
      mode: 'live',
      trigger: { kind: 'tokens', over: 1800 },
      strategies: [{ id: 'w', config: { strategy: 'sliding-window', maxTokens: 400 } }],
    });
    const requests = replayTranscript(messages, options).strategies[0]!.requests;
    expect(requests.map((r) => r.inputTokens)).toEqual([1100, 1300, 1500, 1700, 1400, 1600, 1800]);
    expect(requests.map((r) => r.rewrite)).toEqual([false, false, false, false, true, false, false]);
  });

  it('live every k requests, and a compaction restarts the context', () => {
    const messages = agent(5);
    const every = replayTranscript(messages, base(messages, { mode: 'live', trigger: { kind: 'every', requests: 2 }, strategies: [{ id: 'w', config: { strategy: 'sliding-window', maxTurns: 2 } }] }));
    expect(every.strategies[0]!.requests.map((r) => r.rewrite)).toEqual([false, true, false, true, false, true]);
    const compacted = replayTranscript(messages, base(messages, { contextStarts: [6] }));
    expect(compacted.strategies[0]!.requests.map((r) => r.inputTokens)).toEqual([1100, 1300, 1500, 1100, 1300, 1500]);
    expect(compacted.strategies[0]!.requests[3]).toMatchObject({ rewrite: true, cacheReadTokens: 1000 });
  });

  it('earlier turns shrink when the model drops their thinking: the prefix breaks where the first one was', () => {
    const messages: Message[] = [
      { role: 'user', content: 'one' },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 's' }, { type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'file' }] },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'b' },
    ];
    const requests = replayTranscript(messages, base(messages, { priorTurnTokens: [100, 40, 100, 100, 100, 100] })).strategies[0]!.requests;
    expect(requests.map((r) => [r.inputTokens, r.cacheReadTokens, r.rewrite])).toEqual([
      [1100, 0, false],
      [1300, 1100, false],
      [1440, 1000, true],
    ]);
  });

  it('uses recorded output and holds the baseline against recorded usage', () => {
    const messages = agent(1);
    const recorded = [
      { messageIndex: 1, contextStart: 0, inputTokens: 10, cacheCreationInputTokens: 1090, cacheReadInputTokens: 0, outputTokens: 7 },
      { messageIndex: 3, contextStart: 0, inputTokens: 10, cacheCreationInputTokens: 200, cacheReadInputTokens: 1090, outputTokens: 9 },
    ];
    const result = replayTranscript(messages, base(messages, { recorded, strategies: [{ id: 'w', config: { strategy: 'sliding-window', maxTurns: 1 } }] }));
    expect(result.strategies[0]!.requests.map((r) => [r.outputTokens, r.outputRecorded])).toEqual([
      [7, true],
      [9, true],
    ]);
    expect(result.recorded).toMatchObject({ requests: 2, recordedInputTokens: 2400, replayedInputTokens: 2400, medianError: 0, worstError: 0 });
    expect(result.recorded!.replayedCacheReadShare).toBeCloseTo(1100 / 2400, 12);
  });

  it('a cold cache after the TTL: the request reads nothing', () => {
    const messages = agent(2);
    const times = [0, 1, 2, 3, 400_000, 400_001];
    const requests = replayTranscript(messages, base(messages, { messageTimes: times, cache: { provider: 'anthropic', minTokens: 0, ttlMs: 300_000 } })).strategies[0]!.requests;
    expect(requests.map((r) => r.cacheReadTokens)).toEqual([0, 1100, 0]);
  });

  it('never mutates its inputs and answers the same twice', () => {
    const messages = agent(4);
    const options = base(messages, { mode: 'live', strategies: [{ id: 'none' }, { id: 'm', config: { strategy: 'observation-masking', keepRecent: 1, minTokens: 0 } }] });
    const copy = structuredClone({ messages, options });
    const first = replayTranscript(messages, options);
    expect({ messages, options }).toEqual(copy);
    expect(replayTranscript(messages, options)).toEqual(first);
  });

  it('an empty transcript, or one with no assistant message, has no request', () => {
    for (const messages of [[], [{ role: 'user', content: 'hi' }] as Message[]]) {
      const result = replayTranscript(messages, base(messages, { strategies: [{ id: 'none' }, { id: 'w', config: { strategy: 'importance', maxTurns: 1 } }] }));
      expect(result.strategies.map((s) => [s.requests.length, s.totals.costUsd, s.peakInputTokens])).toEqual([
        [0, 0, 0],
        [0, 0, 0],
      ]);
    }
  });

  it('counts requests over the window: the live trigger\'s, else the model\'s', () => {
    const messages = agent(3);
    const live = replayTranscript(messages, base(messages, { mode: 'live', trigger: { kind: 'fraction', of: 0.9, window: 1400 } }));
    expect(live.strategies[0]!.overWindow).toBe(2);
    const stateless = replayTranscript(messages, base(messages, { prices: { model: 'm', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 1200 } }));
    expect(stateless.strategies[0]!.overWindow).toBe(3);
  });

  it('errors name the field', () => {
    const messages = agent(1);
    expect(() => replayTranscript(messages, base(messages, { tokens: [1, 2] }))).toThrow(/options\.tokens.*one count per message \(4\)/);
    expect(() => replayTranscript(messages, base(messages, { tokens: [1, -2, 3, 4] }))).toThrow(/options\.tokens\[1\]/);
    expect(() => replayTranscript(messages, base(messages, { mode: 'lively' as 'live' }))).toThrow(/options\.mode/);
    expect(() => replayTranscript(messages, base(messages, { mode: 'live', trigger: { kind: 'every', requests: 0 } }))).toThrow(/options\.trigger\.requests/);
    expect(() => replayTranscript(messages, base(messages, { prices: { model: 'm', input: 3, output: 15, cacheRead: -1, cacheWrite: 0 } }))).toThrow(/options\.prices\.cacheRead/);
    expect(() => replayTranscript(messages, base(messages, { strategies: [{ id: 'a' }, { id: 'a' }] }))).toThrow(/strategies\[1\]\.id/);
    expect(() => replayTranscript(messages, base(messages, { strategies: [{ id: 'w', config: { strategy: 'sliding-window' } }] }))).toThrow(/needs maxTurns or maxTokens/);
    expect(() => replayTranscript(messages, base(messages, { cache: { provider: 'openai', minTokens: 1024, step: 0 } }))).toThrow(/options\.cache\.step/);
  });

  it('token budget with its own limits prunes above its own soft limit even when the shared budget would fit (regression)', () => {
    // The fast path once judged "keeps everything" by the shared maxTokens, while the plan used softLimitTokens.
    const messages = agent(4);
    const config = { strategy: 'token-budget', maxTokens: 10_000, softLimitTokens: 250, hardLimitTokens: 300, pinnedPrefixTurns: 0, ownLimits: true } as const;
    const options = base(messages, { strategies: [{ id: 'none' }, { id: 'own', config }], fixedTokens: 0 });
    const fast = replayTranscript(messages, options).strategies[1]?.requests.map((r) => [r.messageIndex, r.inputTokens, r.rewrite]);
    const naive = naiveReplay(messages, options).get('own')?.map((r) => [r.messageIndex, r.inputTokens, r.rewrite]);
    expect(fast).toEqual(naive);
    expect(fast?.some(([, input]) => (input as number) < 300)).toBe(true);
  });
});

