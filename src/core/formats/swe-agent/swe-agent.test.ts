import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import type { Message } from '../../types';
import { readRecordedTotal } from '../../usage/read-recorded-total';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import type { TranscriptParseError } from '../transcript-parse-error';
import { detectSweAgent } from './detect-swe-agent';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const detect = (value: unknown) => detectSweAgent({ kind: 'document', value });
const caught = (text: string): TranscriptParseError => {
  try {
    parseTranscript(text);
  } catch (error) {
    return error as TranscriptParseError;
  }
  throw new Error('parsed');
};
const toolIds = (messages: readonly Message[]) =>
  messages.flatMap((m) => (Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === 'tool_use' ? [`use ${String(b.id)}`] : b.type === 'tool_result' ? [`result ${b.tool_use_id}`] : [])) : []));

describe('SWE-agent detection', () => {
  it('is sure of SWE-agent’s own fields, less so of a bare `{ history }`, and names what keeps other input out', () => {
    expect(detect(JSON.parse(fixture('swe-agent-function-calling-simple.traj')))).toMatchObject({ reads: true, confidence: 0.95 });
    expect(detect(JSON.parse(fixture('swe-agent-gpt4-pydicom-1458.traj')))).toMatchObject({ reads: true, confidence: 0.95 });
    expect(detect({ history: [{ role: 'user', content: 'hi' }] })).toMatchObject({ reads: true, confidence: 0.6 });
    expect(detect({ attempts: [{ history: [{ role: 'user', content: 'hi' }], info: {} }] })).toMatchObject({ reads: true, confidence: 0.95 });
    expect(detect({ history: [{ role: 'user', content: 'hi' }, { role: 'robot', content: 'x' }] })).toMatchObject({ reads: false, reason: 'history[1] has role "robot"' });
    expect(detect({ history: [] })).toMatchObject({ reads: false, reason: 'its `history` is empty' });
    expect(detect({ trajectory: [{ action: 'ls' }] }).reason).toBe('it has `trajectory` steps but no `history` of the messages sent to the model');
    expect(detect([{ role: 'user', content: 'hi' }]).reads).toBe(false);
    expect(detectSweAgent({ kind: 'lines', lines: [], warnings: [] }).reads).toBe(false);
  });

  it('a trajectory is read, no longer refused as "a JSON object with the key `history`" and sent to another format', () => {
    const parsed = parseTranscript(fixture('swe-agent-gpt4-pydicom-1458.traj'));
    expect(parsed.format).toBe('swe-agent');
    const error = caught(JSON.stringify({ trajectory: [{ action: 'ls', observation: 'a', thought: '' }], info: {} }));
    expect(error.looksLike).toBe('trajectory of agent steps without a message history');
    expect(error.closestFormat).toBe('swe-agent');
    expect(caught(JSON.stringify({ history: [{ role: 'system', content: 'You are helpful', agent: 'main' }], info: {} })).message).toBe(
      'The file is SWE-agent trajectory (.traj) but holds no messages.',
    );
  });

  it('a trajectory with a record that cannot be read says it is one, and which record, not its JSON shape', () => {
    const file = JSON.parse(fixture('swe-agent-gpt4-pydicom-1458.traj'));
    file.history[4] = 42;
    const error = caught(JSON.stringify(file));
    expect(error.message).toBe('The file is a SWE-agent trajectory (.traj), but history[4] is not an object: prunescope cannot read it as it is. Mend or remove that part and open it again.');
    expect(error.closestFormat).toBe('swe-agent');
    file.history[4] = { role: 'robot', content: 'beep' };
    expect(caught(JSON.stringify(file)).message).toContain('a SWE-agent trajectory (.traj), but history[4] has role "robot"');
    // Without SWE-agent's own fields, a `{ history }` object is not claimed: its shape is described.
    expect(caught(JSON.stringify({ history: [{ role: 'robot', content: 'x' }] })).message).toMatch(/^The file is a JSON object with the key `history`, not a transcript/);
  });
});

