import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { groupMessages } from '../links/group-messages';
import { buildContextUnits } from './build-context-units';
import { classifyUnits } from './classify-units';
import { findUserPrompts } from '../text/find-user-prompts';
import { toolCallKind } from './tool-call-kind';
import { findErrorSignal } from './find-error-signal';
import { UNIT_TYPES } from './constants';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { assistant, toolResult, toolUse, user } from '../../../test/support/build-messages';

function classify(messages: Message[]) {
  const units = buildContextUnits(groupMessages(messages));
  const result = classifyUnits(messages, units, findUserPrompts(messages));
  return { units, ...result, types: Array.from(result.primaryType, (t) => UNIT_TYPES[t]) };
}

describe('toolCallKind', () => {
  it.each([
    ['Read', { file_path: '/repo/src/a.ts' }, 'file', 'Read tool result'],
    ['Read', { file_path: '/repo/README.md' }, 'documentation', 'Read of README.md'],
    ['Read', { file_path: '/repo/examples/basic.ts' }, 'example', 'Read of basic.ts'],
    ['Edit', { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b' }, 'diff', 'Edit tool input'],
    ['str_replace_editor', { command: 'view', path: '/a.py' }, 'file', 'str_replace_editor tool result'],
    ['str_replace_editor', { command: 'create', path: '/a.py' }, 'diff', 'str_replace_editor create'],
    ['Grep', { pattern: 'x' }, 'search_result', 'Grep tool result'],
    ['search_direct_flight', { origin: 'JFK' }, 'search_result', 'search_direct_flight tool result'],
    ['TodoWrite', { todos: [] }, 'requirement', 'TodoWrite plan'],
    ['AskUserQuestion', { questions: [] }, 'requirement', "AskUserQuestion: the user's answer"],
    ['WebFetch', { url: 'https://x' }, 'documentation', 'WebFetch tool result'],
    ['mcp__context7__get-library-docs', {}, 'documentation', 'mcp__context7__get-library-docs tool result'],
    ['Bash', { command: 'cd repo && rg "foo" src' }, 'search_result', 'shell: rg'],
    ['Bash', { command: 'pwd && ls -la' }, 'search_result', 'shell: ls'],
    ['Bash', { command: "sed -n '1,200p' src/a.ts" }, 'file', 'shell: sed -n'],
    ['Bash', { command: 'cat docs/guide.md' }, 'documentation', 'shell: cat guide.md'],
    ['Bash', { command: 'git diff HEAD -- a.ts' }, 'diff', 'shell: git diff'],
    ['shell', { command: ['bash', '-lc', "apply_patch <<'PATCH'\n*** Begin Patch"] }, 'diff', 'shell: apply_patch'],
    ['Bash', { command: 'bd show spotter-dov' }, 'requirement', 'shell: bd show (issue)'],
  ])('%s %j → %s', (name, input, type, evidence) => {
    expect(toolCallKind(name, input)).toMatchObject({ type, evidence });
  });

  it('leaves to content what it cannot tell', () => {
    expect(toolCallKind('Bash', { command: 'mix test' })).toBeUndefined();
    expect(toolCallKind('get_user_details', { user_id: 'x' })).toBeUndefined();
    expect(toolCallKind('Bash', 42)).toBeUndefined();
  });
});

describe('findErrorSignal', () => {
  it.each([
    ['Traceback (most recent call last):\n  File "a.py", line 1', 'Traceback'],
    ['Exit code 1\nThe following paths are ignored', 'exit code 1'],
    ['{"output":"","metadata":{"exit_code":2,"duration_seconds":0.1}}', 'exit code 2'],
    ["TypeError: Cannot read properties of undefined (reading 'map')", 'TypeError'],
    ['Error: payment amount does not add up', 'Error'],
    ['error[E0382]: borrow of moved value', 'error:'],
    ['Tests: 3 failed, 10 passed', '3 failed'],
    ["Ran into [Errno 2] No such file or directory: '/workspace/hello.py'", '[Errno 2]'],
    ['patch rejected by user', 'rejected'],
  ])('%j → %s', (text, label) => {
    expect(findErrorSignal(text)).toBe(label);
  });

  it('sees no failure in a success', () => {
    expect(findErrorSignal('14 doctests, 410 tests, 0 failures')).toBeUndefined();
    expect(findErrorSignal('{"output":"ok","metadata":{"exit_code":0}}')).toBeUndefined();
    expect(findErrorSignal('[The command completed with exit code 0.]')).toBeUndefined();
  });

  it('reads only both ends of a long output', () => {
    const middle = `${'ok\n'.repeat(1000)}TypeError: in the middle\n${'ok\n'.repeat(1000)}`;
    expect(findErrorSignal(middle)).toBeUndefined();
    expect(findErrorSignal(`${'ok\n'.repeat(2000)}FAILED`)).toBe('FAILED');
  });

  it("scope 'tool-failure' ignores what a file holds but not the call failing", () => {
    expect(findErrorSignal('class ParseError(Exception):\nTypeError: x', 'tool-failure')).toBeUndefined();
    expect(findErrorSignal('Invalid `path` parameter: hello.py.', 'tool-failure')).toBe('invalid parameter');
  });
});

describe('classifyUnits', () => {
  it('types a unit by every part, shows it by precedence, and keeps the evidence', () => {
    const { types, evidence, typeMask } = classify([
      user('implement the parser; do not touch the tests'),
      { role: 'assistant', content: [toolUse('r1', 'Read', { file_path: '/a.ts' }), toolUse('b1', 'Bash', { command: 'npm test' })] },
      { role: 'user', content: [toolResult('r1', '1→export const a = 1'), toolResult('b1', 'FAIL src/a.test.ts\n1 failed', true)] },
      assistant('Here is the fix:\n```ts\nexport const a = 2;\n```'),
      user('thanks'),
    ]);
    expect(types).toEqual(['requirement', 'error', 'snippet', 'message']);
    expect(evidence[0]).toEqual(['the task (first user prompt)']);
    expect(evidence[1]).toEqual(['is_error', 'Read tool result', 'Bash tool result']);
    expect(typeMask[1]).toBe((1 << UNIT_TYPES.indexOf('error')) | (1 << UNIT_TYPES.indexOf('file')) | (1 << UNIT_TYPES.indexOf('tool_result')));
    expect(evidence[2]).toEqual(['```ts block', 'assistant text']);
    expect(evidence[3]).toEqual(['user acknowledgement']);
  });

  it("adds no message type for narration beside a tool call, and no plan for one narrated there", () => {
    const { types, evidence } = classify([
      user('go'),
      { role: 'assistant', content: [{ type: 'text', text: "I'll do it in steps:\n1. a\n2. b\n3. c" }, toolUse('e1', 'Edit', { file_path: '/a.ts' })] },
      { role: 'user', content: [toolResult('e1', 'updated')] },
      assistant("Plan, I'll:\n1. read\n2. edit\n3. test"),
    ]);
    expect(types.slice(1)).toEqual(['diff', 'requirement']);
    expect(evidence[1]).toEqual(['Edit tool input']);
    expect(evidence[2]).toEqual(['plan (3 steps)', 'assistant text']);
  });

  it('tells instructions and constraints from acknowledgements, questions and statements', () => {
    const { evidence } = classify([
      user('task'),
      user('can you also add a flag?'),
      user("don't touch the lockfile"),
      user('why is it slow?'),
      user("I don't remember the id"),
      user('ok go ahead'),
    ]);
    expect(evidence.slice(1).map((e) => e[0])).toEqual([
      'user instruction',
      'user constraint "don\'t"',
      'user question',
      'user statement',
      'user acknowledgement',
    ]);
  });

  it('holds for any transcript: one type per unit that its mask has, evidence, determinism, no mutation', () => {
    fc.assert(
      fc.property(agentTranscript(), (messages) => {
        const before = structuredClone(messages);
        const a = classify(messages);
        expect(messages).toEqual(before);
        expect(classify(messages)).toEqual(a);
        for (let u = 0; u < a.units.count; u++) {
          expect(a.typeMask[u]! & (1 << a.primaryType[u]!)).not.toBe(0);
          expect(a.evidence[u]!.length).toBeGreaterThan(0);
          expect(a.evidence[u]!.length).toBeLessThanOrEqual(6);
        }
      }),
      { numRuns: 150 },
    );
  });
});
