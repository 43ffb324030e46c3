import { describe, expect, it } from 'vitest';
import { loadMainConversation } from '../../../test/support/load-fixture';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { countMessageTokens } from '../tokens/count-message-tokens';
import type { RecordedRequest } from './types';
import { countsWithoutThinking } from './counts-without-thinking';

const { messages } = loadMainConversation('spotter-session.jsonl');
const counts = countMessageTokens(messages, charsTokenCounter);
const bare = countMessageTokens(messages, charsTokenCounter, { thinking: false });
const answeredBy = (...models: string[]): RecordedRequest[] => models.map((model, k) => ({ messageIndex: k + 1, contextStart: 0, inputTokens: 1, model }) as RecordedRequest);

describe('countsWithoutThinking', () => {
  it('is the count without thinking when the model that answered most requests sends none back, or only the current turn’s', () => {
    expect(bare.some((count, i) => count !== counts[i])).toBe(true);
    for (const model of ['gemini-2.5-pro', 'claude-sonnet-4-5', 'gpt-5-codex']) expect(countsWithoutThinking(messages, counts, charsTokenCounter, answeredBy(model))).toEqual(bare);
    expect(countsWithoutThinking(messages, counts, charsTokenCounter, answeredBy('claude-sonnet-4-5', 'gemini-2.5-pro', 'gemini-2.5-pro'))).toEqual(bare);
  });

  it('is undefined when every turn’s thinking is sent back, or no request names its model', () => {
    expect(countsWithoutThinking(messages, counts, charsTokenCounter, answeredBy('claude-opus-4-6'))).toBeUndefined();
    expect(countsWithoutThinking(messages, counts, charsTokenCounter, answeredBy('claude-opus-4-6', 'claude-opus-4-6', 'gemini-2.5-pro'))).toBeUndefined();
    expect(countsWithoutThinking(messages, counts, charsTokenCounter, [])).toBeUndefined();
  });
});
