import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';

const rollout = (...payloads: object[]): string =>
  [
    { timestamp: 't0', type: 'session_meta', payload: { id: 'sess-1', instructions: null } },
    ...payloads.flatMap((payload, i) => [
      { timestamp: `t${i + 1}`, type: 'response_item', payload },
      // Codex repeats content as UI events; these must not become messages.
      { timestamp: `t${i + 1}`, type: 'event_msg', payload: { type: 'agent_reasoning', text: 'dup' } },
    ]),
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');

const userItem = (text: string): object => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const reasoning = (text: string): object => ({ type: 'reasoning', summary: [{ type: 'summary_text', text }], encrypted_content: 'gAAA' });
const fnCall = (id: string): object => ({ type: 'function_call', name: 'shell', arguments: `{"command":["ls","${id}"]}`, call_id: id });
const fnOut = (id: string): object => ({ type: 'function_call_output', call_id: id, output: `out ${id}` });

describe('OpenAI Responses items', () => {
  it('reads a Codex rollout: response_item payloads are the items, event_msg duplicates are skipped', () => {
    const parsed = parseTranscript(rollout(userItem('hi'), { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hello' }] }));
    expect(parsed.format).toBe('openai-responses');
    expect(parsed.conversations[0]?.id).toBe('sess-1');
    expect(parsed.conversations[0]?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.skipped).toEqual([{ type: 'event_msg', count: 2 }]);
    expect(parsed.conversations[0]?.sourceLines).toEqual([[2], [4]]);
  });

  it('warns about rollout lines that may hold content it does not read: `compacted` summaries and unknown types', () => {
    const text = [
      rollout(userItem('hi')),
      JSON.stringify({ timestamp: 't9', type: 'compacted', payload: { message: 'Summary of the earlier turns' } }),
      JSON.stringify({ timestamp: 't9', type: 'turn_context', payload: { model: 'gpt-5-codex' } }),
      JSON.stringify({ timestamp: 't9', type: 'mystery', payload: {} }),
    ].join('\n');
    const parsed = parseTranscript(text);
    expect(parsed.skipped).toEqual([
      { type: 'event_msg', count: 1 },
      { type: 'turn_context', count: 1 },
    ]);
    expect(parsed.warnings).toEqual([
      { line: 4, message: 'Line 4 skipped: a `compacted` record (the summary Codex wrote when it compacted the session) is not shown.' },
      { line: 6, message: 'Skipped 1 line of unknown type `mystery` (first at line 6): it may hold conversation content.' },
    ]);
  });

  it('pairs function_call and function_call_output by call_id, a run of calls before their outputs included', () => {
    const c = parseTranscript(rollout(userItem('go'), reasoning('plan'), fnCall('a'), fnCall('b'), fnOut('a'), fnOut('b'))).conversations[0];
    expect(c?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'plan' },
          { type: 'tool_use', id: 'a', name: 'shell', input: { command: ['ls', 'a'] } },
          { type: 'tool_use', id: 'b', name: 'shell', input: { command: ['ls', 'b'] } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'out a' },
          { type: 'tool_result', tool_use_id: 'b', content: 'out b' },
        ],
      },
    ]);
    expect(linkToolCalls(c?.messages ?? []).orphans).toEqual([]);
  });

  it('keeps a reasoning item with the call that follows it', () => {
    const c = parseTranscript(JSON.stringify([userItem('go'), reasoning('first'), fnCall('a'), fnOut('a'), reasoning('second'), fnCall('b'), fnOut('b')]))
      .conversations[0];
    expect(c?.messages.map((m) => (Array.isArray(m.content) ? m.content.map((b) => b.type).join('+') : 'text'))).toEqual([
      'text',
      'thinking+tool_use',
      'tool_result',
      'thinking+tool_use',
      'tool_result',
    ]);
  });

  it('reads custom_tool_call and custom_tool_call_output with free-text input', () => {
    const c = parseTranscript(
      JSON.stringify([
        userItem('patch it'),
        { type: 'custom_tool_call', call_id: 'p1', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' },
        { type: 'custom_tool_call_output', call_id: 'p1', output: 'Done!' },
      ]),
    ).conversations[0];
    expect(c?.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'p1', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'p1', content: 'Done!' }] },
    ]);
  });

  it('reads web_search_call (no call id, no output) as a server_tool_use answered in the same message, never an orphan', () => {
    const c = parseTranscript(
      JSON.stringify([
        userItem('news?'),
        { type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'news' } },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Here.' }] },
      ]),
    ).conversations[0];
    expect(c?.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'server_tool_use', id: 'ws_1', name: 'web_search', input: { type: 'search', query: 'news' } },
        { type: 'web_search_tool_result', tool_use_id: 'ws_1', content: [] },
        { type: 'text', text: 'Here.' },
      ],
    });
    const links = linkToolCalls(c?.messages ?? []);
    expect(links.orphans).toEqual([]);
    expect(links.pairs).toHaveLength(1);
  });

  it('says which server-tool results it made up, without touching the blocks export writes', () => {
    const items = [
      userItem('news?'),
      { type: 'web_search_call', id: 'ws_abc', status: 'completed', action: { type: 'search', query: 'news' } },
      { type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'more news' } },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Here.' }] },
    ];
    const c = parseTranscript(JSON.stringify(items)).conversations[0]!;
    expect(c.annotations).toEqual([undefined, { synthesizedResults: ['ws_abc', 'ws_1'] }]);
    // Anthropic export keeps the stand-in result (the API needs a result beside each server_tool_use) …
    const anthropic = JSON.parse(serializeTranscript(c, c.messages, 'anthropic').text) as { content: { type: string }[] }[];
    expect(anthropic[1]?.content.map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'server_tool_use', 'web_search_tool_result', 'text']);
    // … and Responses export writes the calls back, the made-up results implied.
    const back = JSON.parse(serializeTranscript(c, c.messages, 'openai-responses').text) as unknown[];
    expect(back).toEqual(items);
  });

  it('reads a reasoning item with no summary, only encrypted_content, as redacted_thinking holding the ciphertext', () => {
    const encrypted = { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAAABo1JlQJp4aa23M' };
    const items = [userItem('go'), encrypted, fnCall('a'), fnOut('a')];
    const c = parseTranscript(JSON.stringify(items)).conversations[0]!;
    expect(c.messages[1]?.content).toEqual([
      { type: 'redacted_thinking', data: 'gAAAAABo1JlQJp4aa23M' },
      { type: 'tool_use', id: 'a', name: 'shell', input: { command: ['ls', 'a'] } },
    ]);
    expect(JSON.parse(serializeTranscript(c, c.messages).text)).toEqual(items);
    // Raw reasoning text (open-weight models write `content` parts) is shown when there is no summary.
    const raw = { type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'step by step' }] };
    expect(parseTranscript(JSON.stringify([userItem('go'), raw])).conversations[0]?.messages[1]?.content).toEqual([
      { type: 'thinking', thinking: 'step by step' },
    ]);
  });

  it('writes a pruned rollout back as rollout lines, with the summary as a response_item', () => {
    const c = parseTranscript(rollout(userItem('one'), fnCall('a'), fnOut('a'), userItem('two'))).conversations[0]!;
    const summary = { role: 'user' as const, content: '[Previous context: 3 turns summarized]' };
    const out = serializeTranscript(c, [summary, c.messages[3]!]);
    expect(out).toMatchObject({ format: 'openai-responses', fileExtension: 'jsonl' });
    const lines = out.text.trim().split('\n').map((l) => JSON.parse(l) as { type: string; payload: unknown });
    expect(lines.map((l) => l.type)).toEqual(['session_meta', 'response_item', 'response_item']);
    expect(lines[1]?.payload).toEqual({ type: 'message', role: 'user', content: [{ type: 'input_text', text: summary.content }] });
    expect(parseTranscript(out.text).conversations[0]?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: summary.content }] },
      c.messages[3],
    ]);
  });
});
