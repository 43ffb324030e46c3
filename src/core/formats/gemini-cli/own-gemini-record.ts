import { isRecord } from '../is-record';
import { geminiRecordToMessages } from './gemini-record-to-messages';

/**
 * Which of a message's source records it was made from: the last that becomes a message, among records no
 * `$rewindTo` in the same list undid. The others came with it: UI records (`info`, `error`), slash commands,
 * `$set` metadata lines, and records the user rewound, kept so export writes the session back as it was.
 * `type` narrows it to `gemini` or `user` records (a changed message is written on the record of its role).
 * −1 when none is.
 */
export function ownGeminiRecord(records: readonly unknown[], type?: 'gemini' | 'user'): number {
  const undone = new Set<number>();
  records.forEach((record, k) => {
    if (!isRecord(record) || !('$rewindTo' in record)) return;
    const from = records.findIndex((r, j) => j < k && isRecord(r) && r.id === record.$rewindTo);
    for (let j = from === -1 ? 0 : from; j < k; j++) undone.add(j);
  });
  for (let k = records.length - 1; k >= 0; k--) {
    const record = records[k];
    if (undone.has(k) || !isRecord(record) || '$set' in record || '$rewindTo' in record) continue;
    if (type !== undefined ? record.type !== type : record.type !== 'gemini' && record.type !== 'user') continue;
    if (geminiRecordToMessages(record, '', { made: 0, open: new Map() }).message !== undefined) return k;
  }
  return -1;
}
