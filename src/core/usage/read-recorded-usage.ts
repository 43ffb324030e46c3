import type { Conversation } from '../formats/types';
import { describeValue } from '../tokens/describe-value';
import { readClaudeCodeUsage } from './read-claude-code-usage';
import { readCodexUsage } from './read-codex-usage';
import type { RecordedRequest } from './types';

/**
 * The requests a transcript recorded the usage of, in file order: Claude Code sessions from the `usage` on their
 * assistant lines (kept in `Conversation.sources`), Codex rollouts from their `token_count` events, which the parser
 * skips, so the rollout's `text` is needed too. Formats that record no usage (Anthropic and OpenAI message arrays)
 * give an empty list, as does a rollout without its text.
 *
 * @param text The file the conversation was parsed from; read only for Codex rollouts (`openai-responses` JSONL).
 * @throws {TypeError} when `conversation` is not a conversation.
 */
export function readRecordedUsage(conversation: Conversation, text?: string): RecordedRequest[] {
  if (conversation === null || typeof conversation !== 'object' || !Array.isArray(conversation.messages)) {
    throw new TypeError(`readRecordedUsage: conversation is ${describeValue(conversation)}; expected a Conversation from parseTranscript.`);
  }
  if (conversation.format === 'claude-code') return readClaudeCodeUsage(conversation);
  if (conversation.format === 'openai-responses' && conversation.layout?.kind === 'jsonl' && typeof text === 'string') {
    return readCodexUsage(conversation, text);
  }
  return [];
}
