import type { ContentBlock, Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { ConversationOf, ParseContext } from '../format-types';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';
import { modelPartToBlock } from './model-part-to-block';

type Conversation = ConversationOf<'ai-sdk'>;

/**
 * AI SDK `ModelMessage[]` (v5 to v7, and AI SDK 4 `CoreMessage[]`) as an app persists them: a bare array, `{ messages }`
 * or a chat record `{ id, messages }`. Each message is one canonical message, except that a run of `tool` messages
 * is one user message of `tool_result` blocks (as every provider receives them), and a `tool` message holding only
 * approval responses (which the SDK does not send) joins the message before it. Leading `system` messages are the
 * system prompt; a later one is shown as a user message, with a warning. Every element of the array is in some
 * message's `sources`, in file order, so export can splice the file (`exportJsonRecords`).
 */
export function parseAiSdk(value: unknown, { fileName, text, warnings }: Pick<ParseContext, 'fileName' | 'text' | 'warnings'>): Conversation[] {
  const list = (Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.messages) ? value.messages : []) as unknown[];
  const messages: Message[] = [];
  const sources: unknown[][] = [];
  const systemTexts: string[] = [];
  const systemSources: unknown[] = [];
  // The user message a run of tool messages is filling, while the run lasts.
  let toolRun: ContentBlock[] | undefined;
  let warnedSystem = false;

  const attachToPrevious = (record: unknown): boolean => {
    const last = sources[sources.length - 1];
    if (last !== undefined) last.push(record);
    else if (messages.length === 0 && systemSources.length > 0) systemSources.push(record);
    else return false;
    return true;
  };

  list.forEach((record, index) => {
    const where = `messages[${index}]`;
    if (!isRecord(record)) {
      warnings.push({ message: `${where} skipped: not a JSON object.` });
      if (!attachToPrevious(record)) {
        messages.push({ role: 'user', content: '' });
        sources.push([record]);
      }
      return;
    }
    const { role, content } = record;
    if (role === 'tool') {
      const blocks = partsToBlocks(content, 'tool', where, warnings);
      if (toolRun === undefined) {
        if (blocks.length === 0 && attachToPrevious(record)) return;
        toolRun = blocks;
        messages.push({ role: 'user', content: toolRun });
        sources.push([record]);
      } else {
        toolRun.push(...blocks);
        sources[sources.length - 1]?.push(record);
      }
      return;
    }
    toolRun = undefined;
    if (role === 'system') {
      const system = joinTextParts(content);
      if (messages.length === 0) {
        systemTexts.push(system);
        systemSources.push(record);
        return;
      }
      if (!warnedSystem) {
        warnings.push({ message: `A system message after the conversation began (${where}) is shown as a user message.` });
        warnedSystem = true;
      }
      messages.push({ role: 'user', content: system });
      sources.push([record]);
      return;
    }
    if (role !== 'user' && role !== 'assistant') warnings.push({ message: `${where} has role ${JSON.stringify(role)}; it is shown as a user message.` });
    const canonicalRole = role === 'assistant' ? 'assistant' : 'user';
    messages.push({ role: canonicalRole, content: typeof content === 'string' ? content : partsToBlocks(content, canonicalRole, where, warnings) });
    sources.push([record]);
  });

  const conversation: Conversation = {
    id: isRecord(value) && typeof value.id === 'string' ? value.id : 'conversation-1',
    title: conversationTitle(messages, fileName ?? 'AI SDK messages'),
    format: 'ai-sdk',
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

function partsToBlocks(content: unknown, role: 'user' | 'assistant' | 'tool', where: string, warnings: ParseContext['warnings']): ContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) {
    warnings.push({ message: `${where}.content is neither a string nor a list of parts; the message is shown empty.` });
    return [];
  }
  // Provider-executed calls whose results sit beside them in the same assistant message.
  const serverCalls = new Set<string>();
  for (const part of content) {
    if (isRecord(part) && part.type === 'tool-call' && part.providerExecuted === true && typeof part.toolCallId === 'string') serverCalls.add(part.toolCallId);
  }
  const blocks: ContentBlock[] = [];
  for (const part of content) {
    const block = modelPartToBlock(part, role, serverCalls);
    if (block !== undefined) blocks.push(block);
  }
  return blocks;
}
