import type { Message } from '../../types';
import type { ValidationProblem } from '../format-types';

/** A Chat Completions message as the canonical messages become after conversion, reduced to what is checked. */
type ChatMessage =
  | { role: 'assistant'; source: number; toolCalls: { id: string; source: number }[] }
  | { role: 'tool'; source: number; toolCallId: string }
  | { role: 'user'; source: number }
  | { role: 'other'; source: number };

/**
 * Checks messages as the OpenAI Chat Completions API would: real Chat messages as they are (`tool_calls`, `tool`
 * messages with their `tool_call_id`; a `system`, `developer` or `function` message ends a run of tool messages), and
 * canonical messages after conversion: each assistant
 * message becomes one assistant message (its `tool_use` blocks its `tool_calls`); a user message becomes one `tool`
 * message per `tool_result`, then one user message for its text and images (as `toOpenAIChatMessages` writes it).
 * Chat Completions does not merge messages, so two assistant messages in a row stay two. Server tool blocks have no Chat equivalent and
 * are ignored. `messageIndex` points at the canonical message holding the offending call or result.
 *
 * Rules, with the API's texts:
 * - `openai-chat/tool-calls-without-response`: an assistant message with `tool_calls` not directly followed by a
 *   `tool` message for every id: "An assistant message with 'tool_calls' must be followed by tool messages
 *   responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ID, …"
 * - `openai-chat/tool-without-call`: a `tool` message not directly after an assistant message with `tool_calls` (or
 *   its other tool messages): "Invalid parameter: messages with role 'tool' must be a response to a preceeding
 *   message with 'tool_calls'." (sic, the API's spelling)
 * - `openai-chat/tool-call-id-not-found`: a `tool` message in that run whose id the assistant did not call:
 *   "Invalid parameter: 'tool_call_id' of 'ID' not found in 'tool_calls' of previous message."
 */
export function validateOpenAiChat(messages: readonly Message[]): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  // The assistant message whose tool calls the current run of tool messages answers, with the ids still owed.
  let pending: { source: number; calls: { id: string; source: number }[]; answered: Set<string> } | undefined;
  // Whether the previous chat message was that assistant message or one of its tool messages.
  let inToolRun = false;

  const closePending = () => {
    if (pending === undefined) return;
    const owed = pending.calls.filter((call) => !pending?.answered.has(call.id));
    if (owed.length > 0) {
      problems.push({
        messageIndex: (owed[0] as { source: number }).source,
        rule: 'openai-chat/tool-calls-without-response',
        message:
          "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. " +
          `The following tool_call_ids did not have response messages: ${[...new Set(owed.map((c) => c.id))].join(', ')}`,
      });
    }
    pending = undefined;
  };

  for (const chat of toChatMessages(messages)) {
    if (chat.role === 'tool') {
      if (!inToolRun || pending === undefined) {
        problems.push({
          messageIndex: chat.source,
          rule: 'openai-chat/tool-without-call',
          message:
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        });
      } else if (!pending.calls.some((call) => call.id === chat.toolCallId)) {
        problems.push({
          messageIndex: chat.source,
          rule: 'openai-chat/tool-call-id-not-found',
          message: `Invalid parameter: 'tool_call_id' of '${chat.toolCallId}' not found in 'tool_calls' of previous message.`,
        });
      } else {
        pending.answered.add(chat.toolCallId);
      }
      continue;
    }
    closePending();
    inToolRun = false;
    if (chat.role === 'assistant' && chat.toolCalls.length > 0) {
      pending = { source: chat.source, calls: chat.toolCalls, answered: new Set() };
      inToolRun = true;
    }
  }
  closePending();
  return problems.sort((a, b) => a.messageIndex - b.messageIndex);
}

function toChatMessages(messages: readonly Message[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  messages.forEach((message, m) => {
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    const role = message.role as string;
    if (role === 'assistant') {
      const toolCalls: { id: string; source: number }[] = [];
      const native = (message as { tool_calls?: unknown }).tool_calls;
      if (Array.isArray(native)) for (const call of native) toolCalls.push({ id: String(asRecord(call)?.id), source: m });
      for (const raw of content) {
        const block = asRecord(raw);
        if (block?.type === 'tool_use' && typeof block.id === 'string') toolCalls.push({ id: block.id, source: m });
      }
      out.push({ role: 'assistant', source: m, toolCalls });
      return;
    }
    if (role === 'tool') {
      out.push({ role: 'tool', source: m, toolCallId: String((message as { tool_call_id?: unknown }).tool_call_id) });
      return;
    }
    if (role !== 'user') {
      out.push({ role: 'other', source: m });
      return;
    }
    if (!Array.isArray(message.content)) {
      out.push({ role: 'user', source: m });
      return;
    }
    // As toOpenAIChatMessages writes it: the tool messages in block order, then one user message for the text and
    // images, if any.
    let parts = 0;
    for (const raw of content) {
      const block = asRecord(raw);
      if (block?.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        out.push({ role: 'tool', source: m, toolCallId: block.tool_use_id });
      } else if (block?.type === 'text' || block?.type === 'image') {
        parts++;
      }
    }
    if (parts > 0) out.push({ role: 'user', source: m });
  });
  return out;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
