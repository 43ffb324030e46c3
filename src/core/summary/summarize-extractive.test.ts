import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../types';
import { summarizeExtractive } from './summarize-extractive';
import { createExtractiveSummarizer } from './create-extractive-summarizer';
import { SUMMARY_SECTIONS, TASK_HEADING } from './summary-layout';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';
import type { ConversationTurn } from '../context-pruner/types';
import { agentTranscript } from '../../../test/support/agent-transcript-arbitrary';
import { charsCounter } from '../../../test/support/build-turns';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};
const use = (id: string, name: string, input: unknown): ContentBlock => ({ type: 'tool_use', id, name, input });
const result = (id: string, content: string, isError = false): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...(isError ? { is_error: true } : {}),
});
const call = (id: string, name: string, input: unknown, output: string, isError = false): Message[] => [
  { role: 'assistant', content: [use(id, name, input)] },
  { role: 'user', content: [result(id, output, isError)] },
];

/** A Claude Code-like session touching every section. */
const session: Message[] = [
  { role: 'user', content: 'Make the CSV importer skip blank lines' },
  ...call('r1', 'Read', { file_path: 'src/importer.ts' }, 'export function importCsv() { throw new Error("x") }'),
  ...call('b1', 'Bash', { command: 'npm test -- importer' }, 'Exit code 1\nFAIL src/importer.test.ts\n  ● skips blank lines', true),
  ...call('e1', 'Edit', { file_path: 'src/importer.ts', old_string: 'a', new_string: 'b' }, 'ok'),
  ...call('t1', 'TodoWrite', { todos: [{ content: 'Fix importer', status: 'in_progress' }, { content: 'Add test', status: 'pending' }] }, 'ok'),
  { role: 'user', content: 'Also handle a trailing comma' },
  ...call('b2', 'Bash', { command: 'npm test -- importer' }, 'PASS src/importer.test.ts'),
  ...call('t2', 'TodoWrite', { todos: [{ content: 'Fix importer', status: 'completed' }, { content: 'Add test', status: 'completed' }] }, 'ok'),
];

