import { describe, expect, it } from 'vitest';
import { cacheRulesFor } from './cache-rules-for';
import { findTableModel } from './find-table-model';
import { listModels } from './list-models';
import { hasHourWritePrice } from './has-hour-write-price';
import { hourWritePrice } from './hour-write-price';
import { loadModelPrices } from './load-model-prices';

const IDS = ['anthropic/claude-3-opus', 'anthropic/claude-opus-4', 'anthropic/claude-opus-4.1', 'anthropic/claude-opus-4.5', 'anthropic/claude-sonnet-4.5', 'anthropic/claude-3.5-sonnet', 'openai/gpt-5', 'openai/gpt-5.1-codex', 'openai/gpt-5-codex', 'google/gemini-2.5-pro', 'google/gemini-3-pro-preview'];

describe('findTableModel', () => {
  it.each([
    ['anthropic/claude-sonnet-4.5', 'anthropic/claude-sonnet-4.5', true],
    ['claude-sonnet-4-5-20250929', 'anthropic/claude-sonnet-4.5', true],
    ['claude-3-5-sonnet-20241022', 'anthropic/claude-3.5-sonnet', true],
    ['gpt-5-codex', 'openai/gpt-5-codex', true],
    ['claude-opus-4-6', 'anthropic/claude-opus-4.5', false],
    ['claude-opus-4-1-20250805', 'anthropic/claude-opus-4.1', true],
    ['opus', 'anthropic/claude-opus-4.5', false],
    ['gpt-5.1-codex-max', 'openai/gpt-5.1-codex', false],
    // A variant of a listed model (the real Gemini CLI session's): the entry with its family, version and size.
    ['gemini-3-pro-image-preview', 'google/gemini-3-pro-preview', false],
  ])('%s → %s', (model, id, exact) => {
    expect(findTableModel(IDS, model)).toEqual({ id, exact });
  });

  it('takes the nearest entry of the family for every provider, not only Claude', async () => {
    const { models } = await import('ai-tokenizer');
    const ids = Object.keys(models);
    expect.soft(findTableModel(ids, 'gpt-5.5')).toEqual({ id: 'openai/gpt-5', exact: false });
    expect.soft(findTableModel(ids, 'openai/gpt-5.5')).toEqual({ id: 'openai/gpt-5', exact: false });
    expect.soft(findTableModel(ids, 'gpt-5.5-mini')).toEqual({ id: 'openai/gpt-5-mini', exact: false });
    expect.soft(findTableModel(ids, 'gpt-5.5-codex')).toEqual({ id: 'openai/gpt-5.1-codex', exact: false });
    expect.soft(findTableModel(ids, 'gpt-6')).toEqual({ id: 'openai/gpt-5', exact: false });
    expect.soft(findTableModel(ids, 'o5-mini')).toEqual({ id: 'openai/o4-mini', exact: false });
    expect.soft(findTableModel(ids, 'gemini-3.5-pro')).toEqual({ id: 'google/gemini-3-pro-preview', exact: false });
    expect.soft(findTableModel(ids, 'gemini-3-flash')).toEqual({ id: 'google/gemini-2.5-flash', exact: false });
    expect.soft(findTableModel(ids, 'grok-5')).toEqual({ id: 'xai/grok-4', exact: false });
    expect.soft(findTableModel(ids, 'glm-4.6')).toEqual({ id: 'zai/glm-4.5', exact: false });
    expect.soft(findTableModel(ids, 'kimi-k3')).toEqual({ id: 'moonshotai/kimi-k2', exact: false });
    expect.soft(findTableModel(ids, 'deepseek-v4')).toEqual({ id: 'deepseek/deepseek-v3.2-exp', exact: false });
    expect.soft(findTableModel(ids, 'qwen3.5-coder')).toEqual({ id: 'alibaba/qwen3-coder', exact: false });
    expect.soft(findTableModel(ids, 'claude-sonnet-4-6')).toEqual({ id: 'anthropic/claude-sonnet-4.5', exact: false });
    expect.soft(findTableModel(ids, 'claude-haiku-5')).toEqual({ id: 'anthropic/claude-haiku-4.5', exact: false });
    // A tier the family does not list is not priced as another tier (a haiku is not an opus).
    expect.soft(findTableModel(ids.filter((id) => !id.includes('haiku')), 'claude-haiku-4-5')).toBeUndefined();
    expect.soft(findTableModel(ids, 'in-house-7b')).toBeUndefined();
  });

  it('knows nothing of a model of no listed family or prefix', () => {
    expect(findTableModel(IDS, 'llama-9')).toBeUndefined();
    expect(findTableModel(IDS, 'claude-haiku-4-5')).toBeUndefined();
    expect(findTableModel(IDS, 'gemini-3-flash-preview')).toBeUndefined();
    expect(findTableModel(IDS, 'gemini-2.5-flash')).toBeUndefined();
  });
});

