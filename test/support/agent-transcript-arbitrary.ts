import fc from 'fast-check';
import type { ContentBlock, Message } from '../../src/core/types';

/**
 * Generated agent transcripts with what real logs hold: parallel calls answered in one user message or in
 * several (Claude Code), results out of call order, ids drawn from a tiny pool so they are reused (tau-bench),
 * long results, `is_error`, thinking, server tools answered in the same message, unknown blocks, and broken
 * inputs (a call never answered, a result answering nothing, a result placed before its call).
 */
const ids = fc.constantFrom('t1', 't2', 't3', 'call_1', 'toolu_01');
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 12_000 }).map((n) => 'x'.repeat(n)) },
);

const userText = text.map((t): Message[] => [{ role: 'user', content: t }]);
const assistantText = fc
  .tuple(text, fc.boolean())
  .map(([t, asBlocks]): Message[] => [
    { role: 'assistant', content: asBlocks ? [{ type: 'text', text: t }] : t },
  ]);

const toolRound = fc
  .record({
    calls: fc.array(ids, { minLength: 1, maxLength: 4 }),
    thinking: fc.boolean(),
    preamble: fc.option(text, { nil: undefined }),
    separateResults: fc.boolean(),
    reverseResults: fc.boolean(),
    resultText: text,
    isError: fc.boolean(),
    trailingText: fc.option(text, { nil: undefined }),
  })
  .map((r): Message[] => {
    const callBlocks: ContentBlock[] = [];
    if (r.thinking) callBlocks.push({ type: 'thinking', thinking: 'considering', signature: 'sig' });
    if (r.preamble !== undefined) callBlocks.push({ type: 'text', text: r.preamble });
    r.calls.forEach((id, k) => callBlocks.push({ type: 'tool_use', id, name: `tool${k}`, input: { k } }));
    const order = r.reverseResults ? [...r.calls].reverse() : r.calls;
    const results: ContentBlock[] = order.map((id) => ({
      type: 'tool_result',
      tool_use_id: id,
      content: r.resultText,
      ...(r.isError ? { is_error: true } : {}),
    }));
    const out: Message[] = [{ role: 'assistant', content: callBlocks }];
    if (r.separateResults) for (const block of results) out.push({ role: 'user', content: [block] });
    else out.push({ role: 'user', content: results });
    if (r.trailingText !== undefined) out.push({ role: 'assistant', content: r.trailingText });
    return out;
  });

const serverTool = ids.map((id): Message[] => [
  {
    role: 'assistant',
    content: [
      { type: 'server_tool_use', id: `srv_${id}`, name: 'web_search', input: { query: 'q' } },
      { type: 'web_search_tool_result', tool_use_id: `srv_${id}`, content: [] },
      { type: 'text', text: 'found' },
    ],
  },
]);

const orphanCall = ids.map((id): Message[] => [
  { role: 'assistant', content: [{ type: 'tool_use', id, name: 'lost', input: {} }] },
]);
const orphanResult = ids.map((id): Message[] => [
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'nobody asked' }] },
]);
const unknownBlock = fc.constant<Message[]>([{ role: 'assistant', content: [{ type: 'container_upload', file_id: 'f' }] }]);
/**
 * A call, more assistant text, then the result: valid for Anthropic (consecutive assistant messages merge into one
 * turn) though not for OpenAI; the one shape where a tool group encloses a message of another group.
 */
const interleavedRound = fc.tuple(ids, text).map(([id, t]): Message[] => [
  { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'make' } }] },
  { role: 'assistant', content: t },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'done' }] },
]);

export const agentTranscript = (options: { broken?: boolean; maxEpisodes?: number; interleaved?: boolean } = {}) => {
  const episodes = [
    { weight: 3, arbitrary: userText },
    { weight: 3, arbitrary: assistantText },
    { weight: 5, arbitrary: toolRound },
    { weight: 1, arbitrary: serverTool },
    { weight: 1, arbitrary: unknownBlock },
  ];
  if (options.broken ?? true) {
    episodes.push({ weight: 1, arbitrary: orphanCall }, { weight: 1, arbitrary: orphanResult });
  }
  if (options.interleaved ?? false) episodes.push({ weight: 2, arbitrary: interleavedRound });
  return fc
    .array(fc.oneof(...episodes), { maxLength: options.maxEpisodes ?? 25 })
    .map((parts) => parts.flat());
};

/** A transcript and a bound from 0 to n + 2. */
export const transcriptAndBound = (options?: { broken?: boolean; maxEpisodes?: number }) =>
  agentTranscript(options).chain((messages) =>
    fc.tuple(fc.constant(messages), fc.integer({ min: 0, max: messages.length + 2 })),
  );

/**
 * Generated transcripts every API accepts: no broken pairs, ids unique within each transcript (an assistant
 * turn may not repeat one), and no empty or whitespace-only text (which the Anthropic API rejects). What the
 * validators accept is checked by the tests that use it; this only makes acceptance the common case.
 */
export const validAgentTranscript = (options: { maxEpisodes?: number; interleaved?: boolean } = {}) =>
  agentTranscript({ broken: false, maxEpisodes: options.maxEpisodes, interleaved: options.interleaved }).map((messages) => {
    let next = 0;
    // Per id, the new names of calls not yet answered: a result answers the nearest one, as linkToolCalls pairs.
    const open = new Map<string, string[]>();
    const fresh = (id: string) => {
      const name = `${id}_${next++}`;
      open.set(id, [...(open.get(id) ?? []), name]);
      return name;
    };
    const text = (t: string) => (t.trim() === '' ? 'ok' : t.trimEnd());
    return messages.map((message): Message => {
      if (typeof message.content === 'string') return { ...message, content: text(message.content) };
      return {
        ...message,
        content: message.content.map((block): ContentBlock => {
          if (block.type === 'text') return { ...block, text: text(block.text as string) };
          if (block.type === 'tool_use' || block.type === 'server_tool_use') return { ...block, id: fresh(block.id as string) };
          if (block.type === 'tool_result' || block.type.endsWith('_tool_result')) {
            const id = block.tool_use_id as string;
            return { ...block, tool_use_id: open.get(id)?.pop() ?? id };
          }
          return block;
        }),
      };
    });
  });
