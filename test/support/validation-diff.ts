import type { Message } from '../../src/core/types';
import type { Provider } from '../../src/core/formats/types';
import { validateMessages } from '../../src/core/formats/validate-messages';

/**
 * Rules that name one offence, a result block that answers no call, in different words depending on what is left
 * around it (see formats/validate-messages.prune.test.ts).
 */
const SAME_OFFENCE: Partial<Record<string, string>> = {
  'anthropic/unexpected-tool-result': 'anthropic/result-answering-no-call',
  'anthropic/duplicate-tool-result': 'anthropic/result-answering-no-call',
  'openai-chat/tool-without-call': 'openai-chat/result-answering-no-call',
  'openai-chat/tool-call-id-not-found': 'openai-chat/result-answering-no-call',
};

/**
 * Rules about a whole turn, reported at the first message of the turn that holds an offending block: when pruning
 * removes that message, the same offence (the same unanswered ids) is reported at the next one. Keyed by their
 * text alone; that no call or result lost its partner is checked block by block elsewhere (`findAddedOrphans`).
 */
const TURN_LEVEL = new Set(['anthropic/tool-use-without-result', 'anthropic/tool-result-not-first']);

/**
 * A call id used twice in one turn is one offence the API names in two ways: `tool_use ids must be unique` while
 * both calls are there, and, once pruning has taken away the call a result was paired with (by position, as
 * `linkToolCalls` pairs), `tool_use ids were found without tool_result blocks` for the other. Such problems share
 * one key when every id they list is used by more than one call in the input.
 */
const AMBIGUOUS_ID = 'anthropic/ambiguous-tool-use-id';

/**
 * Problems `validateMessages` finds in `output` beyond those it finds in `input`, compared as multisets keyed by
 * rule, the API's text without its `messages.N` position, and the input message each problem points at. `origin`
 * maps each output message (an input object, or a replacement) to its input index.
 */
export function addedValidationProblems(
  input: readonly Message[],
  output: readonly Message[],
  origin: ReadonlyMap<Message, number>,
  provider: Provider = 'anthropic',
): string[] {
  const callCount = new Map<string, number>();
  for (const message of input) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) if (block.type === 'tool_use' && typeof block.id === 'string') callCount.set(block.id, (callCount.get(block.id) ?? 0) + 1);
  }
  const listedIds = (text: string): string[] => /immediately after: (.*)\. Each/.exec(text)?.[1]?.split(', ') ?? [];
  const reusedOnly = (text: string): boolean => {
    const ids = listedIds(text);
    return ids.length > 0 && ids.every((id) => (callCount.get(id) ?? 0) > 1);
  };
  const keys = (messages: readonly Message[], originOf: (m: Message) => number | undefined): string[] =>
    validateMessages(messages, provider).flatMap((p) => {
      if (p.rule === 'anthropic/duplicate-tool-use-id' || (p.rule === 'anthropic/tool-use-without-result' && reusedOnly(p.message))) {
        return [AMBIGUOUS_ID];
      }
      // One key per unanswered id: a turn that loses one of its orphan calls reports the others alone.
      if (p.rule === 'anthropic/tool-use-without-result') return listedIds(p.message).map((id) => `${p.rule} ${id}`);
      if (TURN_LEVEL.has(p.rule)) return [p.rule];
      const from = originOf(messages[p.messageIndex] as Message) ?? 'new';
      const family = SAME_OFFENCE[p.rule];
      if (family !== undefined) return [`${family} @input ${from}`];
      return [`${p.rule} @input ${from}: ${p.message.replace(/^messages\.\d+(?:\.content\.\d+)?: /, '')}`];
    });
  const budget = new Map<string, number>();
  const inputIndex = new Map(input.map((m, i) => [m, i] as const));
  for (const key of keys(input, (m) => inputIndex.get(m))) budget.set(key, (budget.get(key) ?? 0) + 1);
  return keys(output, (m) => origin.get(m)).filter((key) => {
    const left = budget.get(key) ?? 0;
    if (left === 0) return true;
    budget.set(key, left - 1);
    return false;
  });
}