describe('loadModelPrices and listModels', () => {
  it('reads the table in dollars per million tokens', async () => {
    const prices = await loadModelPrices('claude-sonnet-4-5-20250929');
    expect(prices).toMatchObject({ model: 'anthropic/claude-sonnet-4.5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000 });
    expect(prices.source).toContain('anthropic/claude-sonnet-4.5');
  });

  it('prices a Codex rollout of gpt-5.5 at gpt-5, and says so', async () => {
    const prices = await loadModelPrices('gpt-5.5');
    expect(prices).toMatchObject({ model: 'openai/gpt-5', input: 1.25, output: 10 });
    expect(prices.source).toContain('openai/gpt-5, the nearest entry to "gpt-5.5"');
  });

  it('says when it used the nearest entry, and fills cache prices the table lacks by the provider rule', async () => {
    expect((await loadModelPrices('claude-opus-4-6')).source).toContain('nearest entry to "claude-opus-4-6"');
    const gpt = await loadModelPrices('openai/gpt-4-turbo');
    expect(gpt).toMatchObject({ input: 10, cacheRead: 5, cacheWrite: 0 });
    expect(gpt.source).toContain('cache read by the provider');
  });

  it('prices a 1-hour cache write at 2 × input for Anthropic (the table gives only the 5-minute one)', async () => {
    expect(await loadModelPrices('claude-opus-4-6')).toMatchObject({ input: 5, cacheWrite: 6.25, cacheWrite1h: 10 });
    expect(await loadModelPrices('claude-sonnet-4-5-20250929')).toMatchObject({ cacheWrite: 3.75, cacheWrite1h: 6 });
    expect((await loadModelPrices('gpt-5-codex')).cacheWrite1h).toBeUndefined();
  });

  it("reads OpenAI's cached price by the family's discount where the table rounded it to the cent", async () => {
    const codex = await loadModelPrices('gpt-5-codex');
    expect(codex).toMatchObject({ input: 1.25, cacheRead: 0.125 });
    expect(codex.source).toContain('cache read 0.125, the 90% discount of GPT-5 models (the table rounds it to 0.13)');
    expect((await loadModelPrices('openai/gpt-5-mini')).cacheRead).toBe(0.025);
    expect((await loadModelPrices('openai/gpt-5-nano')).cacheRead).toBe(0.005);
    // Already exact, or a family of another discount: the table's value stands.
    expect(await loadModelPrices('openai/gpt-4o')).toMatchObject({ cacheRead: 1.25 });
    expect(await loadModelPrices('openai/o3-mini')).toMatchObject({ cacheRead: 0.55 });
    expect(await loadModelPrices('openai/gpt-4.1-mini')).toMatchObject({ cacheRead: 0.1 });
    expect((await loadModelPrices('openai/gpt-4o')).source).not.toContain('rounds');
  });

  it('a typed cache write or input price moves the 1-hour write price with it (regression: a cache write typed as 0 still billed 1-hour writes at the table price)', async () => {
    const table = await loadModelPrices('claude-opus-4-6');
    expect(hourWritePrice(table)).toBe(table.input * 2);
    expect(hourWritePrice(await loadModelPrices('claude-opus-4-6', { cacheWrite: 0 }))).toBe(0);
    expect(hourWritePrice(await loadModelPrices('claude-opus-4-6', { cacheWrite: 5 }))).toBe(8);
    expect(hourWritePrice(await loadModelPrices('claude-opus-4-6', { input: 3 }))).toBe(6);
    expect(hourWritePrice(await loadModelPrices('claude-opus-4-6', { cacheWrite: 0, cacheWrite1h: 7 }))).toBe(7);
    // Shown beside the cache write where there is one: Anthropic's models, or a price given for it.
    expect(hasHourWritePrice(await loadModelPrices('claude-opus-4-6', { cacheWrite: 0 }))).toBe(true);
    expect(hasHourWritePrice(await loadModelPrices('gpt-5'))).toBe(false);
    expect(hasHourWritePrice(await loadModelPrices('in-house-7b', { input: 1, output: 2, cacheWrite1h: 3 }))).toBe(true);
  });

  it('takes overrides, and prices an unknown model only from them', async () => {
    expect(await loadModelPrices('gpt-5', { input: 1 })).toMatchObject({ input: 1, output: 10, source: expect.stringContaining('input given') });
    expect(await loadModelPrices('in-house-7b', { input: 0.2, output: 0.4 })).toMatchObject({ model: 'in-house-7b', cacheRead: 0.2, cacheWrite: 0 });
    await expect(loadModelPrices('in-house-7b')).rejects.toThrow(/no prices for "in-house-7b".*input and output prices/);
    await expect(loadModelPrices('in-house-7b')).rejects.not.toThrow(/listModels\(\)|loadModelPrices:/);
    await expect(loadModelPrices('gpt-5', { output: -1 })).rejects.toThrow(/overrides.output/);
    await expect(loadModelPrices('' as string)).rejects.toThrow(/modelId/);
  });

  it('lists the table for a picker, sorted, every entry priced', async () => {
    const models = await listModels();
    expect(models.length).toBeGreaterThan(50);
    expect(models.map((m) => m.model)).toEqual([...models.map((m) => m.model)].sort());
    for (const m of models) expect(m.input).toBeGreaterThanOrEqual(0);
  });
});

describe('cacheRulesFor', () => {
  it.each([
    ['claude-opus-4-6', 4096],
    ['anthropic/claude-opus-4.5', 4096],
    ['claude-haiku-4-5', 4096],
    ['claude-3-5-haiku-20241022', 2048],
    ['claude-sonnet-4-5-20250929', 1024],
    ['anthropic/claude-opus-4.1', 1024],
  ])('%s: Anthropic, cached from %i tokens, 5 minutes', (model, minTokens) => {
    expect(cacheRulesFor(model)).toEqual({ provider: 'anthropic', minTokens, ttlMs: 300_000 });
  });

  it('prices everything else as OpenAI caches', () => {
    expect(cacheRulesFor('gpt-5-codex')).toEqual({ provider: 'openai', minTokens: 1024, step: 128, ttlMs: 600_000 });
    expect(cacheRulesFor('google/gemini-2.5-pro').provider).toBe('openai');
  });
});
