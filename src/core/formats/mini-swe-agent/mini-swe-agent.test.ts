import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../../links/link-tool-calls';
import { readRecordedTotal } from '../../usage/read-recorded-total';
import { readRecordedUsage } from '../../usage/read-recorded-usage';
import { parseTranscript } from '../parse-transcript';
import { serializeTranscript } from '../serialize-transcript';
import { detectMiniSweAgent } from './detect-mini-swe-agent';
import { checkFormatLaws, type GeneratedFile } from '../../../../test/support/format-laws';
import { pythonDumps } from '../../../../test/support/python-json';

const FIXTURE = 'mini-swe-agent-run.traj.json';
const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/${name}`, import.meta.url), 'utf8');
const detect = (value: unknown) => detectMiniSweAgent({ kind: 'document', value });

describe('mini-SWE-agent detection', () => {
  it('sure of trajectory_format; nearly so of info.model_stats or an exit message; never a plain `{ messages }`', () => {
    expect(detect(JSON.parse(fixture(FIXTURE)))).toMatchObject({ reads: true, confidence: 0.99 });
    const messages = [{ role: 'user', content: 'fix it' }];
    expect(detect({ info: { model_stats: { instance_cost: 0, api_calls: 0 } }, messages })).toMatchObject({ reads: true, confidence: 0.85 });
    expect(detect({ messages: [...messages, { role: 'exit', content: '' }] })).toMatchObject({ reads: true, confidence: 0.85 });
    expect(detect({ messages }).reads).toBe(false);
    expect(parseTranscript(JSON.stringify({ messages })).format).toBe('anthropic');
    expect(detect({ trajectory_format: 'mini-swe-agent-1.1', messages: [{ role: 'robot' }] })).toMatchObject({
      reads: false,
      reason: 'messages[0] has role "robot"',
      recognisedAs: 'a mini-SWE-agent trajectory (.traj.json)',
    });
    expect(detect({ messages: [{ role: 'robot' }] }).recognisedAs).toBeUndefined();
    // Beats the request-body readers that also take `{ messages }`.
    expect(parseTranscript(JSON.stringify({ info: { model_stats: { instance_cost: 0, api_calls: 1 } }, messages })).format).toBe('mini-swe-agent');
  });
});

describe('mini-SWE-agent parsing', () => {
  const parsed = parseTranscript(fixture(FIXTURE));
  const c = parsed.conversations[0];
  if (!c) throw new Error('no conversation');

  it('Chat messages: parallel calls answered by tool_call_id, the exit message skipped and kept for export, the submit unanswered', () => {
    expect(c.system).toBe('You are a helpful assistant that can interact with a computer.');
    expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant']);
    expect(c.messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: '<returncode>0</returncode>\n<output>\nprint(1/0)\n</output>' },
      { type: 'tool_result', tool_use_id: 'toolu_2', content: '<returncode>1</returncode>\n<output>\nZeroDivisionError\n</output>' },
    ]);
    expect(linkToolCalls(c.messages).orphans).toMatchObject([{ kind: 'use', id: 'toolu_3' }]);
    expect(parsed.skipped).toEqual([{ type: 'exit', count: 1 }]);
    expect(c.sources[4]?.map((r) => (r as { role: string }).role)).toEqual(['assistant', 'exit']);
    expect(c.title).toBe('Fix a.py');
  });

  it('recorded usage per request, cached input taken out; the FormatError message holds the discarded request', () => {
    expect(readRecordedUsage(c)).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 20, cacheCreationInputTokens: 1480, cacheReadInputTokens: 0, outputTokens: 70, model: 'claude-sonnet-4-5-20250929' },
      { messageIndex: 3, contextStart: 0, inputTokens: 1640, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 9, model: 'claude-sonnet-4-5-20250929' },
      { messageIndex: 4, contextStart: 0, inputTokens: 1700, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 30, model: 'claude-sonnet-4-5-20250929' },
    ]);
    expect(readRecordedTotal(c)).toEqual({ requests: 3, costUsd: 0.0061, model: 'anthropic/claude-sonnet-4-5-20250929', where: 'info.model_stats' });
  });

  it('the Responses model: Response objects, function_call_output items, a FormatError message item', () => {
    const file = {
      info: { model_stats: { instance_cost: 0.01, api_calls: 2 }, mini_version: '2.1.0' },
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Please solve this issue: tests fail' },
        {
          object: 'response',
          model: 'gpt-5',
          output: [
            { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Look first.' }] },
            { type: 'function_call', call_id: 'call_1', name: 'bash', arguments: '{"command": "ls"}' },
          ],
          usage: { input_tokens: 500, input_tokens_details: { cached_tokens: 300 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 25 } },
          extra: { actions: [{ command: 'ls', tool_call_id: 'call_1' }], cost: 0.004 },
        },
        { type: 'function_call_output', call_id: 'call_1', output: '<returncode>0</returncode>', extra: { returncode: 0 } },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Format error' }], extra: { interrupt_type: 'FormatError' } },
      ],
      trajectory_format: 'mini-swe-agent-1.1',
    };
    const r = parseTranscript(JSON.stringify(file, null, 2)).conversations[0];
    expect(r?.messages).toEqual([
      { role: 'user', content: 'Please solve this issue: tests fail' },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'Look first.' }, { type: 'tool_use', id: 'call_1', name: 'bash', input: { command: 'ls' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '<returncode>0</returncode>' }] },
      { role: 'user', content: 'Format error' },
    ]);
    expect(r && readRecordedUsage(r)).toEqual([
      { messageIndex: 1, contextStart: 0, inputTokens: 200, cacheCreationInputTokens: 0, cacheReadInputTokens: 300, outputTokens: 40, reasoningOutputTokens: 25, model: 'gpt-5' },
    ]);
  });
});

describe('mini-SWE-agent export', () => {
  it('every message kept gives the file back byte for byte; pruned, the exit message goes with its message', () => {
    const text = fixture(FIXTURE);
    const c = parseTranscript(text).conversations[0];
    if (!c) throw new Error('no conversation');
    expect(serializeTranscript(c, c.messages).text).toBe(text);
    const out = serializeTranscript(c, [c.messages[0], c.messages[4]] as never).text;
    const back = JSON.parse(out) as { messages: { role: string }[]; info: unknown; trajectory_format: string };
    expect(back.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'exit']);
    expect(back.trajectory_format).toBe('mini-swe-agent-1.1');
    expect(out.startsWith(text.slice(0, text.indexOf('"messages"')))).toBe(true);
  });

  it('from another format: `{ messages, trajectory_format }` that reads back as mini-SWE-agent', () => {
    const c = parseTranscript(fixture('openhands-sdk-fncall-llm-message.json')).conversations[0];
    if (!c) throw new Error('no conversation');
    const back = parseTranscript(serializeTranscript(c, c.messages, 'mini-swe-agent').text);
    expect(back.format).toBe('mini-swe-agent');
    expect(back.conversations[0]?.messages).toEqual(c.messages);
  });
});

/**
 * A mini-SWE-agent run as it saves it: Chat messages with tool calls (parallel ones too), each reply's LiteLLM usage
 * in `extra`, FormatError messages between steps, `null` fields, the submitting call left without a tool message,
 * and the `exit` message; `json.dumps(indent=2)`.
 */
const run: fc.Arbitrary<GeneratedFile> = fc
  .record({
    steps: fc.array(fc.record({ calls: fc.integer({ min: 1, max: 3 }), text: fc.constantFrom('', 'Next I run the tests — carefully.'), formatError: fc.boolean(), nulls: fc.boolean() }), {
      minLength: 1,
      maxLength: 6,
    }),
    submitted: fc.boolean(),
  })
  .map(({ steps, submitted }) => {
    const messages: Record<string, unknown>[] = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: '<pr_description>Fix the bug</pr_description>' },
    ];
    let answered = 0;
    let unanswered = 0;
    let n = 0;
    steps.forEach((step, k) => {
      const ids = Array.from({ length: step.calls }, () => `toolu_${n++}`);
      const usage = { prompt_tokens: 100 * (k + 1), completion_tokens: 10, total_tokens: 100 * (k + 1) + 10, prompt_tokens_details: step.nulls ? null : { cached_tokens: 50 } };
      messages.push({
        content: step.text === '' && step.nulls ? null : step.text,
        role: 'assistant',
        tool_calls: ids.map((id) => ({ function: { arguments: '{"command": "ls"}', name: 'bash' }, id, type: 'function' })),
        function_call: null,
        extra: { actions: ids.map((id) => ({ command: 'ls', tool_call_id: id })), response: { id: `r${k}`, model: 'gpt-5-mini', usage }, cost: 0.001, timestamp: 1.5 },
      });
      if (k === steps.length - 1 && submitted) {
        unanswered += ids.length;
        messages.push({ role: 'exit', content: '', extra: { exit_status: 'Submitted', submission: '' } });
        return;
      }
      for (const id of ids) messages.push({ content: '<returncode>0</returncode>', extra: { raw_output: '', returncode: 0, exception_info: null }, tool_call_id: id, role: 'tool' });
      answered += ids.length;
      if (step.formatError) messages.push({ role: 'user', content: 'Please always provide EXACTLY ONE action.', extra: { interrupt_type: 'FormatError' } });
    });
    const file = { info: { model_stats: { instance_cost: 0.01, api_calls: steps.length }, config: { model: { model_name: 'openai/gpt-5-mini' } }, mini_version: '2.1.0', exit_status: 'Submitted', submission: '' }, messages, trajectory_format: 'mini-swe-agent-1.1' };
    return { text: pythonDumps(file, 2), answered, unanswered };
  });

describe('mini-SWE-agent trajectories (generated)', () => {
  it('parse, pair, prune under every strategy with no new API problem, and export back byte for byte', () => {
    checkFormatLaws(run, 'mini-swe-agent');
  });
});
