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
  const keys = (messages: readonly Message[]) =>
    validateMessages(messages, provider).map((p) => {
      const from = origin.get(messages[p.messageIndex] as Message) ?? 'new';
      const family = SAME_OFFENCE[p.rule];
      if (family !== undefined) return `${family} @input ${from}`;
      return `${p.rule} @input ${from}: ${p.message.replace(/^messages\.\d+(?:\.content\.\d+)?: /, '')}`;
    });
  const budget = new Map<string, number>();
  for (const key of keys(input)) budget.set(key, (budget.get(key) ?? 0) + 1);
  return keys(output).filter((key) => {
    const left = budget.get(key) ?? 0;
    if (left === 0) return true;
    budget.set(key, left - 1);
    return false;
  });
}
