import { describe, expect, it } from 'vitest';
import { loadMainConversation } from '../../../test/support/load-fixture';
import { replayCore } from '../replay/replay-core';
import { analyzeForAdvice } from './analyze-for-advice';
import { sweepInParts } from './sweep-in-parts';
import type { AdviseSettings, AdviseTask } from './types';

const conversation = loadMainConversation('codex-rollout-gpt-5.5.jsonl');
const task: AdviseTask = { file: 'fixtures/codex-rollout-gpt-5.5.jsonl', id: 'main', format: conversation.format, messages: conversation.messages.slice(0, 80) };
const settings: AdviseSettings = {
  encoding: 'chars',
  window: 20_000,
  bounds: [2_000, 8_000],
  strategies: ['sliding-window', 'token-budget', 'governor', 'observation-masking', 'summarize'],
  slowStatelessUpTo: 40,
};

describe('sweepInParts', () => {
  it('shares the strategies among the parts by their sweep cost, and merges into the sweep of all of them', async () => {
    const whole = await analyzeForAdvice(task, settings, replayCore);
    const asked: (string[] | undefined)[] = [];
    const split = await sweepInParts(task, settings, 2, (part) => {
      asked.push(part.strategies);
      return analyzeForAdvice(part, settings, replayCore);
    });
    // By sweepCost: the token budget (5) alone with a quick one, the governor (4) with two.
    expect(asked).toEqual([
      ['token-budget', 'observation-masking'],
      ['governor', 'sliding-window', 'summarize'],
    ]);
    expect(whole.sweep?.points.length).toBeGreaterThan(5);
    expect(split).toEqual(whole);
  });

  it('runs the task whole when there is one part, and fails the conversation when a part fails', async () => {
    const asked: (string[] | undefined)[] = [];
    await sweepInParts(task, settings, 1, (part) => {
      asked.push(part.strategies);
      return analyzeForAdvice(part, settings, replayCore);
    });
    expect(asked).toEqual([undefined]);
    const failed = await sweepInParts(task, settings, 3, async (part) =>
      part.strategies?.includes('governor') === true ? { file: task.file, id: task.id, format: task.format, messages: 80, error: 'worker failed: out of memory' } : analyzeForAdvice(part, settings, replayCore),
    );
    expect(failed).toEqual({ file: task.file, id: task.id, format: task.format, messages: 80, error: 'worker failed: out of memory' });
  });
});
