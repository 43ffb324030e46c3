import type { Message } from '../types';
import { CONTEXT_SUMMARY_MARKER } from '../text/harness-text';

/**
 * A peer's summary message (`planCompaction`: the peer's fixed text before an extractive summary) with the peer's
 * opening taken off, so that the next compaction merges it as the summary it is instead of quoting it as a request.
 * Any other message is returned as it is.
 */
export function unwrapPeerSummary(message: Message): Message {
  const { content } = message;
  if (message.role !== 'user' || typeof content !== 'string') return message;
  const at = content.indexOf(`\n${CONTEXT_SUMMARY_MARKER}\n`);
  return at < 0 ? message : { ...message, content: content.slice(at + 1) };
}