describe('summarizeExtractive', () => {
  it('keeps the task, later requests, files changed and read, commands with exit codes, errors and the last todo state', () => {
    expect(summarizeExtractive(session)).toBe(
      [
        'Turns summarized: 14',
        '',
        TASK_HEADING,
        'Make the CSV importer skip blank lines',
        '',
        '## User requests',
        '- Also handle a trailing comma',
        '',
        '## Files changed',
        '- src/importer.ts',
        '',
        '## Commands',
        '- `npm test -- importer` → exit 1',
        '- `npm test -- importer`',
        '',
        '## Errors',
        '- `npm test -- importer`: FAIL src/importer.test.ts',
        '',
        '## Todo list (last state)',
        '- [x] Fix importer',
        '- [x] Add test',
      ].join('\n'),
    );
  });

  it('shows taskContext under the task as Focus, and never carries it into the next summary', () => {
    const first = summarizeExtractive(session, 'only the importer');
    expect(first).toContain(`${TASK_HEADING}\nMake the CSV importer skip blank lines\nFocus: only the importer`);
    const next = summarizeExtractive([{ role: 'user', content: `${CONTEXT_SUMMARY_MARKER}\n${first}` }]);
    expect(next).not.toContain('Focus:');
  });

  it('merges an earlier summary instead of nesting it: its items first, counts added, one layout', () => {
    const earlier = summarizeExtractive(session);
    const later: Message[] = [
      { role: 'user', content: `${CONTEXT_SUMMARY_MARKER}\n${earlier}` },
      { role: 'user', content: 'Now add a --strict flag' },
      ...call('b3', 'Bash', { command: 'npm run lint' }, 'Exit code 2\nsrc/cli.ts:3:1: error: unused import', true),
      ...call('e2', 'Write', { file_path: 'src/cli.ts', content: '…' }, 'ok'),
    ];
    const merged = summarizeExtractive(later);
    expect(merged).not.toContain(CONTEXT_SUMMARY_MARKER);
    expect(merged.match(/^Turns summarized:/gm)).toHaveLength(1);
    expect(merged.startsWith('Turns summarized: 19\n')).toBe(true);
    expect(merged).toContain(`${TASK_HEADING}\nMake the CSV importer skip blank lines`);
    expect(merged).toContain('## User requests\n- Also handle a trailing comma\n- Now add a --strict flag');
    expect(merged).toContain('## Files changed\n- src/importer.ts\n- src/cli.ts');
    expect(merged).toContain('- `npm run lint`: src/cli.ts:3:1: error: unused import');
    for (const { heading } of SUMMARY_SECTIONS) expect(merged.split(heading).length).toBeLessThanOrEqual(2);
  });

  it('carries a summary in another layout (another summarizer) as notes, one line each', () => {
    const foreign: Message[] = [{ role: 'user', content: `${CONTEXT_SUMMARY_MARKER}\nThe user wants X.\nWe tried Y; it failed.` }];
    expect(summarizeExtractive(foreign)).toBe('Turns summarized: 0\n\n## Earlier notes\n- The user wants X.\n- We tried Y; it failed.');
  });

  it('fits its budget by dropping the oldest items of the largest section first, and says how many it left out', () => {
    const many: Message[] = [{ role: 'user', content: 'the task' }];
    for (let i = 0; i < 200; i++) many.push(...call(`c${i}`, 'Bash', { command: `step ${String(i).padStart(3, '0')}` }, 'ok'));
    many.push(...call('e', 'Edit', { file_path: 'a.ts' }, 'ok'));
    const text = summarizeExtractive(many, '', { maxTokens: 120, counter: charsCounter });
    expect(charsCounter.count(text)).toBeLessThanOrEqual(120);
    const kept = [...text.matchAll(/`step (\d+)`/g)].map((m) => Number(m[1]));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.at(-1)).toBe(199);
    expect(kept).toEqual(kept.map((_, k) => 200 - kept.length + k));
    expect(text).toContain(`(${200 - kept.length} earlier left out)`);
    expect(text).toContain('## Files changed\n- a.ts');
    expect(text).toContain('the task');
  });

  it('deduplicates paths and commands, most recent last, and lists a file read then changed once, as changed', () => {
    const turns: Message[] = [
      ...call('a', 'Read', { file_path: 'x.ts' }, '…'),
      ...call('b', 'Read', { file_path: 'y.ts' }, '…'),
      ...call('c', 'Edit', { file_path: 'x.ts' }, 'ok'),
      ...call('d', 'Read', { file_path: 'z.ts' }, '…'),
      ...call('e', 'Read', { file_path: 'y.ts' }, '…'),
      ...call('f', 'Bash', { command: 'make' }, 'Exit code 2\nboom', true),
      ...call('g', 'Bash', { command: 'make test' }, 'ok'),
      ...call('h', 'Bash', { command: 'make' }, 'Exit code 2\nboom', true),
    ];
    const text = summarizeExtractive(turns);
    expect(text).toContain('## Files changed\n- x.ts\n\n## Files read\n- z.ts\n- y.ts');
    expect(text).toContain('## Commands\n- `make test`\n- `make` → exit 2\n\n## Errors\n- `make`: boom');
  });

  it('reads Codex rollouts: argv shell calls, JSON exit codes, apply_patch and update_plan', () => {
    const turns: Message[] = [
      { role: 'user', content: '<environment_context>\n<cwd>/r</cwd>\n</environment_context>' },
      { role: 'user', content: '# Context from my IDE setup:\n\n## My request for Codex:\nSpeed up the team sheet\n' },
      ...call('s1', 'shell', { command: ['bash', '-lc', "sed -n '1,200p' src/sheet.tsx"] }, '{"output":"…","metadata":{"exit_code":0}}'),
      ...call('s2', 'shell', { command: ['bash', '-lc', 'pnpm check-types'] }, '{"output":"a.ts(1,2): error TS2345: bad","metadata":{"exit_code":2}}'),
      ...call('p1', 'apply_patch', '*** Begin Patch\n*** Update File: src/sheet.tsx\n@@\n-a\n+b\n*** End Patch', 'Success.'),
      ...call('u1', 'update_plan', { plan: [{ step: 'Fetch one team', status: 'in_progress' }] }, 'Plan updated'),
    ];
    const text = summarizeExtractive(turns);
    expect(text).toContain(`${TASK_HEADING}\nSpeed up the team sheet`);
    expect(text).toContain('## Files changed\n- src/sheet.tsx');
    expect(text).toContain("- `sed -n '1,200p' src/sheet.tsx` → exit 0\n- `pnpm check-types` → exit 2");
    expect(text).toContain('- `pnpm check-types`: a.ts(1,2): error TS2345: bad');
    expect(text).toContain('## Todo list (last state)\n- [~] Fetch one team');
  });

  it('never exceeds maxTokens, is deterministic and does not touch its input (300 generated transcripts)', () => {
    fc.assert(
      fc.property(agentTranscript(), fc.integer({ min: 16, max: 400 }), fc.string({ maxLength: 30 }), (turns, maxTokens, context) => {
        const before = structuredClone(turns);
        const text = summarizeExtractive(turns, context, { maxTokens, counter: charsCounter });
        expect(charsCounter.count(text)).toBeLessThanOrEqual(maxTokens);
        expect(summarizeExtractive(turns, context, { maxTokens, counter: charsCounter })).toBe(text);
        expect(turns).toEqual(before);
      }),
      { numRuns: 300, ...replay },
    );
  });

  it('stays bounded and one level deep when its output is fed back in, ten times over', () => {
    let summary: string | undefined;
    for (let round = 0; round < 10; round++) {
      const turns: Message[] = summary === undefined ? [] : [{ role: 'user', content: `${CONTEXT_SUMMARY_MARKER}\n${summary}` }];
      turns.push({ role: 'user', content: `request ${round}` });
      for (let i = 0; i < 30; i++) turns.push(...call(`r${round}-${i}`, 'Bash', { command: `make r${round} step${i}` }, 'Exit code 1\nboom', true));
      summary = summarizeExtractive(turns, '', { maxTokens: 500, counter: charsCounter });
      expect(charsCounter.count(summary)).toBeLessThanOrEqual(500);
    }
    expect(summary).toContain(`${TASK_HEADING}\nrequest 0`);
    expect(summary).toContain('- request 9');
    expect(summary).toMatch(/^Turns summarized: 610$/m);
    expect(summary?.match(/^## Commands$/gm)).toHaveLength(1);
    // Every command ever run is either listed or counted as left out.
    const listed = summary?.split('## Commands\n')[1]?.split('\n\n')[0] ?? '';
    const left = Number(/^\((\d+) earlier left out\)/.exec(listed)?.[1] ?? 0);
    expect(left + (listed.match(/^- /gm)?.length ?? 0)).toBe(300);
  });

  it('rejects options out of range', () => {
    expect(() => summarizeExtractive([], '', { maxTokens: 8 })).toThrow(/maxTokens must be an integer ≥ 16, got 8/);
    expect(() => createExtractiveSummarizer({ maxRequestChars: 2.5 })).toThrow(RangeError);
    expect(() => createExtractiveSummarizer({ counter: {} as never })).toThrow(TypeError);
  });
});

describe('createExtractiveSummarizer', () => {
  it('implements Summarizer; summarize and summarizeSync agree; an aborted signal rejects', async () => {
    const summarizer = createExtractiveSummarizer({ maxTokens: 300 });
    const turns = session.map((m, i): ConversationTurn => ({ id: `${i}`, role: m.role, content: m.content, timestamp: 0, pinned: false, tokenEstimate: 1 }));
    expect(await summarizer.summarize(turns, 'ctx')).toBe(summarizer.summarizeSync(turns, 'ctx'));
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(summarizer.summarize(turns, '', { signal: controller.signal })).rejects.toThrow('stop');
  });
});
