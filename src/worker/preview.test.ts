import { describe, expect, it } from 'vitest';
import { firstLine, rowFacts, searchableText, summarizeToolInput } from './preview';
import { ROW_FLAG } from './protocol';

describe('previews', () => {
  it('tool_use: name and a summary of its input', () => {
    const facts = rowFacts({ role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'Bash', input: { command: 'ls -la\nmore', description: 'list' } }] });
    expect(facts.preview).toBe('Bash(ls -la)');
    expect(facts.flags & ROW_FLAG.toolUse).toBeTruthy();
    expect(facts.callCount).toBe(1);
  });

  it('tool_result: first line, error flag', () => {
    const facts = rowFacts({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'x', is_error: true, content: [{ type: 'text', text: '\n\n  Error: boom\nstack' }] }],
    });
    expect(facts.preview).toBe('→ Error: boom');
    expect(facts.flags & ROW_FLAG.error).toBeTruthy();
  });

  it('caps long lines and collapses whitespace', () => {
    expect(firstLine('a'.repeat(1000), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(firstLine('  a \t b  ')).toBe('a b');
    expect(summarizeToolInput({ n: 3 })).toBe('{"n":3}');
  });

  it('searchable text holds tool names, inputs and results, lower-cased', () => {
    const text = searchableText({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Hello' },
        { type: 'tool_use', id: 'x', name: 'Grep', input: { pattern: 'TODO' } },
      ],
    });
    expect(text).toContain('hello');
    expect(text).toContain('grep');
    expect(text).toContain('todo');
  });
});
