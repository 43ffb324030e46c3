import fc from 'fast-check';
import type { ContentBlock, Message } from '../../src/core/types';

/**
 * Generated agent transcripts that the Anthropic validator accepts as they are: unique call ids, every call
 * answered at the start of the next turn, no empty text. Texts are made of words that set off the governor's
 * classifiers (errors, files, fences, constraints) and some outputs run to hundreds of lines, so that plans drop,
 * mask and summarize. For laws that need a clean input to stay clean.
 */
const word = fc.constantFrom(
  'fix', 'the', 'parser', 'team', 'stats', 'README.md', 'src/a.ts', 'export', 'test', 'error', 'flag', 'never', 'must',
  'TypeError:', '```ts', 'plan', 'review', 'diff', 'why', 'find', 'json', 'table', 'slow', 'done',
);
const sentence = fc.array(word, { minLength: 1, maxLength: 14 }).map((words) => words.join(' '));
const output = fc
  .tuple(fc.integer({ min: 10, max: 300 }), fc.constantFrom('done', '1 failed', 'Exit code 2', 'TypeError: x is undefined'))
  .map(([lines, last]) => [...Array.from({ length: lines }, (_, i) => `line ${i} of the output`), last].join('\n'));
const body = fc.oneof({ weight: 3, arbitrary: sentence }, { weight: 1, arbitrary: output });

const call = fc.constantFrom(
  { name: 'Read', input: { file_path: '/repo/src/parser.ts' } },
  { name: 'Bash', input: { command: 'npm test' } },
  { name: 'Edit', input: { file_path: '/repo/src/parser.ts', old_string: 'a', new_string: 'b' } },
  { name: 'Grep', input: { pattern: 'stats' } },
  { name: 'TodoWrite', input: { todos: [{ content: 'fix the parser' }] } },
);

const userText = sentence.map((text): Message[] => [{ role: 'user', content: text }]);
const assistantText = fc
  .tuple(body, fc.boolean())
  .map(([text, blocks]): Message[] => [{ role: 'assistant', content: blocks ? [{ type: 'text', text }] : text }]);

const toolRound = fc
  .record({
    calls: fc.array(call, { minLength: 1, maxLength: 3 }),
    preamble: fc.option(sentence, { nil: undefined }),
    results: fc.array(fc.tuple(body, fc.boolean()), { minLength: 3, maxLength: 3 }),
    separate: fc.boolean(),
    typedAfter: fc.option(sentence, { nil: undefined }),
  })
  .map((r): Message[] => {
    const uses: ContentBlock[] = r.calls.map((c) => ({ type: 'tool_use', id: 'ID', name: c.name, input: c.input }));
    const content: ContentBlock[] = r.preamble === undefined ? uses : [{ type: 'text', text: r.preamble }, ...uses];
    const results: ContentBlock[] = r.calls.map((_, k) => {
      const [text, isError] = r.results[k] as [string, boolean];
      return { type: 'tool_result', tool_use_id: 'ID', content: text, ...(isError ? { is_error: true } : {}) };
    });
    const typed: ContentBlock[] = r.typedAfter === undefined ? [] : [{ type: 'text', text: r.typedAfter }];
    const answers: Message[] = r.separate
      ? results.map((block, k) => ({ role: 'user', content: k === results.length - 1 ? [block, ...typed] : [block] }))
      : [{ role: 'user', content: [...results, ...typed] }];
    return [{ role: 'assistant', content }, ...answers];
  });

const serverTool = sentence.map((text): Message[] => [
  {
    role: 'assistant',
    content: [
      { type: 'server_tool_use', id: 'ID', name: 'web_search', input: { query: text } },
      { type: 'web_search_tool_result', tool_use_id: 'ID', content: [] },
      { type: 'text', text: 'found it' },
    ],
  },
]);

/** Call ids numbered in order: each `ID` placeholder of a call, then of its answer, gets the next free number. */
function numberIds(messages: Message[]): Message[] {
  let next = 0;
  const open: string[] = [];
  return messages.map((message) => {
    if (!Array.isArray(message.content)) return message;
    return {
      ...message,
      content: message.content.map((block) => {
        if (block.type === 'tool_use' || block.type === 'server_tool_use') {
          const id = `toolu_${next++}`;
          open.push(id);
          return { ...block, id };
        }
        if (block.type === 'tool_result' || block.type === 'web_search_tool_result') return { ...block, tool_use_id: open.shift() as string };
        return block;
      }),
    };
  });
}

export const cleanTranscript = (options: { maxEpisodes?: number } = {}) =>
  fc
    .array(
      fc.oneof(
        { weight: 2, arbitrary: userText },
        { weight: 2, arbitrary: assistantText },
        { weight: 5, arbitrary: toolRound },
        { weight: 1, arbitrary: serverTool },
      ),
      { minLength: 1, maxLength: options.maxEpisodes ?? 20 },
    )
    .map((episodes) => numberIds([{ role: 'user', content: 'fix the parser, never change the public api' } as Message, ...episodes.flat()]));
