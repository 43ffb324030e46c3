import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import type { Message } from '../../types';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import type { TranscriptParseError } from '../transcript-parse-error';
import { stringifyJsonStyled } from '../stringify-json-styled';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const WRITTEN = 'otel-genai-written.trace.json';

const parse = (text: string) => {
  const conversation = parseTranscript(text).conversations[0];
  if (conversation === undefined) throw new Error('no conversation');
  return conversation;
};

const refusal = (text: string): TranscriptParseError => {
  try {
    parseTranscript(text);
  } catch (error) {
    return error as TranscriptParseError;
  }
  throw new Error('parsed');
};

/** A trace of two chat requests written by a Python instrumentation (`json.dumps` defaults) as JSON strings. */
function pythonTrace(lastInput?: string): string {
  const dumps = (v: unknown) => stringifyJsonStyled(v, { indent: '', afterColon: ' ', afterComma: ' ', asciiOnly: true, htmlEscaped: false });
  const user = { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] };
  const call = { role: 'assistant', parts: [{ type: 'tool_call', id: ' call_VSPy', name: 'get_weather', arguments: { location: 'Paris' } }] };
  const response = { role: 'tool', parts: [{ type: 'tool_call_response', id: null, result: 'rainy, 57°F' }] };
  const answer = { role: 'assistant', parts: [{ type: 'text', content: 'It is rainy, 57°F.' }], finish_reason: 'stop' };
  const span = (id: string, end: string, input: unknown[], output: unknown[], usage: [number, number]) => ({
    traceId: 'abc',
    spanId: id,
    name: 'chat gpt-4o',
    endTimeUnixNano: end,
    attributes: [
      { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
      { key: 'gen_ai.input.messages', value: { stringValue: id === 's2' && lastInput !== undefined ? lastInput : dumps(input) } },
      { key: 'gen_ai.output.messages', value: { stringValue: dumps(output) } },
      { key: 'gen_ai.usage.input_tokens', value: { intValue: String(usage[0]) } },
      { key: 'gen_ai.usage.output_tokens', value: { intValue: String(usage[1]) } },
    ],
  });
  return JSON.stringify({
    resourceSpans: [{ scopeSpans: [{ spans: [span('s2', '20', [user, call, response], [answer], [90, 9]), span('s1', '10', [user], [call], [40, 12])] }] }],
  });
}

