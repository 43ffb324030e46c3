import type { ConversationOf, ParseContext, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { readHistory } from '../swe-agent/read-history';
import { taskTitle } from '../swe-agent/task-title';
import { chatView } from './chat-view';

type Conversation = ConversationOf<'mini-swe-agent'>;

/**
 * A mini-SWE-agent trajectory: its `messages` as one conversation. `exit` messages end the run and are never sent:
 * they are counted in `skipped` and kept with the message before them for export. `extra` (the response, its cost,
 * the command's raw output) is never sent either and stays in the records. A `FormatError` user message is an
 * ordinary message; the reply that caused it is not in the file. `info` and `trajectory_format` are the envelope.
 */
export function parseMiniSweAgent(source: TranscriptSource, context: ParseContext): Conversation[] {
  if (source.kind !== 'document' || !isRecord(source.value) || !Array.isArray(source.value.messages)) return [];
  const { messages: list, ...envelope } = source.value;
  const read = readHistory(list, context, {
    where: 'messages',
    skip: (record) => (record.role === 'exit' ? 'exit' : undefined),
    view: chatView,
  });
  const conversation: Conversation = {
    id: 'trajectory',
    title: taskTitle(list, context.fileName ?? 'mini-SWE-agent trajectory'),
    format: 'mini-swe-agent',
    messages: read.messages,
    sources: read.sources,
    envelope,
    layout: { kind: 'object', key: 'messages' },
    sourceText: context.text,
  };
  if (read.system !== undefined) conversation.system = read.system;
  if (read.systemSources.length > 0) conversation.systemSources = read.systemSources;
  return [conversation];
}
