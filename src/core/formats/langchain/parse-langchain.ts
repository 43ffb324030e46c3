import type { Message, ToolResultBlock } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { ConversationOf, ParseContext, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';
import { aiMessage } from './ai-message';
import { contentBlocks } from './content-blocks';
import { findMessageList, recordAt } from './find-message-list';
import { lcCallIdsWritten } from './lc-call-ids-written';
import { messageView } from './message-view';

type Conversation = ConversationOf<'langchain'>;

/**
 * LangChain messages as one conversation: `human` → user, `ai` → assistant (see `aiMessage`), a run of `tool`
 * messages → one user message of results (`status: "error"` → `is_error`), leading `system` → the system prompt.
 * `chat` / `generic` messages go by their `role`; `function` messages (no call id) are the user's text; `remove`
 * directives are skipped. A tool message whose `tool_call_id` is null answers the next open call; a call whose id is
 * null gets `lc_call_N`, N the next number the file does not already use. A LangGraph state's other fields are its
 * envelope; export replaces only the list.
 */
export function parseLangChain(source: TranscriptSource, context: ParseContext): Conversation[] {
  if (source.kind !== 'document') return [];
  const found = findMessageList(source.value);
  if (found === undefined) return [];
  const { list, path } = found;
  const messages: Message[] = [];
  const sources: unknown[][] = [];
  const systemTexts: string[] = [];
  const systemSources: unknown[] = [];
  let results: ToolResultBlock[] | undefined;
  let open: string[] = [];
  let made = 0;
  let warnedSystem = false;
  // A made-up id must not be one the file holds, so export can tell the two apart and write made-up ones back as null.
  const taken = lcCallIdsWritten(context.text);
  const newId = (): string => {
    let id = `lc_call_${made++}`;
    while (taken.has(id)) id = `lc_call_${made++}`;
    return id;
  };
  const push = (message: Message, record: unknown): void => {
    messages.push(message);
    sources.push([record]);
  };

  list.forEach((record, index) => {
    const view = messageView(record);
    if (view === undefined) {
      context.warnings.push({ message: `${recordAt(found, index)} skipped: not a LangChain message.` });
      // Kept beside the message before it, so export writes it back where it was.
      (sources[sources.length - 1] ?? systemSources).push(record);
      return;
    }
    const { fields } = view;
    const role = view.type === 'chat' || view.type === 'generic' ? String(fields.role ?? 'user') : view.type;
    if (role === 'remove') {
      context.skipped.set('remove', (context.skipped.get('remove') ?? 0) + 1);
      (sources[sources.length - 1] ?? systemSources).push(record);
      return;
    }
    if (role === 'tool') {
      const named = typeof fields.tool_call_id === 'string' ? fields.tool_call_id : undefined;
      const id = named ?? open[0] ?? newId();
      open = open.filter((o) => o !== id);
      const block: ToolResultBlock = { type: 'tool_result', tool_use_id: id, content: Array.isArray(fields.content) ? contentBlocks(fields.content) : joinTextParts(fields.content) };
      if (fields.status === 'error') block.is_error = true;
      if (results !== undefined) {
        results.push(block);
        sources[sources.length - 1]?.push(record);
      } else {
        results = [block];
        push({ role: 'user', content: results }, record);
      }
      return;
    }
    results = undefined;
    if ((role === 'system' || role === 'developer') && messages.length === 0) {
      systemTexts.push(joinTextParts(fields.content));
      systemSources.push(record);
      return;
    }
    if (role === 'ai' || role === 'assistant') {
      const message = aiMessage(fields, newId);
      open = Array.isArray(message.content) ? message.content.flatMap((b) => (b.type === 'tool_use' && typeof b.id === 'string' ? [b.id] : [])) : [];
      push(message, record);
      return;
    }
    if ((role === 'system' || role === 'developer') && !warnedSystem) {
      context.warnings.push({ message: `${recordAt(found, index)} is a system message after the conversation began; it is shown as a user message.` });
      warnedSystem = true;
    }
    const { content } = fields;
    push({ role: 'user', content: Array.isArray(content) ? contentBlocks(content) : typeof content === 'string' ? content : joinTextParts(content) }, record);
  });

  const envelope = found.around ?? (isRecord(source.value) && path.length === 1 ? omit(source.value, 'messages') : undefined);
  const conversation: Conversation = {
    id: 'conversation-1',
    title: conversationTitle(messages, context.fileName ?? 'LangChain messages'),
    format: 'langchain',
    messages,
    sources,
    layout: path.length === 0 ? { kind: 'array' } : { kind: 'object', key: String(path[path.length - 1]), path },
    sourceText: context.text,
  };
  if (envelope !== undefined) conversation.envelope = envelope;
  if (systemTexts.length > 0) conversation.system = systemTexts.join('\n\n');
  if (systemSources.length > 0) conversation.systemSources = systemSources;
  return [conversation];
}

function omit(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _omitted, ...rest } = value;
  return rest;
}
