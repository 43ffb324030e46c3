import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import { parseTranscript } from '../parse-transcript';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');

/** An action of one model response with `calls` (ids), and the observation answering call `id`. */
const response = (id: string, calls: string[], content = '') => ({
  id,
  model: 'claude-sonnet-4-20250514',
  choices: [{ index: 0, message: { role: 'assistant', content, tool_calls: calls.map((c, k) => ({ index: k + 1, id: c, type: 'function', function: { name: 'execute_bash', arguments: JSON.stringify({ command: c }) } })) } }],
  usage: { prompt_tokens: 100, completion_tokens: 10 },
});
const action = (id: number, call: string, r: ReturnType<typeof response>) => ({
  id,
  timestamp: 't',
  source: 'agent',
  message: `Running ${call}`,
  action: 'run',
  tool_call_metadata: { function_name: 'execute_bash', tool_call_id: call, model_response: r, total_calls_in_response: r.choices[0]!.message.tool_calls.length },
  args: { command: 'translated by OpenHands', thought: '' },
});
const observation = (id: number, call: string, content: string, cause: number) => ({
  id,
  timestamp: 't',
  source: 'agent',
  message: '',
  cause,
  observation: 'run',
  tool_call_metadata: { function_name: 'execute_bash', tool_call_id: call, model_response: { id: 'r' }, total_calls_in_response: 1 },
  content,
  extras: { metadata: { exit_code: 0, prefix: '', suffix: '\n[The command completed with exit code 0.]' } },
  success: true,
});
const user = (id: number, content: string) => ({ id, timestamp: 't', source: 'user', message: content, action: 'message', args: { content, image_urls: null } });

