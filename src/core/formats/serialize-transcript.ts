import type { Message } from '../types';
import { toOpenAIChatMessages } from './to-openai-chat-messages';
import { toOpenAIResponsesItems } from './to-openai-responses-items';
import type { Conversation, SerializedTranscript, TranscriptFormat } from './types';
import { writeClaudeCodeLines } from './write-claude-code-lines';

const NAMES: Record<TranscriptFormat, string> = {
  anthropic: 'Anthropic Messages JSON',
  'claude-code': 'Claude Code session JSONL',
  'openai-chat': 'OpenAI Chat Completions JSON',
  'openai-responses': 'OpenAI Responses items',
};

/**
 * Writes `messages` (the conversation's messages, or a pruned subset of them plus synthetic messages such as the
 * summary placeholder) as text in `format`, by default the conversation's own.
 *
 * Kept messages are found by identity in `conversation.messages` and written from their source records, so what
 * comes back is what the agent wrote, in the file's own layout (request body, `{ task_id, traj }` entry, rollout
 * lines). Messages without a record, and messages `repairConversation` changed (annotated `repaired`), are written
 * from their content: Anthropic and Claude Code hold it as it is, OpenAI formats get it converted from the canonical
 * shape, which the note says. Parsing the result gives the same canonical messages. `note` tells the user whatever
 * the export changed beyond dropping messages.
 */
export function serializeTranscript(
  conversation: Conversation,
  messages: readonly Message[],
  format: TranscriptFormat = conversation.format,
): SerializedTranscript {
  const own = format === conversation.format;
  const from = NAMES[conversation.format];
  switch (format) {
    case 'anthropic': {
      const layout = own ? conversation.layout : undefined;
      let value: unknown = messages;
      if (layout?.kind === 'object') value = { ...conversation.envelope, [layout.key]: messages };
      else if (!own && conversation.system !== undefined) value = { system: conversation.system, messages };
      return json(value, format, own ? undefined : `Written as Anthropic Messages JSON; the source was ${from}.`);
    }
    case 'claude-code': {
      const note = own
        ? 'One line per message; compact boundaries are kept, progress, snapshot and other bookkeeping lines are not.'
        : `Written as a Claude Code session; the source was ${from}.`;
      return { text: writeClaudeCodeLines(conversation, messages), format, fileExtension: 'jsonl', mimeType: 'application/x-ndjson', note };
    }
    case 'openai-chat': {
      if (!own) {
        const converted = toOpenAIChatMessages(messages, conversation.system);
        return json(converted.messages, format, joinNotes(`Converted from ${from}.`, lostNote(converted.dropped)));
      }
      const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => toOpenAIChatMessages(rest));
      const list = [...(conversation.systemSources ?? []), ...records];
      const note = joinNotes(rewrittenNote(rewritten), lostNote(dropped));
      const layout = conversation.layout;
      if (layout?.kind === 'object') return json({ ...conversation.envelope, [layout.key]: list }, format, note);
      if (layout?.kind === 'entry') return json([{ ...conversation.envelope, [layout.key]: list }], format, note);
      return json(list, format, note);
    }
    case 'openai-responses': {
      if (!own) {
        const { items, dropped } = toOpenAIResponsesItems(messages);
        const value = conversation.system !== undefined ? { instructions: conversation.system, input: items } : items;
        return json(value, format, joinNotes(`Converted from ${from}.`, lostNote(dropped)));
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
          format,
          fileExtension: 'jsonl',
          mimeType: 'application/x-ndjson',
          note: joinNotes('Only the response_item lines are written; event_msg and turn_context lines are not.', rewrittenNote(rewritten), lostNote(dropped)),
        };
      }
      const { records, dropped, rewritten } = ownRecords(conversation, messages, (rest) => {
        const { items, dropped: lost } = toOpenAIResponsesItems(rest);
        return { messages: items, dropped: lost };
      });
      const list = [...(conversation.systemSources ?? []), ...records];
      const value = layout?.kind === 'object' ? { ...conversation.envelope, [layout.key]: list } : list;
      return json(value, format, joinNotes(rewrittenNote(rewritten), lostNote(dropped)));
    }
  }
}

/**
 * The source records of kept messages, in the order given, with `convert` writing the messages that have none.
 * `seen` is told of each record written, so a converter can borrow context (a rollout timestamp) from its neighbour.
 */
function ownRecords(
  conversation: Conversation,
  messages: readonly Message[],
  convert: (rest: Message[]) => { messages: unknown[]; dropped: number },
  seen?: (record: unknown) => void,
): { records: unknown[]; dropped: number; rewritten: number } {
  const index = new Map<Message, number>();
  conversation.messages.forEach((message, i) => index.set(message, i));
  const records: unknown[] = [];
  let dropped = 0;
  let rewritten = 0;
  for (const message of messages) {
    const i = index.get(message);
    const sources = i === undefined ? undefined : conversation.sources[i];
    // A repaired message no longer matches its records: they are kept for the raw view, its content is written.
    const repaired = i !== undefined && conversation.annotations?.[i]?.repaired === true;
    if (sources !== undefined && sources.length > 0 && !repaired) {
      for (const record of sources) {
        records.push(record);
        seen?.(record);
      }
    } else {
      const converted = convert([message]);
      records.push(...converted.messages);
      dropped += converted.dropped;
      if (repaired) rewritten++;
    }
  }
  return { records, dropped, rewritten };
}

function rewrittenNote(rewritten: number): string | undefined {
  if (rewritten === 0) return undefined;
  return rewritten === 1
    ? '1 repaired message is written from its repaired content, converted from the canonical shape.'
    : `${rewritten} repaired messages are written from their repaired content, converted from the canonical shape.`;
}

function json(value: unknown, format: TranscriptFormat, note: string | undefined): SerializedTranscript {
  const result: SerializedTranscript = { text: JSON.stringify(value, null, 2), format, fileExtension: 'json', mimeType: 'application/json' };
  if (note !== undefined) result.note = note;
  return result;
}

function lostNote(dropped: number): string | undefined {
  return dropped === 0 ? undefined : `${dropped} block${dropped === 1 ? '' : 's'} with no equivalent in this format (thinking, server tools, …) left out.`;
}

function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const kept = notes.filter((n): n is string => n !== undefined);
  return kept.length === 0 ? undefined : kept.join(' ');
}
