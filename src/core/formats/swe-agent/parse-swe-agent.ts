import type { ConversationOf, ParseContext, TranscriptSource } from '../format-types';
import { historiesOf } from './histories-of';
import { readHistory } from './read-history';
import { taskTitle } from './task-title';

type Conversation = ConversationOf<'swe-agent'>;

/**
 * A SWE-agent trajectory (`.traj`): its `history` (what the model was sent, unprocessed) as one conversation, or a
 * RetryAgent file's attempts as one each when it chose none. Everything else (`trajectory` steps, `info` with the
 * run's `model_stats`, `replay_config`, `environment`, the other attempts) is the envelope, written back as it was.
 * `trajectory[].query` repeats the messages and is never read.
 */
export function parseSweAgent(source: TranscriptSource, context: ParseContext): Conversation[] {
  if (source.kind !== 'document') return [];
  const fallback = context.fileName ?? 'SWE-agent trajectory';
  const histories = historiesOf(source.value);
  return histories.map(({ list, path, where, holder, attempt }) => {
    const read = readHistory(list, context, { where });
    const { history: _history, ...envelope } = holder;
    const name = attempt === undefined ? fallback : `${fallback}, attempt ${attempt + 1}`;
    const conversation: Conversation = {
      id: attempt === undefined ? 'trajectory' : `attempt-${attempt + 1}`,
      title: taskTitle(list, name),
      format: 'swe-agent',
      messages: read.messages,
      sources: read.sources,
      envelope,
      layout: { kind: 'object', key: 'history', path },
      sourceText: context.text,
    };
    if (read.system !== undefined) conversation.system = read.system;
    if (read.systemSources.length > 0) conversation.systemSources = read.systemSources;
    return conversation;
  });
}