describe('OpenHands event streams', () => {
  it('the real trajectory: tool arguments from the model response, the editor’s message as the result, the finish unanswered', () => {
    const c = parseTranscript(fixture('openhands-basic.json')).conversations[0]!;
    const call = (c.messages[1]!.content as { type: string; input?: unknown }[])[1];
    expect(call).toMatchObject({ type: 'tool_use', id: 'toolu_017nBp7UfiGqyrA7j77HgtFP', name: 'str_replace_editor', input: { command: 'create', path: '/workspace/game_2048.py' } });
    expect(c.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_017nBp7UfiGqyrA7j77HgtFP', content: 'File created successfully at: /workspace/game_2048.py' }]);
    expect((c.messages[3]!.content as { type: string; name?: string; input?: unknown }[]).map((b) => [b.type, b.name, b.input])).toEqual([
      ['text', undefined, undefined],
      ['tool_use', 'finish', {}],
    ]);
    expect(linkToolCalls(c.messages).orphans).toEqual([{ id: 'toolu_01BUKu3B7nY574atNECkBiFk', kind: 'use', messageIndex: 3, blockIndex: 1 }]);
    expect(c.system).toBeUndefined();
  });

  it('bookkeeping (agent state, "No observation") is skipped and kept with its message; a command’s exit line is part of its result', () => {
    const parsed = parseTranscript(fixture('openhands-basic-gui-mode.json'));
    const c = parsed.conversations[0]!;
    expect(parsed.skipped).toEqual([
      { type: 'agent_state_changed', count: 4 },
      { type: 'change_agent_state', count: 1 },
      { type: 'null', count: 3 },
    ]);
    expect(c.sources.flat()).toHaveLength(18);
    expect(c.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_01W9Z8jBctr8X2frZV9p1RYs', content: '\n[The command completed with exit code 0.]' }]);
    expect(typeof c.messages[9]!.content).toBe('string');
  });

  it('the actions of one response are one message, their observations one message in call order, however they interleave', () => {
    const r = response('r1', ['a', 'b'], 'Two at once.');
    const events = [user(0, 'go'), action(1, 'a', r), observation(2, 'a', 'A', 1), action(3, 'b', r), observation(4, 'b', 'B', 3), user(5, 'thanks')];
    const c = parseTranscript(JSON.stringify(events)).conversations[0]!;
    expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user']);
    expect(c.messages[1]!.content).toEqual([
      { type: 'text', text: 'Two at once.' },
      { type: 'tool_use', id: 'a', name: 'execute_bash', input: { command: 'a' } },
      { type: 'tool_use', id: 'b', name: 'execute_bash', input: { command: 'b' } },
    ]);
    expect((c.messages[2]!.content as { tool_use_id: string }[]).map((b) => b.tool_use_id)).toEqual(['a', 'b']);
    expect(c.sources[1]).toEqual([events[1], events[3]]);
    expect(c.sources[2]).toEqual([events[2], events[4]]);
  });

  it('a call id used again in a later response pairs with its own observation', () => {
    const events = [user(0, 'go'), action(1, 'x', response('r1', ['x'])), observation(2, 'x', 'one', 1), action(3, 'x', response('r2', ['x'])), observation(4, 'x', 'two', 3)];
    const c = parseTranscript(JSON.stringify(events)).conversations[0]!;
    const links = linkToolCalls(c.messages);
    expect(links.orphans).toEqual([]);
    expect(links.pairs.map((p) => [p.useIndex, p.resultIndex])).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('a condensation is a boundary: after it, what OpenHands sent (the events it kept, its summary at the offset), then what followed', () => {
    const parsed = parseTranscript(fixture('openhands-sample.json'));
    const c = parsed.conversations[0]!;
    expect(c.system).toBe('You are OpenHands agent, a helpful AI assistant.');
    expect(c.boundaries).toMatchObject([{ messageIndex: 3, kind: 'condensation' }]);
    expect(c.boundaries?.[0]?.record).toMatchObject({ id: 7, action: 'condensation' });
    expect(c.messages[3]).toEqual(c.messages[0]);
    expect(c.sources[3]).toEqual(c.sources[0]);
    expect(c.messages[4]).toEqual({ role: 'user', content: 'The user asked why the build fails; `npm run build` reports TS2304 for `foo`.' });
    expect(c.annotations?.[4]).toEqual({ compactSummary: true });
    expect(c.messages[0]!.content).toEqual([
      { type: 'text', text: 'Why does the build fail? Screenshot attached.' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
    expect(c.messages[6]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_01C', content: 'Invalid `path` parameter: /workspace/src/index.ts. The path does not exist.\n[Error occurred in processing last action]', is_error: true },
    ]);
    expect(parsed.skipped).toEqual([{ type: 'agent_state_changed', count: 1 }]);
  });

  it('forgotten events named by id and a condensation without a summary; a later condensation forgets more', () => {
    const r1 = response('r1', ['a']);
    const r2 = response('r2', ['b']);
    const condense = (id: number, args: Record<string, unknown>) => ({ id, timestamp: 't', source: 'agent', message: '', action: 'condensation', args });
    const events = [
      user(0, 'go'),
      action(1, 'a', r1),
      observation(2, 'a', 'A', 1),
      condense(3, { forgotten_event_ids: [1, 2], forgotten_events_start_id: null, forgotten_events_end_id: null, summary: null, summary_offset: null }),
      action(4, 'b', r2),
      observation(5, 'b', 'B', 4),
      condense(6, { forgotten_event_ids: null, forgotten_events_start_id: 4, forgotten_events_end_id: 5, summary: 'ran a and b', summary_offset: 1 }),
      user(7, 'next'),
    ];
    const c = parseTranscript(JSON.stringify(events)).conversations[0]!;
    const said = c.messages.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => b.type).join('+')));
    expect(said).toEqual(['go', 'tool_use', 'tool_result', 'go', 'tool_use', 'tool_result', 'go', 'ran a and b', 'next']);
    expect(c.boundaries?.map((b) => b.messageIndex)).toEqual([3, 6]);
    expect(c.sources[3]?.[0]).toMatchObject({ id: 3, action: 'condensation' });
  });

  it('an evaluation output: one conversation per run, titled by its instance; a bad event says where it is', () => {
    const run = (id: string) => JSON.stringify({ instance_id: id, history: [user(0, `fix ${id}`), 42, user(1, 'and test it')], metrics: {} });
    const parsed = parseTranscript(`${run('django-1')}\n${run('flask-2')}\n`);
    expect(parsed.format).toBe('openhands');
    expect(parsed.conversations.map((c) => [c.id, c.title])).toEqual([
      ['django-1', 'Instance django-1'],
      ['flask-2', 'Instance flask-2'],
    ]);
    expect(parsed.warnings).toEqual([
      { line: 1, message: 'line 1 history[1] skipped: not a JSON object.' },
      { line: 2, message: 'line 2 history[1] skipped: not a JSON object.' },
    ]);
  });
});
