import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkFormatLaws, type GeneratedFile } from '../../../../test/support/format-laws';
import { pythonDumps } from '../../../../test/support/python-json';

type Rec = Record<string, unknown>;

const turn = fc.record({
  calls: fc.integer({ min: 0, max: 3 }),
  anthropic: fc.boolean(),
  nullIds: fc.boolean(),
  error: fc.boolean(),
  invalid: fc.boolean(),
  text: fc.constantFrom('', 'Checking — one moment.', 'ok'),
  usage: fc.boolean(),
});

/**
 * LangChain messages as apps save them: `messages_to_dict` dumps (Python, one line), a LangGraph thread state of flat
 * messages (JSON.stringify), `lc` constructors; with the oddities of real ones: Anthropic calls written twice (a
 * `tool_use` block and a `tool_calls` entry), `null` call ids answered by `null` tool_call_ids in order, error
 * results, invalid calls no tool answered, ids reused across turns, and a pending last call.
 */
const file: fc.Arbitrary<GeneratedFile> = fc
  .record({ turns: fc.array(turn, { minLength: 1, maxLength: 5 }), shape: fc.constantFrom('dict', 'state', 'lc'), pending: fc.boolean() })
  .map(({ turns, shape, pending }) => {
    const records: Rec[] = [{ type: 'system', content: 'Be brief.' }, { type: 'human', content: 'What is 3*12?' }];
    let answered = 0;
    let unanswered = 0;
    turns.forEach((t, k) => {
      const ids = Array.from({ length: t.calls }, (_, c) => (t.nullIds ? null : `call_${k % 2}_${c}`));
      const calls = ids.map((id, c) => ({ name: `tool${c}`, args: { n: c }, id, type: 'tool_call' }));
      const content: unknown =
        t.anthropic && !t.nullIds && t.calls > 0
          ? [...(t.text === '' ? [] : [{ type: 'text', text: t.text }]), ...calls.map((c, i) => ({ type: 'tool_use', id: c.id, name: c.name, input: {}, index: i }))]
          : t.text;
      const invalid = t.invalid ? [{ name: 'broken', args: '{"n": ', id: `bad_${k}`, error: 'not JSON', type: 'invalid_tool_call' }] : [];
      records.push({
        type: 'ai',
        content,
        tool_calls: calls,
        invalid_tool_calls: invalid,
        usage_metadata: t.usage ? { input_tokens: 100 + k, output_tokens: 5, total_tokens: 105 + k, input_token_details: { cache_read: 50 } } : null,
        response_metadata: { model_name: 'gpt-4o-mini' },
      });
      unanswered += invalid.length;
      if (k === turns.length - 1 && pending) {
        unanswered += ids.length;
        return;
      }
      ids.forEach((id, c) => records.push({ type: 'tool', content: t.error ? 'Error: failed' : `result ${c}`, tool_call_id: id, status: t.error ? 'error' : 'success' }));
      answered += ids.length;
      if (t.calls === 0 || k % 2 === 1) records.push({ type: 'human', content: 'And then?' });
    });
    const full = (r: Rec): Rec => ({ additional_kwargs: {}, response_metadata: {}, name: null, id: null, ...r });
    const CLASSES: Record<string, string> = { system: 'SystemMessage', human: 'HumanMessage', ai: 'AIMessage', tool: 'ToolMessage' };
    const text =
      shape === 'dict'
        ? pythonDumps(records.map((r) => ({ type: r.type, data: full(r) })))
        : shape === 'state'
          ? JSON.stringify({ values: { messages: records.map(full) }, next: pending ? ['tools'] : [], tasks: [], metadata: { step: 3 } }, null, 2)
          : pythonDumps(records.map((r) => ({ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', CLASSES[r.type as string]], kwargs: r })), 2);
    return { text, answered, unanswered };
  });

describe('LangChain files (generated)', () => {
  it('parse, pair (null ids by position), prune under every strategy with no new API problem, and export back byte for byte', () => {
    checkFormatLaws(file, 'langchain');
  });
});
