import fc from 'fast-check';
import type { Message } from '../../src/core/types';

const word = fc.constantFrom('fix', 'parser', 'build', 'cache', 'token', 'retry', 'schema', 'deploy');
const request = fc.array(word, { minLength: 2, maxLength: 6 }).map((words) => words.join(' '));
const path = fc.constantFrom('/repo/src/a.ts', '/repo/src/b_util.ts', '/repo/README.md', '/repo/test/c.test.ts');
const identifier = fc.constantFrom('parse_header_v2', 'CacheEntry.fromJson', 'build/output.js', 'retryAfterMs');

/**
 * Agent transcripts with something of every probe family in them: requests a person types, files read and edited,
 * shell commands that fail, todo lists, results whose identifiers a later message writes again. Valid (every call
 * answered right after), so every strategy can plan them.
 */
export const probeTranscript = (maxSteps = 12): fc.Arbitrary<Message[]> =>
  fc
    .tuple(
      request,
      fc.array(
        fc.oneof(
          request.map((text) => ({ kind: 'request' as const, text })),
          fc.record({ kind: fc.constant('read' as const), path, echo: identifier }),
          fc.record({ kind: fc.constant('edit' as const), path }),
          fc.record({ kind: fc.constant('fail' as const), code: fc.integer({ min: 1, max: 3 }) }),
          fc.record({ kind: fc.constant('todo' as const), items: fc.array(request, { minLength: 1, maxLength: 3 }) }),
          fc.record({ kind: fc.constant('refer' as const), to: identifier }),
        ),
        { maxLength: maxSteps },
      ),
    )
    .map(([task, steps]) => {
      const messages: Message[] = [{ role: 'user', content: task }];
      steps.forEach((step, k) => {
        const id = `call_${k}`;
        const call = (name: string, input: unknown, result: string, isError = false) => {
          messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
          messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result, ...(isError ? { is_error: true } : {}) }] });
          messages.push({ role: 'assistant', content: 'Noted.' });
        };
        if (step.kind === 'request') {
          messages.push({ role: 'user', content: step.text }, { role: 'assistant', content: 'On it.' });
        } else if (step.kind === 'read') call('Read', { file_path: step.path }, `export const value = "${step.echo}";`);
        else if (step.kind === 'edit') call('Edit', { file_path: step.path, old_string: 'a', new_string: 'b' }, 'ok');
        else if (step.kind === 'fail') call('Bash', { command: 'npm test' }, `Error: test ${step.code} failed`, true);
        else if (step.kind === 'todo') call('TodoWrite', { todos: step.items.map((content) => ({ content, status: 'pending' })) }, 'ok');
        else messages.push({ role: 'assistant', content: `Using ${step.to} from before.` }, { role: 'user', content: 'go on' });
      });
      if (messages[messages.length - 1]?.role === 'user') messages.push({ role: 'assistant', content: 'Done.' });
      return messages;
    });
