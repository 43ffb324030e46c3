import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { parseTranscript } from '../parse-transcript';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const usageOf = (name: string) => readRecordedUsage(parseTranscript(fixture(name)).conversations[0]!);

describe('Gemini CLI recorded usage', () => {
  it('the real session: one request per gemini record, at its assistant message; cached input is read, thoughts are output', () => {
    const requests = usageOf('codemie-session-2025-12-01.json');
    expect(requests).toHaveLength(11);
    expect(requests[0]).toEqual({ messageIndex: 1, contextStart: 0, inputTokens: 2752, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 55 + 156, model: 'gemini-3-pro-image-preview' });
    expect(requests[5]).toMatchObject({ messageIndex: 11, inputTokens: 7973 - 5675, cacheReadInputTokens: 5675 });
    const sum = (f: (r: (typeof requests)[number]) => number) => requests.reduce((a, r) => a + f(r), 0);
    expect(sum((r) => r.inputTokens + r.cacheReadInputTokens)).toBe(101_630);
    expect(sum((r) => r.cacheReadInputTokens)).toBe(56_538);
    expect(sum((r) => r.outputTokens)).toBe(2_734 + 1_493);
    // Thoughts are billed as output but never resent, unlike OpenAI reasoning: they are no hidden input.
    expect(requests.every((r) => r.reasoningOutputTokens === undefined)).toBe(true);
  });

  it('a record without tokens records no request; a model switch is per request', () => {
    const requests = usageOf('gemini-cli-sample.json');
    expect(requests.map((r) => [r.messageIndex, r.model])).toEqual([
      [1, 'gemini-2.5-pro'],
      [5, 'gemini-2.5-pro'],
      [8, 'gemini-2.5-flash'],
    ]);
  });

  it('JSONL: the latest version of a record holds its tokens, with its line; after a checkpoint the context starts at it', () => {
    const requests = usageOf('gemini-cli-sample.jsonl');
    expect(requests).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 5200, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 55, model: 'gemini-3-pro-preview', line: 5 },
      { messageIndex: 5, contextStart: 3, inputTokens: 900, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 8, model: 'gemini-3-pro-preview', line: 9 },
    ]);
  });
});
