import type { Message } from '../../types';
import { userPromptText } from '../../text/user-prompt-text';
import { isCodexSummary } from './is-codex-summary';

/**
 * The text of a user message Codex keeps through a compaction (`collect_user_messages`), or `undefined` for one it
 * does not: a message holding tool results is tool output whatever text rides with it; harness context and earlier
 * summaries are not user messages.
 */
export function codexPromptText(message: Message): string | undefined {
  if (Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result')) return undefined;
  const text = userPromptText(message);
  return text === undefined || isCodexSummary(text) ? undefined : text;
}
