import type { Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { ConversationOf, ParseContext } from '../format-types';
import { isRecord } from '../is-record';
import { uiMessageToPieces } from './ui-message-to-pieces';

type Conversation = ConversationOf<'ai-sdk-ui'>;

/**
 * AI SDK `UIMessage[]` as a `useChat` app persists them: a bare array, `{ messages }` or a chat record
 * `{ id, messages }`. Each message becomes the canonical messages the model is sent (`uiMessageToPieces`): a user
 * message one, an assistant message one per step plus one of each step's tool results, every one listing the
 * `UIMessage` in `sources`. Leading system messages are the system prompt. A message that sends nothing (only data
 * parts, say) is kept in the sources of the message before it, so export writes it back where it was.
 */
export function parseAiSdkUi(value: unknown, { fileName, text, warnings, skipped }: Omit<ParseContext, 'fileName'> & { fileName: string | undefined }): Conversation[] {
  const list = (Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.messages) ? value.messages : []) as unknown[];
  const messages: Message[] = [];
  const sources: unknown[][] = [];
  const systemTexts: string[] = [];
  const systemSources: unknown[] = [];
  let warnedSystem = false;

  const attach = (record: unknown): void => {
    const last = sources[sources.length - 1];
    if (last !== undefined) last.push(record);
    else if (systemSources.length > 0) systemSources.push(record);
    else {
      messages.push({ role: 'user', content: '' });
      sources.push([record]);
    }
  };

  list.forEach((record, index) => {
    if (!isRecord(record)) {
      warnings.push({ message: `messages[${index}] skipped: not a JSON object.` });
      attach(record);
      return;
    }
    if (!Array.isArray(record.parts)) warnings.push({ message: `messages[${index}] has no \`parts\` list; it is shown empty.` });
    const { pieces, skipped: notSent } = uiMessageToPieces(record);
    for (const kind of notSent) skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
    if (record.role === 'system' && messages.length === 0) {
      systemTexts.push(typeof pieces[0]?.message.content === 'string' ? pieces[0].message.content : '');
      systemSources.push(record);
      return;
    }
    if (record.role === 'system' && !warnedSystem) {
      warnings.push({ message: `A system message after the conversation began (messages[${index}]) is shown as a user message.` });
      warnedSystem = true;
    }
    if (pieces.length === 0) {
      attach(record);
      return;
    }
    for (const piece of pieces) {
      messages.push(piece.message);
      sources.push([record]);
    }
  });

  const conversation: Conversation = {
    id: isRecord(value) && typeof value.id === 'string' ? value.id : 'conversation-1',
    title: conversationTitle(messages, fileName ?? 'AI SDK UI messages'),
    format: 'ai-sdk-ui',
    messages,
    sources,
    sourceText: text,
  };
  if (isRecord(value)) {
    const { messages: _list, ...envelope } = value;
    conversation.envelope = envelope;
    conversation.layout = { kind: 'object', key: 'messages' };
  } else {
    conversation.layout = { kind: 'array' };
  }
  if (systemSources.length > 0) {
    conversation.system = systemTexts.join('\n\n');
    conversation.systemSources = systemSources;
  }
  return [conversation];
}
