import type { Message } from '../../types';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { writeGeminiRecords } from './write-gemini-records';

/**
 * A Gemini CLI session: JSONL when read from JSONL (the metadata line first, then the records and checkpoints), else
 * session JSON in the file's own key order (`JSON.stringify(…, null, 2)`, no final newline, as gemini-cli writes it),
 * so a session exported with every message kept is the same bytes. A conversation of another format becomes
 * session JSON (gemini-cli v0.39+ migrates it to JSONL on resume).
 */
export function serializeGeminiCli(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  const { items, rebuilt, orphanResults } = writeGeminiRecords(conversation, messages);
  const notes: string[] = [];
  if (!own) notes.push(`Converted from ${from}.`);
  if (!own && conversation.system !== undefined) notes.push('The system prompt is left out: a Gemini CLI session does not record it.');
  if (own && rebuilt > 0) notes.push(`${rebuilt} record${rebuilt === 1 ? ' is' : 's are'} written from changed content (masked or repaired results go back into their calls).`);
  if (orphanResults > 0) notes.push(`${orphanResults} result${orphanResults === 1 ? '' : 's'} whose call was not kept left out: a result lives inside its call.`);
  const note = notes.length === 0 ? undefined : notes.join(' ');

  if (own && conversation.layout?.kind === 'jsonl') {
    const lines = [...(conversation.envelope !== undefined ? [conversation.envelope] : []), ...items];
    const result: SerializedText = { text: lines.map((line) => `${JSON.stringify(line)}\n`).join(''), fileExtension: 'jsonl', mimeType: 'application/x-ndjson' };
    if (note !== undefined) result.note = note;
    return result;
  }
  if (own) return jsonExport({ ...conversation.envelope, messages: items }, note);
  const times = items.map((item) => item.timestamp).filter((t): t is string => typeof t === 'string');
  return jsonExport(
    { sessionId: conversation.id, projectHash: '', startTime: times[0] ?? '', lastUpdated: times[times.length - 1] ?? '', messages: items },
    note,
  );
}
