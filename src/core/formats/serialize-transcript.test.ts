import { describe, expect, it } from 'vitest';
import { parseTranscript } from './parse-transcript';
import { serializeTranscript } from './serialize-transcript';

const summary = { role: 'user' as const, content: '[Previous context: 2 turns summarized]' };

describe('serializeTranscript', () => {
  const body = {
    model: 'claude-sonnet-4-5',
    system: 'Be brief.',
    messages: [
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'two' },
      { role: 'user', content: 'three' },
      { role: 'assistant', content: 'four' },
    ],
  };

  it('writes a pruned subset plus the summary message in the source format, kept messages found by identity', () => {
    const c = parseTranscript(JSON.stringify(body)).conversations[0]!;
    const out = serializeTranscript(c, [summary, ...c.messages.slice(2)]);
    expect(out).toEqual({
      text: JSON.stringify({ model: body.model, system: body.system, messages: [summary, ...body.messages.slice(2)] }, null, 2),
      format: 'anthropic',
      fileExtension: 'json',
      mimeType: 'application/json',
    });
  });

  it('a Claude Code session written as Anthropic Messages JSON says so', () => {
    const line = { type: 'user', sessionId: 's', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'hi' } };
    const c = parseTranscript(JSON.stringify(line) + '\n').conversations[0]!;
    const out = serializeTranscript(c, c.messages, 'anthropic');
    expect(out.format).toBe('anthropic');
    expect(out.fileExtension).toBe('json');
    expect(out.note).toBe('Written as Anthropic Messages JSON; the source was Claude Code session JSONL.');
    expect(JSON.parse(out.text)).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('converts to OpenAI Chat when asked, and says which blocks it had to leave out', () => {
    const c = parseTranscript(
      JSON.stringify([
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hm', signature: 's' },
            { type: 'tool_use', id: 't1', name: 'f', input: { a: 1 } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
      ]),
    ).conversations[0]!;
    const out = serializeTranscript(c, c.messages, 'openai-chat');
    expect(JSON.parse(out.text)).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
      { role: 'tool', tool_call_id: 't1', content: 'ok' },
    ]);
    expect(out.note).toMatch(/1 block with no equivalent/);
  });

  it('writes no messages as an empty but well-formed file', () => {
    const c = parseTranscript(JSON.stringify(body)).conversations[0]!;
    expect(JSON.parse(serializeTranscript(c, []).text)).toEqual({ model: body.model, system: body.system, messages: [] });
  });
});
