import type { Message } from '../../src/core/types';
import type { Provider } from '../../src/core/formats/types';
import { validateMessages } from '../../src/core/formats/validate-messages';

/**
 * Rules about which result answers which call. In a broken input the same offence is reported in other words once
 * messages around it are gone: a call answered by a result two turns later ("unexpected tool_use_id" on the result,
 * "ids were found without tool_result blocks" on the call) becomes "Did not find 1 tool_result block at the
 * beginning" when the turn between them is dropped; an id used twice in one turn ("ids must be unique") becomes an
 * unanswered call once the call its result was paired with is gone. These are counted as one family: one offence
 * per problem, or per id for unanswered calls, and the count must not grow. That no call or result lost its
 * partner is checked block by block elsewhere (orphans).
 */
const PAIRING = new Set([
  'anthropic/tool-use-without-result',
  'anthropic/tool-result-not-first',
  'anthropic/unexpected-tool-result',
  'anthropic/duplicate-tool-result',
  'anthropic/duplicate-tool-use-id',
  'anthropic/unexpected-server-tool-result',
  'openai-chat/tool-without-call',
  'openai-chat/tool-call-id-not-found',
]);

/**
 * Problems `validateMessages` finds in `output` beyond those it finds in `input`, compared as multisets: pairing
 * problems as one family (see `PAIRING`), every other problem keyed by rule, the API's text without its
 * `messages.N` position, and the input message it points at. `origin` maps each output message (an input object,
 * or a replacement) to its input index. For a clean input, compare `validateMessages(output)` with `[]` instead:
 * that is stricter.
 */
export function addedValidationProblems(
  input: readonly Message[],
  output: readonly Message[],
  origin: ReadonlyMap<Message, number>,
  provider: Provider = 'anthropic',
): string[] {
  const keys = (messages: readonly Message[], originOf: (m: Message) => number | undefined): string[] =>
    validateMessages(messages, provider).flatMap((p) => {
      if (PAIRING.has(p.rule)) {
        const ids = /immediately after: (.*)\. Each/.exec(p.message)?.[1]?.split(', ') ?? [''];
        return ids.map(() => `${provider}/pairing`);
      }
      const from = originOf(messages[p.messageIndex] as Message) ?? 'new';
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
