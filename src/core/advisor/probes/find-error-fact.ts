import type { Message } from '../../types';
import { errorLineOf } from '../../summary/error-line-of';
import { shortenText } from '../../summary/shorten-text';
import { toolResultOutcome } from '../../text/tool-result-outcome';
import { toolResultText } from '../../text/tool-result-text';

/**
 * The fact of an error probe: the line that best says what went wrong in the message's first failed tool result
 * (`errorLineOf`, the summary's reader, so a summary that lists the error holds the same words), else
 * `failed with no output`.
 */
export function findErrorFact(message: Message): string {
  if (Array.isArray(message.content)) {
    for (const block of message.content) {
      if (block === null || typeof block !== 'object' || block.type !== 'tool_result') continue;
      const result = block as { content?: unknown; is_error?: unknown };
      const text = toolResultText(result.content);
      if (!toolResultOutcome(result, text).failed) continue;
      const line = errorLineOf(text);
      if (line !== undefined) return shortenText(line, 120);
    }
  }
  return 'failed with no output';
}
