import { describe, expect, it } from 'vitest';
import { detailBlocks, toolInputText } from './detail-blocks';
import { firstLine, readToolOutput, rowFacts, searchableText, toolInputLine } from './preview';
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
    expect(toolInputLine({ n: 3 })).toBe('{"n":3}');
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

  it('counts every call and leads with the calls even when long text fills the preview', () => {
    const long = 'x'.repeat(600);
    const facts = rowFacts({
      role: 'assistant',
      content: [
        { type: 'text', text: long },
        { type: 'tool_use', id: 'a', name: 'Edit', input: { file_path: 'src/a.ts', old_string: 'x' } },
        { type: 'tool_use', id: 'b', name: 'Read', input: { file_path: 'src/b.ts' } },
        { type: 'tool_use', id: 'c', name: 'Bash', input: { command: 'ls' } },
      ],
    });
    expect(facts.callCount).toBe(3);
    expect(facts.flags & ROW_FLAG.toolUse).toBeTruthy();
    expect(facts.preview.startsWith('Edit(src/a.ts) · Read(src/b.ts) · Bash(ls) · xxx')).toBe(true);
    expect(facts.preview.length).toBeLessThanOrEqual(240);
  });

  it('Codex shell calls: the command, not the workdir; argv joined without the shell wrapper', () => {
    expect(toolInputLine({ command: ['bash', '-lc', 'rg "TeamSheet"'], workdir: '/Users/me/repo' })).toBe('rg "TeamSheet"');
    expect(toolInputLine({ command: ['git', 'status'], workdir: '/x' })).toBe('git status');
    expect(toolInputLine({ workdir: '/x', timeout_ms: 3, label: 'go' })).toBe('go');
    expect(toolInputLine('{"cmd":"npm test","workdir":"/x"}')).toBe('npm test');
  });

  it('Codex outputs: unwrap {"output"}, infer errors from exit codes, conservatively', () => {
    expect(readToolOutput({ content: '{"output":"ok\\nmore","metadata":{"exit_code":0}}' })).toEqual({ text: 'ok\nmore', failed: false });
    expect(readToolOutput({ content: '{"output":"boom","metadata":{"exit_code":1}}' }).failed).toBe(true);
    expect(readToolOutput({ content: 'failed in sandbox with execution error: exit code: 2, stdout: ' }).failed).toBe(true);
    expect(readToolOutput({ content: 'Process exited with exit code: 0' }).failed).toBe(false);
    expect(readToolOutput({ content: 'the test failed yesterday' }).failed).toBe(false);
    const facts = rowFacts({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: '{"output":"nope","metadata":{"exit_code":2}}' }] });
    expect(facts.preview).toBe('→ nope');
    expect(facts.flags & ROW_FLAG.error).toBeTruthy();
    const fine = rowFacts({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', is_error: false, content: 'failed: 0 tests' }] });
    expect(fine.flags & ROW_FLAG.error).toBeFalsy();
  });

  it('detail: tool inputs keep real line breaks', () => {
    expect(toolInputText({ command: 'a\nb', n: 2 })).toBe('command:\n  a\n  b\nn: 2');
    const [block] = detailBlocks({ role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'Write', input: { content: 'l1\nl2' } }] });
    expect(block?.text).toBe('content:\n  l1\n  l2');
  });
});
