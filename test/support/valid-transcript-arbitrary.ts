import fc from 'fast-check';
import type { ContentBlock, Message } from '../../src/core/types';

/**
 * Transcripts every provider's validator accepts: user/assistant text, tool rounds with parallel calls answered
 * together or one by one (ids reused across rounds, as tau-bench does), server tools answered in the same message or
 * after a pause_turn, and an unanswered server call at the very end.
 */
// Words without leading or trailing whitespace: real requests never hold blank text (the API rejects it).
const words = fc.stringMatching(/^[a-z]{1,8}( [a-z]{1,8}){0,5}$/);
const textContent = fc.oneof(
  words,
  fc.array(words, { minLength: 1, maxLength: 2 }).map((ts): ContentBlock[] => ts.map((t) => ({ type: 'text', text: t }))),
);

const userText = textContent.map((content): Message[] => [{ role: 'user', content }]);
const assistantText = textContent.map((content): Message[] => [{ role: 'assistant', content }]);

// Ids come from a tiny pool so later rounds reuse them (tau-bench); within one round they are distinct.
const roundIds = fc.uniqueArray(fc.constantFrom('call_1', 'call_2', 'toolu_a', 'toolu_b', 't'), {
  minLength: 1,
  maxLength: 4,
});

const toolRound = fc
  .record({
    ids: roundIds,
    thinking: fc.boolean(),
    preamble: fc.option(words, { nil: undefined }),
    resultOrder: fc.boolean(),
    separate: fc.boolean(),
    afterResults: fc.option(words, { nil: undefined }),
    reply: fc.option(words, { nil: undefined }),
  })
  .map((r): Message[] => {
    const calls: ContentBlock[] = [];
    if (r.thinking) calls.push({ type: 'thinking', thinking: 'hmm', signature: 'sig' });
    if (r.preamble !== undefined) calls.push({ type: 'text', text: r.preamble });
    for (const id of r.ids) calls.push({ type: 'tool_use', id, name: 'run', input: { id } });
    const order = r.resultOrder ? r.ids : [...r.ids].reverse();
    const results: ContentBlock[] = order.map((id) => ({ type: 'tool_result', tool_use_id: id, content: `out ${id}` }));
    const out: Message[] = [{ role: 'assistant', content: calls }];
    if (r.separate) for (const block of results) out.push({ role: 'user', content: [block] });
    else out.push({ role: 'user', content: results });
    if (r.afterResults !== undefined) {
      const last = out[out.length - 1] as Message & { content: ContentBlock[] };
      last.content = [...last.content, { type: 'text', text: r.afterResults }];
    }
    if (r.reply !== undefined) out.push({ role: 'assistant', content: r.reply });
    return out;
  });

// A server tool answered in the same message, or a pause_turn: the call ends one assistant message, the result
// starts the next (the API merges the two).
const serverRound = fc.tuple(fc.boolean(), fc.nat({ max: 3 })).map(([paused, n]): Message[] => {
  const id = `srvtoolu_${n}`;
  const use: ContentBlock = { type: 'server_tool_use', id, name: 'web_search', input: { query: 'q' } };
  const result: ContentBlock = { type: 'web_search_tool_result', tool_use_id: id, content: [] };
  if (!paused) return [{ role: 'assistant', content: [use, result, { type: 'text', text: 'found' }] }];
  return [
    { role: 'assistant', content: [{ type: 'text', text: 'searching' }, use] },
    { role: 'assistant', content: [result, { type: 'text', text: 'found' }] },
  ];
});

const pausedAtEnd = fc.constant<Message[]>([
  {
    role: 'assistant',
    content: [{ type: 'text', text: 'searching' }, { type: 'server_tool_use', id: 'srvtoolu_end', name: 'web_search', input: {} }],
  },
]);

export const validTranscript = fc
  .tuple(
    userText,
    fc.array(fc.oneof({ weight: 2, arbitrary: userText }, { weight: 2, arbitrary: assistantText }, { weight: 4, arbitrary: toolRound }, { weight: 1, arbitrary: serverRound }), {
      maxLength: 25,
    }),
    fc.option(pausedAtEnd, { nil: undefined }),
  )
  .map(([first, episodes, end]) => [...first, ...episodes.flat(), ...(end ?? [])]);

