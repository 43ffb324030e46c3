import { describe, expect, it } from 'vitest';
import { loadMainConversation } from '../../../test/support/load-fixture';
import { STRATEGY_REGISTRY, createTokenCounter, findUserPrompts, validateMessages } from '../../lib/index';
import { readReplayInputs } from '../../lib/formats';
import { fakeReplayCore } from '../../../test/support/fake-replay-core';
import { analyzeConversation, configFor } from './analyze-conversation';
import type { ConversationTask, ReportSettings } from './types';

const conversation = loadMainConversation('spotter-tool-heavy.jsonl');
const task: ConversationTask = { file: 'heavy.jsonl', id: conversation.id, format: conversation.format, messages: conversation.messages };
const settings: ReportSettings = { strategies: STRATEGY_REGISTRY.map((s) => ({ id: s.id, options: {} })), bound: { kind: 'fraction', fraction: 0.5 }, encoding: 'chars' };

describe('analyzeConversation', () => {
  it('measures the input and each strategy against half its tokens', async () => {
    const outcome = await analyzeConversation(task, settings);
    expect(outcome).toMatchObject({ file: 'heavy.jsonl', messages: conversation.messages.length, encoding: 'chars', hasTask: findUserPrompts(conversation.messages).task >= 0 });
    expect(outcome.inputValid).toBe(validateMessages(conversation.messages, 'anthropic').length === 0);
    expect(outcome.strategies.map((s) => s.strategy)).toEqual(STRATEGY_REGISTRY.map((s) => s.id));
    const window = outcome.strategies[0];
    expect(window?.tokensOut).toBeLessThanOrEqual(Math.floor(outcome.tokens / 2));
    expect(window?.messagesOut).toBeLessThan(conversation.messages.length);
    for (const s of outcome.strategies) {
      expect(s.error).toBeUndefined();
      expect(s.addedProblems).toBe(0);
      expect(s.costUsd).toBeUndefined();
    }
  });

  it('counts whole tokens, though placeholders are counted by estimate (regression: the CSV read 753942.5192723775)', async () => {
    const spotter = loadMainConversation('spotter-session.jsonl');
    const masked: ReportSettings = { ...settings, strategies: [{ id: 'observation-masking', options: {} }, { id: 'swe-agent-last-n', options: {} }] };
    const outcome = await analyzeConversation({ ...task, format: spotter.format, messages: spotter.messages }, masked);
    for (const s of outcome.strategies) expect(s.tokensOut).toSatisfy(Number.isInteger);
  });

  it('records a strategy that throws and goes on with the others', async () => {
    const broken: ReportSettings = { ...settings, strategies: [{ id: 'token-budget', options: { softLimitTokens: 10, hardLimitTokens: 5 } }, { id: 'importance', options: {} }] };
    const outcome = await analyzeConversation(task, broken);
    expect(outcome.strategies[0]).toMatchObject({ strategy: 'token-budget', error: 'pruneMessages: hardLimitTokens (5) must be at least softLimitTokens (10)' });
    expect(outcome.strategies[1]?.error).toBeUndefined();
  });

  it('replays as `replay` and the inspector do: the fixed part, the cache and the times the file shows (regression: only the system prompt was fixed, so no pruning cost $0.0173 against their $0.2244)', async () => {
    const core = fakeReplayCore();
    await analyzeConversation({ ...task, conversation }, settings, core);
    const options = core.calls[0]?.options;
    const inputs = readReplayInputs(conversation, await createTokenCounter({ encoding: 'chars' }));
    expect(inputs.fixedTokens).toBeGreaterThan(20_000);
    expect(options?.fixedTokens).toBe(inputs.fixedTokens);
    expect(options?.tokens).toEqual(inputs.tokens);
    expect(options?.observedCache).toEqual(inputs.observedCache);
    expect(options?.messageTimes).toEqual(inputs.messageTimes);
    expect(options?.contextStarts).toEqual(inputs.contextStarts);
  });

  it('prices the conversation and each strategy when a replay core is there', async () => {
    const core = fakeReplayCore();
    const outcome = await analyzeConversation(task, { ...settings, model: 'anthropic/claude-haiku-4.5' }, core);
    expect(core.calls[0]?.options.prices.model).toBe('anthropic/claude-haiku-4.5');
    expect(core.calls[0]?.options.strategies.map((s) => s.id)).toEqual(['none', ...STRATEGY_REGISTRY.map((s) => s.id)]);
    expect(outcome.costUsd).toBe(1);
    expect(outcome.strategies.map((s) => s.costUsd)).toEqual(STRATEGY_REGISTRY.map((_, k) => 1 - (k + 1) / 10));
  });
});

describe('configFor', () => {
  it('turns the bound into each strategy’s config', () => {
    expect(configFor('importance', {}, { kind: 'fraction', fraction: 0.25 }, 1001)).toEqual({ strategy: 'importance', maxTokens: 250 });
    expect(configFor('governor', { intent: 'search' }, { kind: 'tokens', maxTokens: 99 }, 1)).toEqual({ strategy: 'governor', intent: 'search', maxTokens: 99 });
    expect(configFor('observation-masking', {}, { kind: 'turns', maxTurns: 3 }, 1)).toEqual({ strategy: 'observation-masking' });
  });
});
