import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../types';
import type { SummaryFacts, SummaryFactsView, SummaryItem, SummaryListView } from './types';
import { collectSummaryFacts } from './collect-summary-facts';
import { createSummaryFold } from './create-summary-fold';
import { renderSummary, type RenderMemo } from './render-summary';
import { summarizeExtractive } from './summarize-extractive';
import { summaryItemText } from './summary-item-text';
import { charsTokenCounter } from '../tokens/chars-token-counter';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};
const LIMITS = { maxRequestChars: 40, maxTaskChars: 60 };

/**
 * Transcripts that touch a few files many ways (so paths are read, changed, read again and moved to the end), run
 * commands that fail, trace or pass, write todo lists, and carry an earlier summary of their own making.
 */
const path = fc.constantFrom('a.ts', 'src/b.ts', 'c.md', '/repo/d.json');
const callOf = fc.oneof(
  path.map((p) => ({ name: 'Read', input: { file_path: p } })),
  path.map((p) => ({ name: 'Edit', input: { file_path: p, old_string: 'x', new_string: 'y' } })),
  path.map((p) => ({ name: 'Write', input: { file_path: p, content: 'z' } })),
  path.map((p) => ({ name: 'Bash', input: { command: `cat ${p}` } })),
  path.map((p) => ({ name: 'Bash', input: { command: `sed -i 's/a/b/' ${p}` } })),
  fc.tuple(path, path).map(([p, q]) => ({ name: 'apply_patch', input: `*** Begin Patch\n*** Update File: ${p}\n*** Add File: ${q}\n*** End Patch` })),
  fc.constantFrom('npm test', 'make', 'ls').map((c) => ({ name: 'Bash', input: { command: c } })),
  fc.constantFrom('done', 'doing').map((s) => ({ name: 'TodoWrite', input: { todos: [{ content: `step ${s}`, status: s === 'done' ? 'completed' : 'in_progress' }] } })),
);
const output = fc.constantFrom('ok', 'Exit code 1\nFAIL a.test.ts', 'Exit code 0', 'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: bad', '');
const round = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('fix the build', 'also the docs', 'why does it fail?').map((t): Message[] => [{ role: 'user', content: t }]) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.record({ call: callOf, output, isError: fc.boolean(), answered: fc.boolean() }), { minLength: 1, maxLength: 3 })
      .map((calls): Message[] => {
        const ids = calls.map((_, k) => `c${k}`);
        const uses: ContentBlock[] = calls.map(({ call }, k) => ({ type: 'tool_use', id: ids[k] as string, name: call.name, input: call.input }));
        const results: ContentBlock[] = calls.flatMap((c, k): ContentBlock[] =>
          c.answered ? [{ type: 'tool_result', tool_use_id: ids[k] as string, content: c.output, ...(c.isError ? { is_error: true } : {}) }] : [],
        );
        return results.length > 0 ? [{ role: 'assistant', content: uses }, { role: 'user', content: results }] : [{ role: 'assistant', content: uses }];
      }),
  },
);
const transcript = fc
  .tuple(fc.array(round, { maxLength: 12 }), fc.array(round, { maxLength: 12 }), fc.integer({ min: 16, max: 120 }), fc.boolean())
  .map(([earlier, later, earlierTokens, withSummary]): Message[] => {
    const head = earlier.flat();
    const summary: Message[] = withSummary && head.length > 0 ? [{ role: 'user', content: summarizeExtractive(head, '', { ...LIMITS, maxTokens: earlierTokens }) }] : head;
    return [...summary, ...later.flat()];
  });

const written = (items: readonly SummaryItem[]) => items.map(summaryItemText);
const oldestFirst = (list: SummaryListView): string[] => {
  const paths: string[] = [];
  list.eachNewest((item) => paths.push(item as string) > 0);
  return paths.reverse();
};
/** The fold's view as plain facts, its file lists written out oldest first. */
function factsOfView(view: SummaryFactsView): SummaryFacts {
  const { filesChanged, filesRead, ...rest } = view.lists;
  expect(filesChanged.length).toBe(oldestFirst(filesChanged).length);
  expect(filesRead.length).toBe(oldestFirst(filesRead).length);
  return { ...view, lists: { ...rest, filesChanged: oldestFirst(filesChanged), filesRead: oldestFirst(filesRead) } };
}
const comparable = (facts: SummaryFacts) => ({
  ...facts,
  lists: Object.fromEntries(Object.entries(facts.lists).map(([key, items]) => [key, written(items)])),
});

describe('collectSummaryFacts and createSummaryFold', () => {
  it('the fold, resumed turn by turn, holds after each turn the facts one pass collects, and renders the same summary', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 16, max: 300 }), (messages, maxTokens) => {
        const fold = createSummaryFold(LIMITS);
        const budget = { maxTokens, counter: charsTokenCounter, ...LIMITS };
        // A replay's render: what it wrote for the turns before resumed (file views that only took new paths appended to).
        const memo: RenderMemo = { lines: {}, shown: {}, omitted: new Map() };
        for (let end = 1; end <= messages.length; end++) {
          fold.add(messages[end - 1] as Message);
          const once = collectSummaryFacts(messages.slice(0, end), LIMITS);
          expect(comparable(factsOfView(fold.view()))).toEqual(comparable(once));
          const expected = renderSummary(once, 'focus', budget);
          expect(renderSummary(fold.view(), 'focus', budget)).toBe(expected);
          expect(renderSummary(fold.view(), 'focus', budget, memo)).toBe(expected);
        }
        expect(fold.read).toBe(messages.length);
      }),
      { numRuns: 100, ...replay },
    );
  });
});
