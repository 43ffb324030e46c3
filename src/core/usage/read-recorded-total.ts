import { getFormat } from '../formats/get-format';
import { readTranscriptSource } from '../formats/read-transcript-source';
import type { Conversation } from '../formats/types';
import { describeValue } from '../tokens/describe-value';
import type { RecordedTotal } from './types';

/**
 * What a transcript recorded its whole run cost, for formats that record a total (`recordedUsage.readTotal` in the
 * registry): SWE-agent's `info.model_stats`, mini-SWE-agent's run cost, OpenHands `llm_metrics`, an AI SDK message's
 * `totalUsage`. `undefined` when the format records none or the file lacks it. Fields the file does not give are
 * absent. A format may record both this and per-request usage (`readRecordedUsage`).
 *
 * @param text The file the conversation was parsed from; read only for formats whose figures are on lines the parser
 *   skips.
 * @throws {TypeError} when `conversation` is not a conversation.
 */
export function readRecordedTotal(conversation: Conversation, text?: string): RecordedTotal | undefined {
  if (conversation === null || typeof conversation !== 'object' || !Array.isArray(conversation.messages)) {
    throw new TypeError(`readRecordedTotal: conversation is ${describeValue(conversation)}; expected a Conversation from parseTranscript.`);
  }
  const usage = getFormat(conversation.format, 'readRecordedTotal').recordedUsage;
  if (usage?.readTotal === undefined) return undefined;
  return usage.readTotal(conversation, () => (usage.fromText && typeof text === 'string' ? readTranscriptSource(text) : undefined));
}
