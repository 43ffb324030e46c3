import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';

type Rec = Record<string, unknown>;

/**
 * A record of mini-SWE-agent's Responses model as the Chat message it stands for, for `readHistory`: a Response
 * object (`object: "response"`, its `output` items) is the assistant's turn, a `function_call_output` answers its
 * call, a `message` item is the user's. Chat records are given back as they are.
 */
export function chatView(record: Rec): Rec {
  if (record.object === 'response') {
    const texts: string[] = [];
    const calls: Rec[] = [];
    const thinking: Rec[] = [];
    for (const item of Array.isArray(record.output) ? record.output : []) {
      if (!isRecord(item)) continue;
      if (item.type === 'message') texts.push(joinTextParts(item.content));
      else if (item.type === 'function_call') {
        calls.push({ id: item.call_id ?? item.id, type: 'function', function: { name: item.name, arguments: item.arguments } });
      } else if (item.type === 'reasoning') {
        const summary = joinTextParts(item.summary);
        if (summary !== '') thinking.push({ type: 'thinking', thinking: summary });
        else if (typeof item.encrypted_content === 'string') thinking.push({ type: 'redacted_thinking', data: item.encrypted_content });
      }
    }
    return { role: 'assistant', content: texts.join('\n\n'), tool_calls: calls, thinking_blocks: thinking };
  }
  if (record.type === 'function_call_output') return { role: 'tool', tool_call_id: record.call_id, content: typeof record.output === 'string' ? record.output : joinTextParts(record.output) };
  if (record.type === 'message' && typeof record.role === 'string') return { role: record.role, content: joinTextParts(record.content) };
  return record;
}
