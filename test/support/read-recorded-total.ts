import type { RecordedTotal } from '../../src/core/formats/format-types';
import { getFormat } from '../../src/core/formats/get-format';
import type { Conversation } from '../../src/core/formats/types';

/** A conversation's recorded run total, as its format reads it (the wiring into stats and replay is elsewhere). */
export function readRecordedTotal(conversation: Conversation): RecordedTotal | undefined {
  return getFormat(conversation.format, 'readRecordedTotal').recordedUsage?.readTotal?.(conversation, () => undefined);
}
