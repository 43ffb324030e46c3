import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

const call = (id: string, name: string, args: string): object => ({ id, type: 'function', function: { name, arguments: args } });

describe('OpenAI Chat Completions', () => {
  it('turns assistant tool_calls into tool_use blocks with arguments parsed from JSON', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: 'Checking.', tool_calls: [call('c1', 'weather', '{"city":"Paris"}')] },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ]);
    const { format, conversations } = parseTranscript(text);
    expect(format).toBe('openai-chat');
    expect(conversations[0]?.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('warns about a message it cannot read past the part detection samples, instead of dropping it silently', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `m${i}` }));
    const parsed = parseTranscript(JSON.stringify([{ role: 'system', content: 'Be brief.' }, ...many, null, { role: 'user', content: 'last' }]));
    expect(parsed.format).toBe('openai-chat');
    expect(parsed.conversations[0]?.messages).toHaveLength(2001);
    expect(parsed.warnings).toEqual([{ message: 'Message 2002 skipped: not a JSON object.' }]);
  });

  it('keeps the raw arguments string when it is not JSON', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [call('c1', 'run', '{"cmd": "ls"')] },
      { role: 'tool', tool_call_id: 'c1', content: 'x' },
    ]);
    const content = parseTranscript(text).conversations[0]?.messages[1]?.content;
    expect(content).toEqual([{ type: 'tool_use', id: 'c1', name: 'run', input: '{"cmd": "ls"' }]);
  });

  it('turns consecutive tool messages into one user message of tool_result blocks', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'two things' },
      { role: 'assistant', content: null, tool_calls: [call('a', 'f', '{}'), call('b', 'g', '{}')] },
      { role: 'tool', tool_call_id: 'a', content: 'A' },
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'B' }] },
      { role: 'assistant', content: 'done' },
    ]);
    const c = parseTranscript(text).conversations[0];
    expect(c?.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: 'A' },
        { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'B' }] },
      ],
    });
    expect(c?.sources[2]).toHaveLength(2);
    expect(c?.messages).toHaveLength(4);
  });

  it('reads content: null and content given as a list of parts', () => {
    const text = JSON.stringify({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [call('c1', 'look', '{}')] },
        { role: 'tool', tool_call_id: 'c1', content: 'a cat' },
        { role: 'assistant', content: [{ type: 'text', text: 'A cat.' }] },
      ],
    });
    const c = parseTranscript(text).conversations[0];
    expect(c?.system).toBe('Be brief.');
    expect(c?.envelope).toEqual({ model: 'gpt-4o' });
    expect(c?.messages[0]?.content).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(c?.messages[1]?.content).toEqual([{ type: 'tool_use', id: 'c1', name: 'look', input: {} }]);
    expect(c?.messages[3]?.content).toEqual([{ type: 'text', text: 'A cat.' }]);
    // Written back as the same request body.
    const back = JSON.parse(serializeTranscript(c!, c!.messages).text) as { model: string; messages: unknown[] };
    expect(back.model).toBe('gpt-4o');
    expect(back.messages).toEqual((JSON.parse(text) as { messages: unknown[] }).messages);
  });

  it('yields one conversation per entry of a multi-conversation file ([{ task_id, traj }])', () => {
    const traj = (n: number): object[] => [
      { role: 'system', content: 'policy' },
      { role: 'user', content: `task ${n}` },
      { role: 'assistant', content: 'ok' },
    ];
    const text = JSON.stringify([
      { task_id: 7, reward: 1, traj: traj(1), trial: 0 },
      { task_id: 7, reward: 0, traj: traj(2), trial: 0 },
    ]);
    const { conversations } = parseTranscript(text);
    expect(conversations.map((c) => c.id)).toEqual(['task-7-trial-0', 'task-7-trial-0#2']);
    expect(conversations.map((c) => c.system)).toEqual(['policy', 'policy']);
    expect(conversations[1]?.messages[0]).toEqual({ role: 'user', content: 'task 2' });
  });

  it('pairs reused tool-call ids by position (tau-bench)', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [call('same', 'f', '{}')] },
      { role: 'tool', tool_call_id: 'same', content: '1' },
      { role: 'assistant', content: null, tool_calls: [call('same', 'f', '{}')] },
      { role: 'tool', tool_call_id: 'same', content: '2' },
    ]);
    const links = linkToolCalls(parseTranscript(text).conversations[0]?.messages ?? []);
    expect(links.orphans).toEqual([]);
    expect(links.pairs.map((p) => [p.useIndex, p.resultIndex])).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('writes a pruned multi-conversation entry back with its wrapper fields and the summary message converted', () => {
    const text = JSON.stringify([
      {
        task_id: 3,
        traj: [
          { role: 'system', content: 'policy' },
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
          { role: 'user', content: 'c' },
        ],
      },
    ]);
    const c = parseTranscript(text).conversations[0]!;
    const summary = { role: 'user' as const, content: '[Previous context: 2 turns summarized]' };
    const out = serializeTranscript(c, [summary, c.messages[2]!]);
    expect(JSON.parse(out.text)).toEqual([
      {
        task_id: 3,
        traj: [
          { role: 'system', content: 'policy' },
          { role: 'user', content: '[Previous context: 2 turns summarized]' },
          { role: 'user', content: 'c' },
        ],
      },
    ]);
  });
});
