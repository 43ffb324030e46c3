import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkFormatLaws, type GeneratedFile } from '../../../../test/support/format-laws';
import { pythonDumps } from '../../../../test/support/python-json';

type Item = Record<string, unknown>;

/** One step of the agent: a reply with its calls and their results, or a thought/action reply and its observation. */
const step = fc.record({
  text: fc.constantFrom('', 'Let me look at the file.', 'Déjà vu: the “same” fix again.'),
  calls: fc.array(fc.record({ name: fc.constantFrom('bash', 'open', 'edit', 'submit'), args: fc.constantFrom('{}', '{"command": "ls"}', '{"path": "a.py"', '') }), {
    minLength: 0,
    maxLength: 3,
  }),
  thinking: fc.boolean(),
  listContent: fc.boolean(),
  namesCall: fc.boolean(),
  nulls: fc.boolean(),
});

/**
 * A SWE-agent trajectory with the oddities real ones have: ids reused across turns (a replayed demonstration),
 * demonstration items in the history, thought/action turns with no calls, results as text parts, tool messages that
 * name no call (paired by position), `null` where a field is empty, the last call (the submit) without a result,
 * written by Python's `json.dumps` (indent 2 or 4, non-ASCII escaped).
 */
const trajectory: fc.Arbitrary<GeneratedFile> = fc
  .record({
    steps: fc.array(step, { minLength: 1, maxLength: 6 }),
    demo: fc.boolean(),
    lastAnswered: fc.boolean(),
    indent: fc.constantFrom(2, 4),
    wrapper: fc.constantFrom('v1', 'v0', 'demo'),
  })
  .map(({ steps, demo, lastAnswered, indent, wrapper }) => {
    const history: Item[] = [{ role: 'system', content: 'SETTING: you are an autonomous programmer.', agent: 'main', message_type: 'system_prompt' }];
    if (demo) history.push({ role: 'user', content: 'Here is a demonstration:\n…', agent: 'main', message_type: 'demonstration', is_demo: true });
    history.push({ role: 'user', content: '<issue>a.py has a syntax error</issue>', agent: 'main', message_type: 'observation' });
    let answered = 0;
    let unanswered = 0;
    steps.forEach((s, k) => {
      const ids = s.calls.map((_, c) => `call_${(k + c) % 3}`);
      const last = k === steps.length - 1;
      const assistant: Item = { role: 'assistant', content: s.text, thought: s.text, action: s.calls[0]?.name ?? 'ls', agent: 'main', message_type: 'action' };
      if (s.calls.length > 0) assistant.tool_calls = s.calls.map((c, i) => ({ function: { arguments: c.args, name: c.name }, id: ids[i], type: 'function' }));
      else if (s.nulls) assistant.tool_calls = null;
      if (s.thinking) assistant.thinking_blocks = [{ type: 'thinking', thinking: 'Think first.', signature: 'EqQB' }];
      else if (s.nulls) assistant.thinking_blocks = null;
      history.push(assistant);
      if (s.calls.length === 0) {
        history.push({ role: 'user', content: 'a.py\n(Open file: n/a)\nbash-$', agent: 'main' });
        return;
      }
      if (last && !lastAnswered) {
        unanswered += ids.length;
        return;
      }
      ids.forEach((id) => {
        const output = `ran ${id}`;
        history.push({
          role: 'tool',
          content: s.listContent ? [{ type: 'text', text: output }] : output,
          agent: 'main',
          message_type: 'observation',
          tool_call_ids: s.namesCall ? [id] : s.nulls ? null : undefined,
        });
        answered++;
      });
    });
    const info = { exit_status: 'submitted', submission: 'diff', model_stats: { instance_cost: 0.5, tokens_sent: 1000, tokens_received: 20, api_calls: steps.length } };
    const file =
      wrapper === 'demo'
        ? { history }
        : wrapper === 'v0'
          ? { environment: 'swe_main', trajectory: [{ action: 'ls', observation: 'a.py', response: 'ls', state: '{}', thought: '' }], history, info: { ...info, model_stats: { total_cost: 9, ...info.model_stats } } }
          : { trajectory: [{ action: 'ls', observation: 'a.py', response: 'ls', thought: '', state: {}, query: [], execution_time: 1.0 }], history, info, replay_config: '{"agent": {"model": {"name": "gpt-4o"}}}', environment: 'main' };
    return { text: pythonDumps(file, indent), answered, unanswered };
  });

describe('SWE-agent trajectories (generated)', () => {
  it('parse, pair by position, prune under every strategy with no new API problem, and export back byte for byte', () => {
    checkFormatLaws(trajectory, 'swe-agent');
  });
});
