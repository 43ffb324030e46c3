import type { Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { CompactionBoundary, ConversationOf, MessageAnnotation, ParseContext, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { geminiRecordToMessages, type GeminiCallIds } from './gemini-record-to-messages';
import { resolveGeminiLog, type GeminiEntry } from './resolve-gemini-log';

type Conversation = ConversationOf<'gemini-cli'>;

const KNOWN_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

/**
 * A Gemini CLI session, JSON (`~/.gemini/tmp/<project>/chats/session-*.json`, up to v0.38) or JSONL (v0.39+), as one
 * conversation (see `geminiRecordToMessages` for what each record becomes, `resolveGeminiLog` for how JSONL resolves).
 *
 * Records that are no message (`info`, `error`, `warning`, slash commands, JSONL `$set` metadata) are counted in
 * `skipped` and kept in `sources` with the message before them (the first message, for those before it), so export
 * writes them back where they were. Each JSONL checkpoint (`$set.messages`) is a compaction boundary: the messages
 * before it stay as they were sent, and the checkpoint's list follows it, each record it lists again a message of its
 * own after the boundary; a user record it adds (the `/compress` summary) is marked `compactSummary`.
 */
export function parseGeminiCli(source: TranscriptSource, { fileName, warnings, skipped }: ParseContext): Conversation[] {
  let log;
  let envelope: Record<string, unknown> | undefined;
  if (source.kind === 'document') {
    const value = isRecord(source.value) ? source.value : {};
    // The envelope keeps `messages` in its place (undefined), so export writes the keys in the file's order.
    envelope = {};
    for (const key of Object.keys(value)) envelope[key] = key === 'messages' ? undefined : value[key];
    log = resolveGeminiLog({ messages: Array.isArray(value.messages) ? value.messages : [] }, warnings, skipped);
  } else {
    log = resolveGeminiLog({ lines: source.lines }, warnings, skipped);
    if (log.meta !== undefined) envelope = log.meta.record;
  }

  const messages: Message[] = [];
  const sources: GeminiEntry[][] = [];
  const annotations: (MessageAnnotation | undefined)[] = [];
  const boundaries: CompactionBoundary[] = [];
  const ids: GeminiCallIds = { made: 0, open: new Map() };
  const unknown = new Map<string, { count: number; first: string }>();
  let before = new Set<unknown>();

  log.segments.forEach((segment, s) => {
    const start = messages.length;
    let leading: GeminiEntry[] = [];
    let last = -1;
    for (const slot of segment.slots) {
      const { record, path } = slot.latest;
      const converted = geminiRecordToMessages(record, path, ids, warnings);
      if (converted.message === undefined) {
        const type = converted.skip ?? 'empty';
        skipped.set(type, (skipped.get(type) ?? 0) + 1);
        if (typeof record.type === 'string' && !KNOWN_TYPES.has(record.type)) {
          const seen = unknown.get(record.type);
          if (seen === undefined) unknown.set(record.type, { count: 1, first: path });
          else seen.count++;
        }
        if (last === -1) leading.push(...slot.records);
        else sources[last]?.push(...slot.records);
        continue;
      }
      messages.push(converted.message);
      sources.push([...leading, ...slot.records]);
      annotations.push(s > 0 && record.type === 'user' && !before.has(record.id) ? { compactSummary: true } : undefined);
      leading = [];
      if (converted.results !== undefined) {
        messages.push(converted.results);
        sources.push([...slot.records]);
        annotations.push(undefined);
      }
      last = messages.length - 1;
    }
    // Records after the segment's last message, or in a segment without one, go with the message before them.
    if (leading.length > 0) sources[messages.length - 1]?.push(...leading);
    if (segment.checkpoint !== undefined && messages.length > start) {
      const { record, line } = segment.checkpoint;
      boundaries.push({ messageIndex: start, kind: 'checkpoint', ...(line !== undefined ? { line } : {}), record });
    }
    before = new Set(segment.slots.map((slot) => slot.latest.record.id));
  });
  for (const [type, { count, first }] of unknown) {
    warnings.push({ message: `Skipped ${count === 1 ? '1 record' : `${count} records`} of unknown type \`${type}\` (first at ${first}): ${count === 1 ? 'it' : 'they'} may hold conversation content.` });
  }

  const sessionId = envelope?.sessionId;
  const summary = envelope?.summary;
  const conversation: Conversation = {
    id: typeof sessionId === 'string' && sessionId !== '' ? sessionId : 'conversation-1',
    title: typeof summary === 'string' && summary.trim() !== '' ? summary.trim() : conversationTitle(messages, fileName ?? 'Gemini CLI session'),
    format: 'gemini-cli',
    messages,
    sources: sources.map((entries) => entries.map((entry) => entry.record)),
    layout: source.kind === 'document' ? { kind: 'object', key: 'messages' } : { kind: 'jsonl' },
  };
  if (source.kind === 'lines') conversation.sourceLines = sources.map((entries) => entries.map((entry) => entry.line ?? 0));
  if (envelope !== undefined) conversation.envelope = envelope;
  if (annotations.some((a) => a !== undefined)) conversation.annotations = annotations;
  if (boundaries.length > 0) conversation.boundaries = boundaries;
  return [conversation];
}
