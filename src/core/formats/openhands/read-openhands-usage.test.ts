import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { getFormat } from '../get-format';
import { parseTranscript } from '../parse-transcript';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const parse = (name: string) => parseTranscript(fixture(name)).conversations[0]!;
const totalOf = (name: string) => getFormat('openhands').recordedUsage?.readTotal?.(parse(name), () => undefined);

describe('OpenHands recorded usage', () => {
  it('the real trajectory: one request per model response, cache writes and reads out of LiteLLM’s prompt_tokens', () => {
    expect(readRecordedUsage(parse('openhands-basic.json'))).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 4, cacheCreationInputTokens: 3482, cacheReadInputTokens: 0, outputTokens: 1135, model: 'claude-3-5-sonnet-20241022' },
      { messageIndex: 3, contextStart: 0, inputTokens: 6, cacheCreationInputTokens: 1158, cacheReadInputTokens: 3482, outputTokens: 177, model: 'claude-3-5-sonnet-20241022' },
    ]);
  });

  it('a response embedded in several actions and observations is one request; after a condensation the context starts there', () => {
    const requests = readRecordedUsage(parse('openhands-sample.json'));
    expect(requests.map((r) => [r.messageIndex, r.contextStart, r.inputTokens + r.cacheCreationInputTokens + r.cacheReadInputTokens])).toEqual([
      [1, 0, 5000],
      [5, 3, 1800],
      [7, 3, 1900],
    ]);
  });

  it('OpenAI through LiteLLM: the cached part is prompt_tokens_details.cached_tokens, and reasoning tokens are said', () => {
    const response = {
      id: 'chatcmpl-1',
      model: 'gpt-5',
      choices: [{ index: 0, message: { role: 'assistant', content: '', tool_calls: [{ id: 'c', type: 'function', function: { name: 'finish', arguments: '{}' } }] } }],
      usage: { prompt_tokens: 1000, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 768 }, completion_tokens_details: { reasoning_tokens: 30 } },
    };
    const events = [
      { id: 0, timestamp: 't', source: 'user', message: 'go', action: 'message', args: { content: 'go' } },
      { id: 1, timestamp: 't', source: 'agent', message: '', action: 'finish', tool_call_metadata: { function_name: 'finish', tool_call_id: 'c', model_response: response, total_calls_in_response: 1 }, args: {} },
    ];
    const [request] = readRecordedUsage(parseTranscript(JSON.stringify(events)).conversations[0]!);
    expect(request).toEqual({ messageIndex: 1, contextStart: 0, inputTokens: 232, cacheCreationInputTokens: 0, cacheReadInputTokens: 768, outputTokens: 50, reasoningOutputTokens: 30, model: 'gpt-5' });
  });

  it('llm_metrics is the run’s total: the last event that has it', () => {
    expect(totalOf('openhands-sample.json')).toEqual({
      where: 'the `llm_metrics` of event 3',
      costUsd: 0.0201,
      inputTokens: 5000,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 4990,
      outputTokens: 90,
    });
    expect(totalOf('openhands-basic.json')).toBeUndefined();
  });
});
