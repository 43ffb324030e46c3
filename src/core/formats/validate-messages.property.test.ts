/**
 * Properties of validateMessages with pruneMessages on generated agent transcripts:
 * - every generated transcript is valid for all three providers (checks the generator and the validator);
 * - pruning it with any strategy and any maxTurns keeps it valid;
 * - a transcript broken by deleting messages gains no content problem from pruning, and no pairing problem
 *   unless its pairing was already broken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message, PruneStrategy } from '../types';
import type { Provider, ValidationProblem } from './types';
import { pruneMessages } from '../prune/prune-messages';
import { validateMessages } from './validate-messages';

const PROVIDERS: Provider[] = ['anthropic', 'openai-chat', 'openai-responses'];
const strategy = fc.constantFrom<PruneStrategy>('sliding-window', 'summarize', 'importance');

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

const validTranscript = fc
  .tuple(
    userText,
    fc.array(fc.oneof({ weight: 2, arbitrary: userText }, { weight: 2, arbitrary: assistantText }, { weight: 4, arbitrary: toolRound }, { weight: 1, arbitrary: serverRound }), {
      maxLength: 25,
    }),
    fc.option(pausedAtEnd, { nil: undefined }),
  )
  .map(([first, episodes, end]) => [...first, ...episodes.flat(), ...(end ?? [])]);

const problemsOf = (messages: readonly Message[]) =>
  Object.fromEntries(PROVIDERS.map((p) => [p, validateMessages(messages, p)])) as Record<Provider, ValidationProblem[]>;
const CONTENT_RULES = new Set([
  'anthropic/empty-content',
  'anthropic/empty-text-block',
  'anthropic/whitespace-text-block',
  'anthropic/final-assistant-trailing-whitespace',
]);
const none = { anthropic: [], 'openai-chat': [], 'openai-responses': [] };

describe('validateMessages with pruneMessages, properties', () => {
  it('generated transcripts are valid for every provider', () => {
    fc.assert(
      fc.property(validTranscript, (messages) => {
        expect(problemsOf(messages)).toEqual(none);
      }),
      { numRuns: 500 },
    );
  });

  it('a valid transcript stays valid under every strategy and any maxTurns', () => {
    fc.assert(
      fc.property(validTranscript, strategy, fc.nat({ max: 60 }), (messages, s, maxTurns) => {
        const out = pruneMessages(messages, { strategy: s, maxTurns });
        expect(problemsOf(out)).toEqual(none);
      }),
      { numRuns: 2000 },
    );
  });

  it('a transcript broken by deleting messages: pruning adds no content problem, and no pairing problem to a clean pairing', () => {
    // Once pairing is broken, dropping messages changes which words the API picks for the same offence (a result
    // "duplicate" while its twin is kept becomes "unexpected"; "ids were found without" becomes "Did not find"
    // when another run merges in front), so pairing is compared as "had any" / "has any". Content problems are
    // compared exactly, by rule and input message.
    const broken = validTranscript.chain((messages) =>
      fc.subarray(messages.map((_, i) => i)).map((drop) => messages.filter((_, i) => !drop.includes(i))),
    );
    fc.assert(
      fc.property(broken, strategy, fc.nat({ max: 40 }), (messages, s, maxTurns) => {
        const origin = new Map(messages.map((m, i) => [m, i] as const));
        const out = pruneMessages(messages, { strategy: s, maxTurns });
        for (const provider of PROVIDERS) {
          const summarize = (list: readonly Message[]) => {
            const problems = validateMessages(list, provider);
            const content = problems
              .filter((p) => CONTENT_RULES.has(p.rule))
              .map((p) => `${p.rule} @${origin.get(list[p.messageIndex] as Message) ?? 'new'}`);
            return { pairing: problems.some((p) => !CONTENT_RULES.has(p.rule)), content: new Set(content) };
          };
          const before = summarize(messages);
          const after = summarize(out);
          const addedContent = [...after.content].filter((k) => !before.content.has(k));
          expect({ provider, addedContent, pairingBroken: after.pairing && !before.pairing }).toEqual({
            provider,
            addedContent: [],
            pairingBroken: false,
          });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
