import type { ContentBlock, Message, ToolResultBlock } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { ConversationOf, ParseWarning } from '../format-types';
import { parseToolArguments } from '../parse-tool-arguments';
import { joinTextParts } from '../join-text-parts';
import { chatPartToBlock } from '../chat-part-to-block';

type Conversation = ConversationOf<'openai-chat'>;

type ChatRecord = Record<string, unknown>;

/**
 * OpenAI Chat Completions: a bare array of messages, `{ messages }`, or several conversations in one file
 * (`[{ task_id, traj: [...] }]`, as tau-bench writes them), one conversation each.
 *
 * Each chat message becomes one canonical message, except that a run of `tool` messages becomes one user message of
 * `tool_result` blocks, the way the Anthropic shape needs them. Leading system/developer messages become `system`.
 * Ids are kept as written: tau-bench reuses them, and the core pairs by position.
 */
export function parseOpenAIChat(value: unknown, fileName: string | undefined, warnings: ParseWarning[]): Conversation[] {
  const fallback = fileName ?? 'OpenAI chat';
  if (Array.isArray(value) && value.length > 0 && value.every(isEntry)) {
    const seen = new Map<string, number>();
    return value.map((entry: ChatRecord, index) => {
      const key = Array.isArray(entry.traj) ? 'traj' : 'messages';
      const { [key]: records, ...envelope } = entry;
      const base =
        typeof entry.task_id === 'string' || typeof entry.task_id === 'number'
          ? `task-${entry.task_id}${typeof entry.trial === 'number' ? `-trial-${entry.trial}` : ''}`
          : `conversation-${index + 1}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const id = count === 1 ? base : `${base}#${count}`;
      const title =
        entry.task_id !== undefined ? `Task ${String(entry.task_id)}${typeof entry.trial === 'number' ? ` (trial ${entry.trial})` : ''}` : '';
      const conversation = convert(records as ChatRecord[], id, title, warnings, `conversation ${index + 1}: `);
      if (conversation.title === '') conversation.title = conversationTitle(conversation.messages, `${fallback} #${index + 1}`);
      conversation.envelope = envelope;
      conversation.layout = { kind: 'entry', key };
      return conversation;
    });
  }
  if (Array.isArray(value)) {
    const conversation = convert(value as ChatRecord[], 'conversation-1', '', warnings, '');
    conversation.title = conversationTitle(conversation.messages, fallback);
    conversation.layout = { kind: 'array' };
    return [conversation];
  }
  const { messages: records, ...envelope } = value as ChatRecord;
  const conversation = convert(records as ChatRecord[], 'conversation-1', '', warnings, '');
  conversation.title = conversationTitle(conversation.messages, fallback);
  conversation.envelope = envelope;
  conversation.layout = { kind: 'object', key: 'messages' };
  return [conversation];
}

function isRecord(value: unknown): value is ChatRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isEntry(value: unknown): value is ChatRecord {
  return isRecord(value) && (Array.isArray(value.traj) || Array.isArray(value.messages)) && !('role' in value);
}

function convert(records: ChatRecord[], id: string, title: string, warnings: ParseWarning[], where: string): Conversation {
  const messages: Message[] = [];
  const sources: unknown[][] = [];
  const systemTexts: string[] = [];
  const systemSources: unknown[] = [];
  // The open run of tool messages, which all go into one user message.
  let toolRun: ToolResultBlock[] | undefined;
  // Legacy `function_call` has no id: the next `function` message answers it.
  let legacyCallId: string | undefined;
  let legacyCalls = 0;
  let warnedSystem = false;

  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (!isRecord(record)) {
      warnings.push({ message: `${where === '' ? 'Message' : `${where}message`} ${index + 1} skipped: not a JSON object.` });
      continue;
    }
    const role = record.role;
    if (role === 'tool' || role === 'function') {
      const toolUseId =
        typeof record.tool_call_id === 'string' ? record.tool_call_id : (legacyCallId ?? `call_${legacyCalls}`);
      legacyCallId = undefined;
      const block: ToolResultBlock = { type: 'tool_result', tool_use_id: toolUseId, content: resultContent(record.content) };
      if (toolRun !== undefined) {
        toolRun.push(block);
        sources[sources.length - 1]?.push(record);
      } else {
        toolRun = [block];
        messages.push({ role: 'user', content: toolRun });
        sources.push([record]);
      }
      continue;
    }
    toolRun = undefined;
    if (role === 'system' || role === 'developer') {
      const text = joinTextParts(record.content);
      if (messages.length === 0) {
        systemTexts.push(text);
        systemSources.push(record);
        continue;
      }
      if (!warnedSystem) {
        warnings.push({ message: `${where}a ${role} message after the conversation began (message ${index + 1}) is shown as a user message.` });
        warnedSystem = true;
      }
      messages.push({ role: 'user', content: text });
      sources.push([record]);
      continue;
    }
    if (role === 'assistant') {
      const blocks: ContentBlock[] = [];
      const { content } = record;
      const calls = Array.isArray(record.tool_calls) ? record.tool_calls : [];
      const legacy = isRecord(record.function_call) ? record.function_call : undefined;
      if (calls.length === 0 && legacy === undefined && typeof content === 'string') {
        messages.push({ role: 'assistant', content });
        sources.push([record]);
        continue;
      }
      if (typeof content === 'string') {
        if (content !== '') blocks.push({ type: 'text', text: content });
      } else if (Array.isArray(content)) {
        for (const part of content) blocks.push(chatPartToBlock(part));
      } else if (typeof record.refusal === 'string') {
        blocks.push({ type: 'text', text: record.refusal });
      }
      for (const call of calls) {
        if (!isRecord(call)) continue;
        const fn = isRecord(call.function) ? call.function : isRecord(call.custom) ? call.custom : {};
        blocks.push({
          type: 'tool_use',
          id: typeof call.id === 'string' ? call.id : `call_${legacyCalls++}`,
          name: typeof fn.name === 'string' ? fn.name : '',
          input: 'arguments' in fn ? parseToolArguments(fn.arguments) : fn.input,
        });
      }
      if (legacy !== undefined) {
        legacyCallId = `call_${legacyCalls++}`;
        blocks.push({
          type: 'tool_use',
          id: legacyCallId,
          name: typeof legacy.name === 'string' ? legacy.name : '',
          input: parseToolArguments(legacy.arguments),
        });
      }
      messages.push({ role: 'assistant', content: blocks });
      sources.push([record]);
      continue;
    }
    // user, and any role the detector let through: shown as the user's.
    const { content } = record;
    messages.push({
      role: 'user',
      content: typeof content === 'string' ? content : Array.isArray(content) ? content.map(chatPartToBlock) : '',
    });
    sources.push([record]);
  }

  const conversation: Conversation = { id, title, format: 'openai-chat', messages, sources };
  if (systemSources.length > 0) {
    conversation.system = systemTexts.join('\n\n');
    conversation.systemSources = systemSources;
  }
  return conversation;
}

function resultContent(content: unknown): string | ContentBlock[] {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(chatPartToBlock);
  return '';
}
