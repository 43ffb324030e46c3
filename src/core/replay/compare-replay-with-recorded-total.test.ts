import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import type { Message } from '../types';
import { readReplayInputs } from './read-replay-inputs';
import { replayTranscript } from './replay-transcript';
import type { ReplayOptions } from './types';

const messages: Message[] = [
  { role: 'user', content: 'fix it' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Bash', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
  { role: 'assistant', content: 'done' },
];
const options = (over: Partial<ReplayOptions> = {}): ReplayOptions => ({
  strategies: [{ id: 'none' }, { id: 'w', config: { strategy: 'sliding-window', maxTurns: 2 } }],
  mode: 'stateless',
  prices: { model: 'm', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  cache: { provider: 'anthropic', minTokens: 0 },
  tokens: [100, 100, 100, 100],
  fixedTokens: 1000,
  ...over,
});

describe('replayTranscript with a recorded total', () => {
  it('sets the no-pruning replay’s totals beside the run’s, the recorded side only where the file says', () => {
    const result = replayTranscript(messages, options({ recordedTotal: { requests: 3, inputTokens: 2500, costUsd: 0.02, model: 'gpt-4o', where: 'info.model_stats' } }));
    const none = result.strategies[0];
    expect(result.recordedTotal).toEqual({
      where: 'info.model_stats',
      model: 'gpt-4o',
      recordedRequests: 3,
      replayedRequests: 2,
      recordedInputTokens: 2500,
      replayedInputTokens: none?.totals.inputTokens,
      replayedOutputTokens: none?.totals.outputTokens,
      recordedCostUsd: 0.02,
      replayedCostUsd: none?.totals.costUsd,
    });
    expect(none?.totals.inputTokens).toBe(1100 + 1300);
  });

  it('is the baseline’s even when the run replays no baseline lane, absent without a total, and a bad total says so', () => {
    const alone = replayTranscript(messages, options({ strategies: [{ id: 'w', config: { strategy: 'sliding-window', maxTurns: 2 } }], recordedTotal: { where: 'x' } }));
    expect(alone.recordedTotal?.replayedInputTokens).toBe(2400);
    expect(replayTranscript(messages, options())).not.toHaveProperty('recordedTotal');
    expect(() => replayTranscript(messages, options({ recordedTotal: 5 as never }))).toThrow(/options.recordedTotal must be a recorded total/);
  });

  it('readReplayInputs reads it from the file (SWE-agent info.model_stats)', () => {
    const text = readFileSync(new URL('../../../fixtures/swe-agent-test-repo-gpt-4o.traj', import.meta.url), 'utf8');
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    const inputs = readReplayInputs(c, charsTokenCounter, { text });
    expect(inputs.recorded).toEqual([]);
    expect(inputs.recordedTotal).toEqual({ requests: 5, inputTokens: 7141, outputTokens: 243, costUsd: 0.019520000000000006, model: 'gpt-4o', where: 'info.model_stats' });
  });
});
