import type { Message } from '../../types';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { writeClaudeCodeLines } from './write-claude-code-lines';

/** Claude Code session JSONL: one line per message, the chain relinked (see `writeClaudeCodeLines`). */
export function serializeClaudeCode(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  const note = own
    ? 'One line per message; compact boundaries are kept, progress, snapshot and other bookkeeping lines are not.'
    : `Written as a Claude Code session; the source was ${from}.`;
  return { text: writeClaudeCodeLines(conversation, messages), fileExtension: 'jsonl', mimeType: 'application/x-ndjson', note };
}
