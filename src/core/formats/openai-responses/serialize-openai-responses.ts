import type { Message } from '../../types';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';
import { ownRecords } from '../own-records';
import { toOpenAIResponsesItems } from './to-openai-responses-items';

/**
 * OpenAI Responses items: a Codex rollout back as rollout lines (only its `response_item` lines), an items array or
 * `{ input }` in its own layout, or messages converted from another format.
 */
export function serializeOpenAIResponses(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  if (!own) {
    const { items, dropped } = toOpenAIResponsesItems(messages);
    const value = conversation.system !== undefined ? { instructions: conversation.system, input: items } : items;
    return jsonExport(value, exportNote(`Converted from ${from}.`, { dropped }));
  }
  const layout = conversation.layout;
  if (layout?.kind === 'jsonl') {
    let timestamp: unknown;
    const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => {
      const { items, dropped: lost } = toOpenAIResponsesItems(rest);
      return { messages: items.map((payload) => ({ timestamp, type: 'response_item', payload })), dropped: lost };
    }, (record) => {
      timestamp = (record as { timestamp?: unknown }).timestamp;
    });
    const lines = [...(conversation.envelope?.session_meta !== undefined ? [conversation.envelope.session_meta] : []), ...(conversation.systemSources ?? []), ...records];
    return {
      text: lines.length === 0 ? '' : `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
      fileExtension: 'jsonl',
      mimeType: 'application/x-ndjson',
      note: exportNote('Only the response_item lines are written; event_msg and turn_context lines are not.', { rewritten, dropped }) as string,
    };
  }
  const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => {
    const { items, dropped: lost } = toOpenAIResponsesItems(rest);
    return { messages: items, dropped: lost };
  });
  const list = [...(conversation.systemSources ?? []), ...records];
  const value = layout?.kind === 'object' ? { ...conversation.envelope, [layout.key]: list } : list;
  return jsonExport(value, exportNote(undefined, { rewritten, dropped }));
}