describe('SWE-agent parsing', () => {
  it('function calling: tool messages answer their calls by `tool_call_ids`, the system prompt is lifted out', () => {
    const c = parseTranscript(fixture('swe-agent-function-calling-simple.traj')).conversations[0];
    expect(c?.messages).toHaveLength(11);
    expect(c?.system).toMatch(/^SETTING: You are an autonomous programmer/);
    expect(c?.title).toMatch(/^SyntaxError: invalid syntax/);
    expect(c?.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: expect.stringMatching(/^The `SyntaxError` in `missing_colon.py`/) as unknown as string },
        { type: 'tool_use', id: 'call_PbWErNIge3YTrli3fiVvmIid', name: 'find_file', input: { file_name: 'missing_colon.py' } },
      ],
    });
    expect(c?.messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'call_PbWErNIge3YTrli3fiVvmIid', content: expect.stringMatching(/^Found 1 matches/) as unknown as string }]);
    expect(linkToolCalls(c?.messages ?? []).pairs).toHaveLength(5);
  });

  it('a replayed demonstration reuses ids across turns: each result pairs with the call just before it', () => {
    const c = parseTranscript(fixture('swe-agent-marshmallow-1867-replay.traj')).conversations[0];
    const messages = c?.messages ?? [];
    const ids = toolIds(messages);
    expect(ids.filter((id) => id === 'use call_5iDdbOYybq7L19vqXmR0DPaU')).toHaveLength(4);
    const links = linkToolCalls(messages);
    expect(links.pairs).toHaveLength(11);
    expect(links.orphans).toEqual([]);
    for (const pair of links.pairs) expect(pair.resultIndex).toBe(pair.useIndex + 1);
  });

  it('the older thought/action format is text turns: no calls are made up', () => {
    const c = parseTranscript(fixture('swe-agent-gpt4-pydicom-1458.traj')).conversations[0];
    expect(c?.messages).toHaveLength(25);
    expect(c?.messages.every((m) => typeof m.content === 'string')).toBe(true);
    expect(c?.messages[0]?.content).toMatch(/^Here is a demonstration/);
    expect(c?.title).toMatch(/^Pixel Representation attribute should be optional/);
    expect(c?.envelope).toMatchObject({ environment: 'swe_main', info: { exit_status: 'submitted' } });
    expect(c?.envelope).not.toHaveProperty('history');
  });

  it('demonstration entries with the run’s ids, thinking blocks, results as parts, a submit left without a result', () => {
    const c = parseTranscript(fixture('swe-agent-demo-in-history.traj')).conversations[0];
    const messages = c?.messages ?? [];
    expect(toolIds(messages)).toEqual(['use call_DEMO1', 'result call_DEMO1', 'use call_DEMO1', 'result call_DEMO1', 'use call_submit']);
    expect(messages[4]?.content).toEqual([
      { type: 'thinking', thinking: 'The demo did the same.', signature: 'EqQBCkYIBBgC' },
      { type: 'text', text: 'Let me find setup.py.' },
      { type: 'tool_use', id: 'call_DEMO1', name: 'find_file', input: { file_name: 'setup.py' } },
    ]);
    expect(messages[5]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'call_DEMO1', content: [{ type: 'text', text: expect.stringMatching(/^Found 1 matches/) as unknown as string }] }]);
    expect(linkToolCalls(messages).orphans).toMatchObject([{ kind: 'use', id: 'call_submit' }]);
  });

  it('a tool message naming several calls answers each; one naming none answers the open call before it; arguments that are not JSON kept; each said with its path', () => {
    const parsed = parseTranscript(
      JSON.stringify({
        history: [
          { role: 'user', content: 'go', agent: 'main' },
          { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'x', arguments: '{}' } }, { id: 'b', type: 'function', function: { name: 'y', arguments: 'not json' } }] },
          { role: 'tool', content: 'both', tool_call_ids: ['a', 'b'] },
          { role: 'assistant', content: '', tool_calls: [{ id: 'c', type: 'function', function: { name: 'z', arguments: '{}' } }] },
          { role: 'tool', content: 'for c', tool_call_ids: null },
        ],
      }),
    );
    const messages = parsed.conversations[0]?.messages ?? [];
    expect(messages[1]?.content).toContainEqual({ type: 'tool_use', id: 'b', name: 'y', input: 'not json' });
    expect(messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'both' },
      { type: 'tool_result', tool_use_id: 'b', content: 'both' },
    ]);
    expect(messages[4]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'c', content: 'for c' }]);
    expect(parsed.warnings.map((w) => w.message)).toEqual([
      'history[1].tool_calls[1].function.arguments is not JSON; the call keeps the text as written.',
      'history[4] is a tool message that names no call; it is read as the answer to the open call before it.',
    ]);
  });

  it('RetryAgent: the chosen attempt when the file has one, else each attempt', () => {
    const attempt = (text: string, cost: number) => ({ history: [{ role: 'user', content: text }, { role: 'assistant', content: 'ok' }], info: { model_stats: { instance_cost: cost, tokens_sent: 10, tokens_received: 1, api_calls: 1 } } });
    const both = parseTranscript(JSON.stringify({ attempts: [attempt('first', 1), attempt('second', 2)] }));
    expect(both.conversations.map((c) => [c.id, c.messages[0]?.content])).toEqual([
      ['attempt-1', 'first'],
      ['attempt-2', 'second'],
    ]);
    expect(readRecordedTotal(both.conversations[1] as never)).toMatchObject({ costUsd: 2, where: 'info.model_stats' });
    const chosen = parseTranscript(JSON.stringify({ attempts: [attempt('first', 1), attempt('second', 2)], ...attempt('second', 2), info: { best_attempt_idx: 1, model_stats: { instance_cost: 3, api_calls: 2 } } }));
    expect(chosen.conversations).toHaveLength(1);
    expect(readRecordedTotal(chosen.conversations[0] as never)).toMatchObject({ costUsd: 2, requests: 1, where: 'attempts[1].info.model_stats' });
    // Exporting one attempt writes the file back with only that attempt's history changed.
    const second = both.conversations[1];
    if (!second) throw new Error('no attempt');
    const out = JSON.parse(serializeTranscript(second, second.messages.slice(1)).text) as { attempts: { history: unknown[] }[] };
    expect(out.attempts.map((a) => a.history.length)).toEqual([2, 1]);
  });
});

