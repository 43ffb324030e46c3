/**
 * Properties of validateMessages with pruneMessages on generated agent transcripts:
 * - every generated transcript is valid for all three providers (checks the generator and the validator);
 * - pruning it with any strategy and any maxTurns keeps it valid;
 * - a transcript broken by deleting messages gains no content problem from pruning, and no pairing problem
 *   unless its pairing was already broken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { StrategyId } from '../strategies/registry';
import type { Provider, ValidationProblem } from './types';
import { pruneMessages } from '../prune/prune-messages';
import { validateMessages } from './validate-messages';
import { validTranscript } from '../../../test/support/valid-transcript-arbitrary';

const PROVIDERS: Provider[] = ['anthropic', 'openai-chat', 'openai-responses'];
const strategy = fc.constantFrom<StrategyId>('sliding-window', 'summarize', 'importance');

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
