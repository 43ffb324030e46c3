import type { ContentBlock, Message } from '../../types';
import { isRecord } from '../is-record';
import { otelPartToBlock } from './otel-part-to-block';

/** Canonical messages from OpenTelemetry GenAI messages, with the message each came from. */
export interface OtelConversation {
  messages: Message[];
  /** Per canonical message, the GenAI messages behind it. */
  sources: unknown[][];
  /** Text of the leading `system` messages. */
  system: string[];
  systemSources: unknown[];
  /** For each GenAI message (by position), the index of the canonical message it is in. */
  positions: number[];
}

/**
 * GenAI messages (`{ role, parts }`) as canonical messages: `assistant` → assistant; `user` and `tool` → user (a run of
 * `tool` messages, one per response as OpenAI instrumentations write them, is one user message); leading `system`
 * messages → the system prompt, a later one a user message. Calls and responses pair by id, and a response with no
 * id (or an id no call of the turn before has) takes the first call of that turn still unanswered, so `null` ids and
 * ids that differ by whitespace still pair.
 */
export function otelMessagesToCanonical(list: readonly unknown[]): OtelConversation {
  const out: OtelConversation = { messages: [], sources: [], system: [], systemSources: [], positions: [] };
  let inToolRun = false;
  // Ids of the calls of the last assistant message not answered yet, in order.
  let open: string[] = [];
  for (const record of list) {
    const role = isRecord(record) ? record.role : undefined;
    const parts = isRecord(record) && Array.isArray(record.parts) ? record.parts : [];
    if (role === 'system' && out.messages.length === 0) {
      out.system.push(parts.map((p) => (isRecord(p) && typeof p.content === 'string' ? p.content : '')).join('\n\n'));
      out.systemSources.push(record);
      out.positions.push(-1);
      continue;
    }
    const blocks: ContentBlock[] = parts.map(otelPartToBlock);
    if (role === 'assistant') {
      open = blocks.flatMap((b) => (b.type === 'tool_use' ? [String(b.id)] : []));
    } else {
      for (const block of blocks) {
        if (block.type !== 'tool_result') continue;
        const id = String(block.tool_use_id);
        const at = open.indexOf(id);
        const index = at === -1 ? 0 : at;
        if (open.length > 0) {
          block.tool_use_id = open[index] as string;
          open.splice(index, 1);
        }
      }
    }
    if (role === 'tool' && inToolRun) {
      const last = out.messages[out.messages.length - 1];
      if (last !== undefined && Array.isArray(last.content)) last.content.push(...blocks);
      out.sources[out.sources.length - 1]?.push(record);
      out.positions.push(out.messages.length - 1);
      continue;
    }
    inToolRun = role === 'tool';
    out.messages.push({ role: role === 'assistant' ? 'assistant' : 'user', content: blocks });
    out.sources.push([record]);
    out.positions.push(out.messages.length - 1);
  }
  return out;
}