describe('SWE-agent recorded usage: the run total of info.model_stats, no request of its own', () => {
  it.each([
    ['swe-agent-gpt4-pydicom-1458.traj', { requests: 12, inputTokens: 122612, outputTokens: 1369, costUsd: 1.26719, where: 'info.model_stats' }],
    // A ReplayModel run counts its calls and bills nothing: the zeros are not given as figures.
    ['swe-agent-marshmallow-1867-replay.traj', { requests: 11, model: 'gpt-4o', where: 'info.model_stats' }],
    ['swe-agent-test-repo-gpt-4o.traj', { requests: 5, inputTokens: 7141, outputTokens: 243, costUsd: 0.019520000000000006, model: 'gpt-4o', where: 'info.model_stats' }],
    ['swe-agent-demo-in-history.traj', { requests: 3, inputTokens: 5100, outputTokens: 60, costUsd: 0.0123, model: 'claude-sonnet-4-20250514', where: 'info.model_stats' }],
  ])('%s', (name, total) => {
    const c = parseTranscript(fixture(name)).conversations[0];
    if (!c) throw new Error('no conversation');
    expect(readRecordedTotal(c)).toEqual(total);
    expect(readRecordedUsage(c)).toEqual([]);
  });

  it('a file without info has none', () => {
    const c = parseTranscript(fixture('swe-agent-function-calling-simple.traj')).conversations[0];
    expect(c && readRecordedTotal(c)).toBeUndefined();
  });
});

describe('SWE-agent export', () => {
  it.each(['swe-agent-function-calling-simple.traj', 'swe-agent-gpt4-pydicom-1458.traj', 'swe-agent-marshmallow-1867-replay.traj', 'swe-agent-test-repo-gpt-4o.traj', 'swe-agent-demo-in-history.traj', 'swe-agent-thought-action.traj'])(
    '%s: every message kept gives the file back byte for byte',
    (name) => {
      const text = fixture(name);
      const c = parseTranscript(text).conversations[0];
      if (!c) throw new Error('no conversation');
      expect(serializeTranscript(c, c.messages).text).toBe(text);
    },
  );

  it('pruned: the kept records as they were (indent 4, Python floats), new ones in the file’s style, the rest of the file untouched', () => {
    const text = fixture('swe-agent-marshmallow-1867-replay.traj');
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    const summary: Message = { role: 'user', content: 'Earlier: the fix was tried — café.' };
    const kept = [c.messages[0] as Message, summary, ...c.messages.slice(-2)];
    const out = serializeTranscript(c, kept).text;
    expect(out).toContain('"startup_timeout": 180.0');
    expect(out).toContain('        {\n            "role": "user",\n            "content": "Earlier: the fix was tried \\u2014 caf\\u00e9.",\n            "agent": "main",\n            "message_type": "observation"\n        },');
    const back = parseTranscript(out).conversations[0];
    expect(back?.messages).toEqual(kept);
    expect(back?.envelope).toEqual(c.envelope);
  });

  it('to and from other formats: Anthropic JSON, and `{ history }` from a conversation of another format', () => {
    const c = parseTranscript(fixture('swe-agent-demo-in-history.traj')).conversations[0];
    if (!c) throw new Error('no conversation');
    expect(parseTranscript(serializeTranscript(c, c.messages, 'anthropic').text).conversations[0]?.messages).toEqual(c.messages);
    const chat = parseTranscript(serializeTranscript(c, c.messages, 'openai-chat').text).conversations[0];
    const written = serializeTranscript(chat as never, chat?.messages ?? [], 'swe-agent');
    expect(written.note).toMatch(/^Converted from OpenAI Chat Completions JSON\./);
    const back = parseTranscript(written.text);
    expect(back.format).toBe('swe-agent');
    expect(toolIds(back.conversations[0]?.messages ?? [])).toEqual(toolIds(c.messages));
    expect(back.conversations[0]?.system).toBe(c.system);
  });
});
