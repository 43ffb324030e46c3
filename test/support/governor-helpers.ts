import type { Message } from '../../src/core/types';
import { messageTextLength } from '../../src/core/text/message-text-length';
import { estimateTokens } from '../../src/core/tokens/estimate-tokens';

/** Per message: characters ÷ 4, rounded up, as the tests count tokens (the tokenizer is another module's). */
export const charTokens = (messages: readonly Message[]): Float64Array =>
  Float64Array.from(messages, (message) => estimateTokens(messageTextLength(message)));

/** The same count for one message, for `countTokens`. */
export const charTokensOf = (message: Message): number => estimateTokens(messageTextLength(message));

/** A stand-in for the extractive summarizer: the first sentence of the text, at most 60 characters. */
export const firstSentence = (messages: readonly Message[]): string => {
  const first = messages[0];
  const text = first === undefined ? '' : typeof first.content === 'string' ? first.content : first.content.map((b) => (b.type === 'text' ? b.text : '')).join(' ');
  return (/^[^.!?\n]*[.!?]?/.exec(text.trim())?.[0] ?? '').slice(0, 60);
};
