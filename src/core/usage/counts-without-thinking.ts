import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';
import type { RecordedRequest } from './types';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { keepsPriorThinking } from '../tokens/keeps-prior-thinking';
import { resendsThinking } from '../tokens/resends-thinking';
import { mostCommonModel } from './most-common-model';
import { isThinkingBlock } from '../tokens/is-thinking-block';

/**
 * What `compareWithRecordedUsage` takes as `countsWithoutThinking` for a file's recorded requests, by the model that
 * answered most of them: each message counted without its thinking when that model is sent no thinking back at all
 * (Gemini's clients) or only the current turn's (models that drop earlier turns' thinking, `keepsPriorThinking`);
 * undefined when every turn's thinking is sent back. The inspector, `stats` and the replay's inputs all ask here, so
 * they set a file's requests beside the same counts.
 *
 * @param counts `countMessageTokens` of `messages` with `counter`: only messages holding thinking are counted again.
 */
export function countsWithoutThinking(
  messages: readonly Message[],
  counts: ArrayLike<number>,
  counter: TokenCounter,
  recorded: readonly RecordedRequest[],
): Float64Array | undefined {
  const model = mostCommonModel(recorded);
  if (resendsThinking(model) && keepsPriorThinking(model)) return undefined;
  const bare = Float64Array.from(counts);
  for (let i = 0; i < messages.length; i++) {
    const content = messages[i]?.content;
    if (!Array.isArray(content) || !content.some(isThinkingBlock)) continue;
    bare[i] = countMessageTokens(messages, counter, { thinking: false, from: i, to: i + 1 })[0] as number;
  }
  return bare;
}
