/**
 * The same transcript in the shapes the peers take, so each is benchmarked on its own terms:
 * the AI SDK's ModelMessage (tool-call parts, role 'tool' results) and LangChain's message classes.
 * Conversion is done once, outside the timed region; strings are shared, not copied.
 */
import type { ModelMessage, AssistantModelMessage, ToolModelMessage, UserModelMessage } from 'ai';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ContentBlock, Message } from '../src/core';

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type ToolPart = ToolModelMessage['content'][number];

const blocksOf = (message: Message): ContentBlock[] =>
  typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;

/** Text of a tool_result, whose content may be a string or text blocks. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: { type?: unknown; text?: unknown }) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('');
}

/**
 * Anthropic puts tool results in a user message; the AI SDK wants them in a 'tool' message, with
 * any text beside them in a user message after it. So the output can be slightly longer than the input.
 */
export function toModelMessages(messages: readonly Message[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  const toolNames = new Map<string, string>();
  for (const message of messages) {
    const blocks = blocksOf(message);
    if (message.role === 'assistant') {
      const parts: AssistantPart[] = [];
      for (const block of blocks) {
        if (block.type === 'text') parts.push({ type: 'text', text: String(block.text) });
        else if (block.type === 'thinking') parts.push({ type: 'reasoning', text: String(block.thinking) });
        else if (block.type === 'tool_use') {
          const id = String(block.id);
          const name = String(block.name);
          toolNames.set(id, name);
          parts.push({ type: 'tool-call', toolCallId: id, toolName: name, input: block.input });
        }
      }
      out.push({ role: 'assistant', content: parts });
      continue;
    }
    const results: ToolPart[] = [];
    const texts: Exclude<UserModelMessage['content'], string> = [];
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        const id = String(block.tool_use_id);
        const value = resultText(block.content);
        results.push({
          type: 'tool-result',
          toolCallId: id,
          toolName: toolNames.get(id) ?? 'unknown',
          output: block.is_error === true ? { type: 'error-text', value } : { type: 'text', value },
        });
      } else if (block.type === 'text') {
        texts.push({ type: 'text', text: String(block.text) });
      }
    }
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (texts.length > 0) out.push({ role: 'user', content: texts });
  }
  return out;
}

/**
 * LangChain's Anthropic integration keeps text and thinking as content blocks of an AIMessage and
 * the calls in `tool_calls`; each result is its own ToolMessage.
 */
export function toLangChainMessages(messages: readonly Message[]): BaseMessage[] {
  const out: BaseMessage[] = [];
  for (const message of messages) {
    const blocks = blocksOf(message);
    if (message.role === 'assistant') {
      const content: { type: string; text?: string; thinking?: string }[] = [];
      const toolCalls: { id: string; name: string; args: Record<string, unknown>; type: 'tool_call' }[] = [];
      for (const block of blocks) {
        if (block.type === 'text') content.push({ type: 'text', text: String(block.text) });
        else if (block.type === 'thinking') content.push({ type: 'thinking', thinking: String(block.thinking) });
        else if (block.type === 'tool_use') {
          toolCalls.push({ id: String(block.id), name: String(block.name), args: block.input as Record<string, unknown>, type: 'tool_call' });
        }
      }
      out.push(new AIMessage({ content, tool_calls: toolCalls }));
      continue;
    }
    const texts: { type: 'text'; text: string }[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        out.push(
          new ToolMessage({
            content: resultText(block.content),
            tool_call_id: String(block.tool_use_id),
            status: block.is_error === true ? 'error' : 'success',
          }),
        );
      } else if (block.type === 'text') {
        texts.push({ type: 'text', text: String(block.text) });
      }
    }
    if (texts.length > 0) out.push(new HumanMessage({ content: texts }));
  }
  return out;
}

/** chars/4, the usual rough token estimate; counts text, thinking and result text, not call arguments. */
export function langChainTokens(messages: readonly BaseMessage[]): number {
  let chars = 0;
  for (const message of messages) {
    const content: unknown = message.content;
    if (typeof content === 'string') {
      chars += content.length;
    } else if (Array.isArray(content)) {
      for (const block of content as { text?: unknown; thinking?: unknown }[]) {
        if (typeof block.text === 'string') chars += block.text.length;
        else if (typeof block.thinking === 'string') chars += block.thinking.length;
      }
    }
  }
  return Math.ceil(chars / 4);
}

/** Unanswered calls plus results that answer nothing: what an API would reject. */
function countOrphans(uses: string[], results: string[]): number {
  const open = new Map<string, number>();
  for (const id of uses) open.set(id, (open.get(id) ?? 0) + 1);
  let orphans = 0;
  for (const id of results) {
    const left = open.get(id) ?? 0;
    if (left > 0) open.set(id, left - 1);
    else orphans++;
  }
  for (const left of open.values()) orphans += left;
  return orphans;
}

export function anthropicOrphans(messages: readonly Message[]): number {
  const uses: string[] = [];
  const results: string[] = [];
  for (const message of messages) {
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_use') uses.push(String(block.id));
      else if (block.type === 'tool_result') results.push(String(block.tool_use_id));
    }
  }
  return countOrphans(uses, results);
}

export function modelMessageOrphans(messages: readonly ModelMessage[]): number {
  const uses: string[] = [];
  const results: string[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') uses.push(part.toolCallId);
      else if (part.type === 'tool-result') results.push(part.toolCallId);
    }
  }
  return countOrphans(uses, results);
}

export function langChainOrphans(messages: readonly BaseMessage[]): number {
  const uses: string[] = [];
  const results: string[] = [];
  for (const message of messages) {
    if (AIMessage.isInstance(message)) for (const call of message.tool_calls ?? []) uses.push(call.id ?? '');
    else if (ToolMessage.isInstance(message)) results.push(message.tool_call_id);
  }
  return countOrphans(uses, results);
}