describe('OpenTelemetry GenAI', () => {
  it('reads the last chat span of the trace, with the system instructions, pairs linked', () => {
    const conversation = parse(fixture(WRITTEN));
    expect(conversation.format).toBe('otel-genai');
    expect(conversation.system).toBe('You are a weather bot.');
    expect(conversation.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_VSPy', name: 'get_weather', input: { location: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_VSPy', content: 'rainy, 57°F' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'It is rainy, 57°F.' }] },
    ]);
    expect(linkToolCalls(conversation.messages).orphans).toEqual([]);
  });

  it("records each chat span's usage as a request, never the invoke_agent span's sum", () => {
    const requests = readRecordedUsage(parse(fixture(WRITTEN)));
    expect(requests).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 47, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 17, model: 'gpt-4o-2024-08-06' },
      { messageIndex: 3, contextStart: 0, inputTokens: 33, cacheCreationInputTokens: 0, cacheReadInputTokens: 64, outputTokens: 20, model: 'gpt-4o-2024-08-06' },
    ]);
    // 144 / 37 are the agent span's: the requests add up to it, so adding it too would count every token twice.
    expect(requests.reduce((n, r) => n + r.inputTokens + r.cacheReadInputTokens, 0)).toBe(144);
  });

  it('pairs a response whose id is null or padded with the call of the turn before (pydantic-ai writes `result`)', () => {
    const conversation = parse(pythonTrace());
    expect(linkToolCalls(conversation.messages).pairs).toHaveLength(1);
    expect(conversation.messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'call_VSPy', content: 'rainy, 57°F' }]);
    expect(readRecordedUsage(conversation).map((r) => [r.messageIndex, r.inputTokens])).toEqual([
      [1, 40],
      [3, 90],
    ]);
  });

  it('writes a Python-written trace back byte for byte, and a pruned one with the kept messages as Python wrote them', () => {
    const text = pythonTrace();
    const conversation = parse(text);
    expect(serializeTranscript(conversation, conversation.messages).text).toBe(text);
    const summary: Message = { role: 'user', content: 'Earlier: asked about Paris °' };
    const out = serializeTranscript(conversation, [summary, ...conversation.messages.slice(1)]).text;
    // The kept messages keep their `", "` separators and `\u00b0` escapes; the summary is written the same way.
    expect(out).toContain('[{\\"role\\": \\"user\\", \\"parts\\": [{\\"type\\": \\"text\\", \\"content\\": \\"Earlier: asked about Paris \\\\u00b0\\"}]}, {\\"role\\": \\"assistant\\"');
    expect(out).toContain('\\"result\\": \\"rainy, 57\\\\u00b0F\\"');
    // The other span is untouched.
    const spans = (JSON.parse(out) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] }).resourceSpans[0]?.scopeSpans[0]?.spans;
    expect(spans?.[1]).toEqual((JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] }).resourceSpans[0]?.scopeSpans[0]?.spans[1]);
    expect(parse(out).messages.slice(1)).toEqual(conversation.messages.slice(1));
  });

  it('splices structured attributes element by element, and writes the file byte for byte when all is kept', () => {
    const text = fixture(WRITTEN);
    const conversation = parse(text);
    expect(serializeTranscript(conversation, conversation.messages).text).toBe(text);
    const out = serializeTranscript(conversation, conversation.messages.slice(2)).text;
    expect(parse(out).messages).toEqual(conversation.messages.slice(2));
    expect(out.length).toBeLessThan(text.length);
  });

  it('reads the per-message events of a real OpenAI instrumentation, with the usage of its spans when the file holds both', () => {
    const logs = parse(fixture('otel-genai-openai-js.logs.json'));
    const both = parse(fixture('otel-genai-openai-js.jsonl'));
    expect(logs.messages).toHaveLength(8);
    expect(both.messages).toEqual(logs.messages);
    expect(linkToolCalls(logs.messages).pairs).toHaveLength(3);
    expect(readRecordedUsage(logs)).toEqual([]);
    expect(readRecordedUsage(both).map((r) => [r.messageIndex, r.inputTokens, r.outputTokens])).toEqual([
      [1, 182, 51],
      [3, 281, 27],
      [5, 332, 24],
      [7, 463, 31],
    ]);
    for (const name of ['otel-genai-openai-js.logs.json', 'otel-genai-openai-js.jsonl', 'otel-genai-written.events-logs.json']) {
      const text = fixture(name);
      const conversation = parse(text);
      expect(serializeTranscript(conversation, conversation.messages).text, name).toBe(text);
      const pruned = serializeTranscript(conversation, conversation.messages.slice(3)).text;
      expect(parse(pruned).messages, name).toEqual(conversation.messages.slice(3));
    }
  });

  it('refuses spans without content, saying content capture is opt-in, and names AI SDK telemetry', () => {
    // The traces line of the real export alone: its spans have usage and no content.
    const bare = refusal(fixture('otel-genai-openai-js.jsonl').split('\n')[0] ?? '');
    expect(bare.closestFormat).toBe('otel-genai');
    expect(bare.message).toContain('GenAI spans without message content: content capture is opt-in');
    const aiSdk = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 't', spanId: 's', name: 'ai.generateText.doGenerate', attributes: [{ key: 'ai.prompt.messages', value: { stringValue: '[]' } }, { key: 'gen_ai.usage.input_tokens', value: { intValue: 5 } }] }] }] }] });
    expect(refusal(aiSdk).message).toContain('AI SDK telemetry (`ai.prompt.messages`)');
  });

  it('says which span holds an attribute that is not JSON', () => {
    expect(() => parseTranscript(pythonTrace('[{not json'))).toThrow(/span "chat gpt-4o" \(s2\): its gen_ai.input.messages is a string that is not JSON/);
  });

  it('converts another format to a trace of one chat span, and back to the same messages', () => {
    const conversation = parse(fixture('openhands-sdk-fncall-llm-message.json'));
    const back = parse(serializeTranscript(conversation, conversation.messages, 'otel-genai').text);
    const blocks = (m: Message): Message => ({ role: m.role, content: typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content });
    expect(back.messages.map(blocks)).toEqual(conversation.messages.map(blocks));
    expect(back.system).toBe(conversation.system);
  });
});
