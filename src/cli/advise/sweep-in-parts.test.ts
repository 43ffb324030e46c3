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

  it('makes no more parts than pay: with the token budget (5) among 9 of weight 11, three at most', async () => {
    const many: AdviseSettings = { ...settings, strategies: ['token-budget', 'sliding-window', 'summarize', 'observation-masking', 'anthropic-clear-thinking', 'swe-agent-last-n', 'anthropic-clear-tool-uses'] };
    const asked: (string[] | undefined)[] = [];
    await sweepInParts(task, many, 8, async (part) => {
      asked.push(part.strategies);
      return { file: task.file, id: task.id, format: task.format, messages: 80, error: 'not swept in this test' };
    });
    expect(asked).toHaveLength(3);
    expect(asked[0]).toEqual(['token-budget']);
  });

  it('gives an outcome with the error, never a rejection, when the parts cannot be merged', async () => {
    const outcome = await sweepInParts(task, settings, 2, async (part) => {
      const swept = await analyzeForAdvice(part, settings, replayCore);
      return { ...swept, ...(swept.sweep ? { sweep: { ...swept.sweep, messages: part.strategies?.includes('governor') ? 3 : swept.sweep.messages } } : {}) };
    });
    expect(outcome.sweep).toBeUndefined();
    expect(outcome.error).toMatch(/different transcripts/);
  });
});
