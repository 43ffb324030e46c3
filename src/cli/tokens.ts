/** Token counts for a command: the vocabulary the format's API uses, unless `--encoding` names another. */
import { countMessageTokens, countSystemTokens, createTokenCounter, type TokenCounter, type TokenEncoding } from '../lib/index';
import { encodingForFormat, type Conversation, type TranscriptFormat } from '../lib/formats';
import type { Io } from './io';
import type { Progress } from './progress';

export const ENCODING_CHOICES = ['auto', 'claude', 'o200k_base', 'cl100k_base', 'chars'] as const;
export type EncodingChoice = (typeof ENCODING_CHOICES)[number];

/** The counter, with a warning on stderr when its vocabulary could not be loaded and characters ÷ 4 stand in. */
export async function loadCounter(io: Io, choice: EncodingChoice, format: TranscriptFormat): Promise<TokenCounter> {
  const encoding: TokenEncoding = choice === 'auto' ? encodingForFormat(format) : choice;
  const counter = await createTokenCounter({ encoding });
  if (counter.fallback) io.stderr(`prunescope: warning: ${counter.fallback.reason}\n`);
  return counter;
}

/** Messages counted per slice between two progress updates. */
const SLICE = 2_000;

export function countConversation(conversation: Conversation, counter: TokenCounter, progress?: Progress): { tokens: Float64Array; total: number; system: number } {
  const { messages } = conversation;
  const tokens = new Float64Array(messages.length);
  for (let from = 0; from < messages.length; from += SLICE) {
    const to = Math.min(messages.length, from + SLICE);
    tokens.set(countMessageTokens(messages, counter, { from, to }), from);
    progress?.update('counting tokens', to / messages.length);
  }
  let total = 0;
  for (const t of tokens) total += t;
  const system = typeof conversation.system === 'string' ? countSystemTokens(conversation.system, counter) : 0;
  return { tokens, total, system };
}
