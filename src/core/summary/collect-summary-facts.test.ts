import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { collectSummaryFacts } from './collect-summary-facts';
import { summaryItemText } from './summary-item-text';
import type { SummaryItem } from './types';

const LIMITS = { maxRequestChars: 300, maxTaskChars: 1000 };
const bash = (id: string, command: string) => ({ type: 'tool_use' as const, id, name: 'Bash', input: { command } });
const read = (id: string, path: string) => ({ type: 'tool_use' as const, id, name: 'Read', input: { file_path: path } });
const result = (id: string, content: string, isError = false) => ({
  type: 'tool_result' as const,
  tool_use_id: id,
  content,
  ...(isError ? { is_error: true } : {}),
});
const text = (items: readonly SummaryItem[]) => items.map(summaryItemText);

/** Which call a result answers, kept the plain way: a map by id, a later call replacing an earlier one. */
function naiveCommands(messages: readonly Message[]): string[] {
  const calls = new Map<string, string>();
  const commands: string[] = [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as { type: string; id?: string; tool_use_id?: string; input?: { command: string }; content?: string }[]) {
      if (block.type === 'tool_use') calls.set(block.id as string, block.input?.command as string);
      else if (block.type === 'tool_result') {
        const command = calls.get(block.tool_use_id as string);
        calls.delete(block.tool_use_id as string);
        if (command !== undefined) commands.push(`\`${command}\` → exit ${block.content?.slice(10) ?? ''}`);
      }
    }
  }
  return commands;
}

describe('collectSummaryFacts', () => {
  it('pairs a result with the latest pending call of its id, as a map would, past 64 pending calls too', () => {
    const calls = Array.from({ length: 70 }, (_, k) => bash(`c${k}`, `echo ${k}`));
    const messages: Message[] = [
      { role: 'user', content: 'run them all' },
      { role: 'assistant', content: calls },
      { role: 'user', content: [...calls].reverse().map((call, k) => result(call.id, `Exit code ${k % 3}`)) },
      { role: 'assistant', content: [bash('x', 'echo a'), bash('x', 'echo b')] },
      { role: 'user', content: [result('x', 'Exit code 0'), result('x', 'Exit code 5')] },
    ];
    const facts = collectSummaryFacts(messages, LIMITS);
    expect(text(facts.lists.commands)).toEqual(naiveCommands(messages));
    expect(facts.lists.commands).toHaveLength(71);
    expect(text(facts.lists.commands).at(-1)).toBe('`echo b` → exit 0');
  });

  it('labels a failed result with its tool, however far back the call was', () => {
    const messages: Message[] = [
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: [read('r', '/a.ts'), ...Array.from({ length: 80 }, (_, k) => bash(`b${k}`, `true ${k}`))] },
      { role: 'user', content: [result('r', 'Error: no such file', true)] },
    ];
    expect(text(collectSummaryFacts(messages, LIMITS).lists.errors)).toEqual(['Read: Error: no such file']);
  });

  it('agrees with a map for any order of calls and results over a few reused ids', () => {
    const step = fc.oneof(
      fc.record({ call: fc.constantFrom('a', 'b', 'c', 'd'), command: fc.nat(99) }),
      fc.record({ answer: fc.constantFrom('a', 'b', 'c', 'd'), code: fc.nat(3) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const messages: Message[] = [{ role: 'user', content: 'go' }];
        for (const s of steps) {
          messages.push(
            'call' in s
              ? { role: 'assistant', content: [bash(s.call, `echo ${s.command}`)] }
              : { role: 'user', content: [result(s.answer, `Exit code ${s.code}`)] },
          );
        }
        expect(text(collectSummaryFacts(messages, LIMITS).lists.commands)).toEqual(naiveCommands(messages));
      }),
      { numRuns: 300 },
    );
  });
});
