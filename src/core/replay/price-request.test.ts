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
});
