import { describe, expect, it } from 'vitest';
import type { AdvicePoint } from './aggregate-sweeps';
import { recommendSetting } from './recommend-setting';
import { settingKey } from './setting-key';

const point = (strategy: string, maxTokens: number, costUsd: number, loss: number, extra: Partial<AdvicePoint> = {}): AdvicePoint => {
  const options: Record<string, number> = strategy === 'none' ? {} : { maxTokens };
  const setting = { strategy: strategy as AdvicePoint['strategy'], options, mode: 'stateless' as const };
  return { ...setting, key: settingKey(setting), costUsd, loss, cacheWriteTokens: 0, cacheReadTokens: 0, inputTokens: 0, peakInputTokens: maxTokens, overWindow: 0, rewrites: 0, lossByFamily: { recall: 0, artifact: 0, continuation: 0, decision: 0 }, lostByKind: {}, probes: 10, conversations: 1, ...extra };
};

const none = point('none', 150_000, 10, 0);
const points = [
  none,
  point('sliding-window', 20_000, 4, 0.5, { lostByKind: { task: 1, file: 3 } }),
  point('summarize', 20_000, 6, 0.12, { lostByKind: { file: 1 } }),
  point('token-budget', 20_000, 7, 0.1),
  point('importance', 50_000, 12, 0.02),
];

describe('recommendSetting', () => {
  it('takes the cheapest of those within the tolerance of the least loss that fit the window', () => {
    const chosen = recommendSetting(points, { window: 100_000 }, 200_000);
    expect(chosen.point?.strategy).toBe('importance');
    expect(chosen.feasible).toBe(4);
    const looser = recommendSetting(points, { window: 100_000, lossTolerance: 0.1 }, 200_000);
    expect(looser.point?.strategy).toBe('summarize');
    expect(looser.reason).toBe(
      "summarize with maxTokens 20,000, stateless (pruned before every request): the cheapest of the 4 settings that sends no request over 100,000 tokens, among those whose loss is within 10 points of the least (2.0%). It costs $6.00 (−40.0% vs no pruning's $10.00) and loses 12.0% of the probes' weight (1 file lost).",
    );
  });

  it('honours keep and the cost limit', () => {
    expect(recommendSetting(points, { window: 100_000, keep: ['files'], lossTolerance: 0.2 }, 200_000).point?.strategy).toBe('token-budget');
    // importance (12) is over 10% more than no pruning (10); of the rest summarize is within 5% of token-budget's loss and cheaper.
    expect(recommendSetting(points, { window: 100_000, maxExtraCost: 0.1 }, 200_000).point?.strategy).toBe('summarize');
    expect(recommendSetting(points, { window: 100_000, maxExtraCost: -0.5 }, 200_000).point?.strategy).toBe('sliding-window');
    expect(recommendSetting(points, { keep: ['task'], lossTolerance: 1 }, 200_000).point?.strategy).toBe('summarize');
  });

  it('says which constraints bind when nothing meets them', () => {
    const chosen = recommendSetting(points, { window: 10_000, keep: ['task'] }, 200_000);
    expect(chosen.point).toBeUndefined();
    expect(chosen.reason).toBe('No setting keeps the task and sends no request over 10,000 tokens: of 5, 1 lose what must be kept and 4 go over the window.');
  });

  it('never recommends a setting that failed', () => {
    expect(recommendSetting([none, point('importance', 50_000, 1, 0, { error: 'boom' })], {}, 200_000).point?.strategy).toBe('none');
  });
});
