import { describe, expect, it } from 'vitest';
import { priceRequest, type RequestShape } from './price-request';
import type { ModelPrices } from './types';

const prices: ModelPrices = { model: 'm', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const shape = (over: Partial<RequestShape>): RequestShape => ({
  fixed: 2000,
  sent: 5000,
  common: 4000,
  extends: true,
  previousSent: 4000,
  cold: false,
  outputTokens: 100,
  ...over,
});
const anthropic = { provider: 'anthropic', minTokens: 1024 } as const;
const openai = { provider: 'openai', minTokens: 1024, step: 128 } as const;

describe('priceRequest', () => {
  it('Anthropic: an appending request reads the previous one whole and writes what it added', () => {
    const price = priceRequest(shape({}), anthropic, prices);
    expect(price).toMatchObject({ inputTokens: 7000, cacheReadTokens: 6000, cacheWriteTokens: 1000 });
    expect(price.costUsd).toBeCloseTo((6000 * 0.3 + 1000 * 3.75 + 100 * 15) / 1e6, 12);
  });

  it('Anthropic: a rewrite reads only the fixed part, even when most of the prefix is shared', () => {
    expect(priceRequest(shape({ extends: false, common: 3900 }), anthropic, prices)).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 5000 });
  });

  it('Anthropic: nothing is cached below the minimum; a cold request reads nothing', () => {
    expect(priceRequest(shape({ fixed: 0, sent: 900, previousSent: 500 }), anthropic, prices)).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(priceRequest(shape({ fixed: 500, sent: 900, previousSent: 400, extends: false }), anthropic, prices)).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 1400 });
    expect(priceRequest(shape({ cold: true }), anthropic, prices)).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 7000 });
  });

  it('OpenAI: reads the shared prefix in 128-token steps from 1,024 tokens, writes nothing', () => {
    expect(priceRequest(shape({ extends: false, common: 3900 }), openai, prices)).toMatchObject({ cacheReadTokens: 5888, cacheWriteTokens: 0 });
    expect(priceRequest(shape({ fixed: 0, common: 1000, extends: false }), openai, prices)).toMatchObject({ cacheReadTokens: 0 });
    expect(priceRequest(shape({ cold: true }), openai, prices).cacheReadTokens).toBe(0);
  });

  it('Anthropic: a 1-hour write bills at 2 × input: 1,000 tokens at $5 cost $0.010, not $0.00625', () => {
    const opus: ModelPrices = { model: 'opus', input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 };
    const one = shape({ fixed: 0, sent: 1000, previousSent: 0, cold: true, outputTokens: 0 });
    expect(priceRequest(one, { ...anthropic, minTokens: 0, writeTtl: '1h' }, opus).costUsd).toBeCloseTo(0.01, 12);
    expect(priceRequest(one, { ...anthropic, minTokens: 0 }, opus).costUsd).toBeCloseTo(0.00625, 12);
    // Without a 1-hour price, Anthropic's ratio of the two: 1.6 × the 5-minute one.
    expect(priceRequest(one, { ...anthropic, minTokens: 0, writeTtl: '1h' }, { ...opus, cacheWrite1h: undefined }).costUsd).toBeCloseTo(0.01, 12);
  });

  it('the first request reads the warm start (at most the fixed part), else nothing, and says which rule it was', () => {
    const first = shape({ first: true, previousSent: 0, common: 0 });
    expect(priceRequest(first, { ...anthropic, warmStartTokens: 1500 }, prices)).toMatchObject({ cacheReadTokens: 1500, cacheWriteTokens: 5500, cacheRule: 'warm' });
    expect(priceRequest(first, { ...anthropic, warmStartTokens: 9000 }, prices)).toMatchObject({ cacheReadTokens: 2000, cacheRule: 'warm' });
    expect(priceRequest(first, anthropic, prices)).toMatchObject({ cacheReadTokens: 0, cacheRule: 'cold' });
    expect(priceRequest(first, { ...anthropic, warmStartTokens: 900 }, prices)).toMatchObject({ cacheReadTokens: 0, cacheRule: 'cold' });
    expect(priceRequest({ ...first, cold: true }, { ...anthropic, warmStartTokens: 1500 }, prices)).toMatchObject({ cacheReadTokens: 0, cacheRule: 'cold' });
    expect(priceRequest(first, { ...openai, warmStartTokens: 1500 }, prices)).toMatchObject({ cacheReadTokens: 1408, cacheRule: 'warm' });
  });

  it('Anthropic: a broken prefix reads the breakpoint back, and with promptBreaks so does a new prompt', () => {
    const rules = { ...anthropic, breakpointTokens: 1200 };
    expect(priceRequest(shape({ extends: false }), rules, prices)).toMatchObject({ cacheReadTokens: 1200, cacheRule: 'rewrite' });
    expect(priceRequest(shape({ extends: false, restart: true }), rules, prices)).toMatchObject({ cacheReadTokens: 1200, cacheRule: 'compaction' });
    expect(priceRequest(shape({ newPrompt: true }), rules, prices)).toMatchObject({ cacheReadTokens: 6000, cacheRule: 'append' });
    expect(priceRequest(shape({ newPrompt: true }), { ...rules, promptBreaks: true }, prices)).toMatchObject({ cacheReadTokens: 1200, cacheWriteTokens: 5800, cacheRule: 'prompt' });
    // Never more than the fixed part.
    expect(priceRequest(shape({ extends: false }), { ...anthropic, breakpointTokens: 5000 }, prices).cacheReadTokens).toBe(2000);
    expect(priceRequest(shape({ fixed: 500, sent: 400, previousSent: 300 }), anthropic, prices).cacheRule).toBe('short');
  });

  it("OpenAI with cachesOutput: a request that continues the previous one reads the previous response too", () => {
    const next = shape({ common: 4000, previousOutput: 700 });
    expect(priceRequest(next, openai, prices).cacheReadTokens).toBe(5888);
    expect(priceRequest(next, { ...openai, cachesOutput: true }, prices).cacheReadTokens).toBe(6656);
    expect(priceRequest({ ...next, extends: false }, { ...openai, cachesOutput: true }, prices).cacheReadTokens).toBe(5888);
  });
});
