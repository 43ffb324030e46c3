import { getFormat } from '../formats/get-format';
import { readTranscriptSource } from '../formats/read-transcript-source';
import type { Conversation } from '../formats/types';
import { describeValue } from '../tokens/describe-value';
import type { RecordedRequest } from './types';

/**
 * The requests a transcript recorded the usage of, in file order, as its format reads them (`recordedUsage` in the
 * registry): Claude Code sessions from the `usage` on their assistant lines (kept in `Conversation.sources`), Codex
 * rollouts from their `token_count` events, which the parser skips, so the rollout's `text` is needed too. Formats
 * that record no usage (Anthropic and OpenAI message arrays) give an empty list, as does a rollout without its text.
 *
 * @param text The file the conversation was parsed from; read only for formats whose usage is on lines the parser
 *   skips (Codex rollouts).
 * @throws {TypeError} when `conversation` is not a conversation.
 */
export function readRecordedUsage(conversation: Conversation, text?: string): RecordedRequest[] {
  if (conversation === null || typeof conversation !== 'object' || !Array.isArray(conversation.messages)) {
    throw new TypeError(`readRecordedUsage: conversation is ${describeValue(conversation)}; expected a Conversation from parseTranscript.`);
  }
  const usage = getFormat(conversation.format, 'readRecordedUsage').recordedUsage;
  if (usage === undefined) return [];
  return usage.read(conversation, () => (usage.fromText && typeof text === 'string' ? readTranscriptSource(text) : undefined));
}
