import { describe, expect, it } from 'vitest';
import { readModelAnswer } from './read-model-answer';
import { readStreamEvent } from './read-stream-event';

describe('readModelAnswer', () => {
  it('reads the text each protocol puts where it puts it', () => {
    expect(readModelAnswer('anthropic', { content: [{ type: 'thinking', thinking: 'hm' }, { type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toEqual({ text: 'ab' });
    expect(readModelAnswer('openai-chat', { choices: [{ message: { content: [{ type: 'text', text: 'parts' }] } }] })).toEqual({ text: 'parts' });
    expect(readModelAnswer('openai-responses', { output_text: 'direct' })).toEqual({ text: 'direct' });
    expect(readModelAnswer('openai-responses', { output: [{ type: 'reasoning' }, { type: 'message', content: [{ type: 'output_text', text: 'x' }] }] })).toEqual({ text: 'x' });
  });

  it('says what is wrong with an answer that has no summary in it', () => {
    expect(readModelAnswer('anthropic', null)).toEqual({ problem: 'the answer is null, not a JSON object' });
    expect(readModelAnswer('anthropic', [1] as unknown)).toEqual({ problem: 'the answer has no text (expected content[].text)' });
    expect(readModelAnswer('anthropic', { error: { type: 'overloaded_error', message: 'Overloaded' } })).toEqual({ problem: 'the answer is an error: Overloaded (overloaded_error)' });
    expect(readModelAnswer('anthropic', { content: [{ type: 'text', text: 'no' }], stop_reason: 'refusal' })).toEqual({ problem: 'the model refused (stop_reason refusal)' });
    expect(readModelAnswer('openai-chat', { choices: [{ message: { content: null, refusal: 'I cannot' } }] })).toEqual({ problem: 'the model refused: I cannot' });
    expect(readModelAnswer('openai-chat', { choices: [{ message: { content: '  ' } }] })).toEqual({ problem: "the answer's text is empty (choices[0].message.content)" });
    expect(readModelAnswer('openai-responses', { status: 'failed', output: [] })).toEqual({ problem: 'the response failed' });
    expect(readModelAnswer('openai-responses', { output: [{ type: 'reasoning' }] })).toEqual({ problem: 'the answer has no text (expected output[].content[].text)' });
    expect(readModelAnswer('openai-chat', { error: 'plain words' })).toEqual({ problem: 'the answer is an error: plain words' });
    expect(readModelAnswer('openai-chat', { error: { code: 'bad' } })).toEqual({ problem: 'the answer is an error: bad' });
  });
});

describe('readStreamEvent', () => {
  it('reads deltas and ends, and ignores what adds nothing', () => {
    expect(readStreamEvent('openai-chat', '[DONE]')).toEqual({ done: true });
    expect(readStreamEvent('openai-chat', '{"choices":[{"delta":{"content":"x"},"finish_reason":"length"}]}')).toEqual({ text: 'x', done: true });
    expect(readStreamEvent('openai-chat', '{"choices":[]}')).toEqual({});
    expect(readStreamEvent('anthropic', '{"type":"content_block_delta","delta":{"type":"thinking_delta","thinking":"hm"}}')).toEqual({});
    expect(readStreamEvent('anthropic', '{"type":"message_delta","delta":{"stop_reason":"max_tokens"}}')).toEqual({});
    expect(readStreamEvent('openai-responses', '{"type":"response.incomplete","response":{}}')).toEqual({ done: true });
    expect(readStreamEvent('openai-responses', '{"type":"response.in_progress"}')).toEqual({});
    expect(readStreamEvent('anthropic', '42')).toEqual({});
  });

  it('says why a stream failed', () => {
    expect(readStreamEvent('anthropic', 'not json')).toEqual({ problem: 'a streamed event is not JSON: not json' });
    expect(readStreamEvent('anthropic', '{"type":"message_delta","delta":{"stop_reason":"refusal"}}')).toEqual({ problem: 'the model refused (stop_reason refusal)' });
    expect(readStreamEvent('openai-chat', '{"choices":[{"delta":{"refusal":"no"}}]}')).toEqual({ problem: 'the model refused: no' });
    expect(readStreamEvent('openai-chat', '{"error":{"message":"boom"}}')).toEqual({ problem: 'the stream sent an error: boom' });
    expect(readStreamEvent('openai-responses', '{"type":"response.failed","response":{}}')).toEqual({ problem: 'the response failed: no reason given' });
    expect(readStreamEvent('openai-responses', '{"type":"error","message":"x"}')).toEqual({ problem: 'the stream sent an error: x' });
  });
});
