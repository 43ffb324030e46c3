import type { Message } from '../../types';
import { exportJsonRecords } from '../export-json-records';
import { exportNote } from '../export-note';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { isRecord } from '../is-record';
import { jsonExport } from '../json-export';
import { keptUiMessage } from './kept-ui-message';
import { toUiMessages } from './to-ui-messages';
import { uiMessageToPieces, type UiPieces } from './ui-message-to-pieces';

/**
 * AI SDK `UIMessage[]` JSON. From its own file, spliced (`exportJsonRecords`): a `UIMessage` whose canonical messages
 * are all kept unchanged is copied byte for byte; one whose steps were partly dropped is rebuilt from its own parts
 * (`keptUiMessage`), a masked result setting its tool part's output; messages with no record (a summary) are
 * converted (`toUiMessages`). From another format: converted, the system prompt a leading system message.
 */
export function serializeAiSdkUi(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  let ids = 0;
  const nextId = () => `prunescope-${++ids}`;
  if (!own) {
    const converted = toUiMessages(messages, nextId, conversation.system);
    return jsonExport(converted.messages, exportNote(`Converted from ${from}.`, { dropped: converted.dropped }));
  }
  const origin = pieceOrigins(conversation);
  const cleared = thinkingClearedOrigins(conversation, origin, messages);
  const ownMessages = new Set(conversation.messages);
  const out: unknown[] = [];
  let pending: Message[] = [];
  let dropped = 0;
  let rewritten = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const converted = toUiMessages(pending, nextId);
    out.push(...converted.messages);
    dropped += converted.dropped;
    pending = [];
  };

  for (let k = 0; k < messages.length; ) {
    const message = messages[k] as Message;
    const from = origin.get(message) ?? cleared.get(message);
    if (from === undefined) {
      if (ownMessages.has(message)) rewritten++;
      pending.push(message);
      k++;
      continue;
    }
    flush();
    const { record, pieces } = from;
    const kept = new Set<number>();
    const replaced = new Map<number, Message>();
    const thinkingCleared = new Set<number>();
    const extras: unknown[] = [];
    let lastStep: number | undefined;
    while (k < messages.length) {
      const next = messages[k] as Message;
      const own = origin.get(next);
      const at = own ?? cleared.get(next);
      if (at !== undefined && at.record === record) {
        kept.add(at.piece);
        if (own === undefined) thinkingCleared.add(pieces.pieces[at.piece]?.step ?? -1);
        extras.push(...at.extras);
        lastStep = pieces.pieces[at.piece]?.step;
      } else if (at === undefined && lastStep !== undefined && isResultsOnly(next) && !replaced.has(lastStep)) {
        // A masked result: the step's tool parts take its content as their output.
        replaced.set(lastStep, next);
      } else break;
      k++;
    }
    const whole = kept.size === pieces.pieces.length && replaced.size === 0 && thinkingCleared.size === 0;
    out.push(whole ? record : keptUiMessage(record, pieces, kept, replaced, thinkingCleared));
    out.push(...extras);
  }
  flush();

  const list = [...(conversation.systemSources ?? []), ...out];
  return exportJsonRecords(conversation, list, exportNote(undefined, { rewritten, dropped }));
}

interface PieceOrigin {
  record: Record<string, unknown>;
  pieces: UiPieces;
  /** Which of the record's pieces the message is. */
  piece: number;
  /** Records that send nothing, kept beside this message (see `parseAiSdkUi`). */
  extras: unknown[];
}

/** For each unchanged message of the conversation, the `UIMessage` it comes from and which of its pieces it is. */
function pieceOrigins(conversation: ConversationOf): Map<Message, PieceOrigin> {
  const origins = new Map<Message, PieceOrigin>();
  const { messages, sources, annotations } = conversation;
  for (let i = 0; i < messages.length; ) {
    const record = sources[i]?.[0];
    let end = i + 1;
    while (end < messages.length && sources[end]?.[0] === record) end++;
    const pieces = isRecord(record) ? uiMessageToPieces(record) : undefined;
    // A record whose pieces are not the messages it gave (a repair merged or split them) is written from content.
    if (isRecord(record) && pieces !== undefined && pieces.pieces.length === end - i) {
      for (let j = i; j < end; j++) {
        if (annotations?.[j]?.repaired === true) continue;
        origins.set(messages[j] as Message, { record, pieces, piece: j - i, extras: sources[j]?.slice(1) ?? [] });
      }
    }
    i = end;
  }
  return origins;
}

/**
 * For each output message that is an own assistant message with its thinking cleared (`anthropic-clear-thinking`:
 * the core's copy holds the message's other blocks, the same objects, in order), the origin of the message it was
 * made from, so its step is written from its own parts, less the reasoning, and its results stay with it.
 */
function thinkingClearedOrigins(conversation: ConversationOf, origins: ReadonlyMap<Message, PieceOrigin>, messages: readonly Message[]): Map<Message, PieceOrigin> {
  const ownerOfBlock = new Map<unknown, Message>();
  for (const own of conversation.messages) {
    if (own.role === 'assistant' && Array.isArray(own.content)) for (const block of own.content) ownerOfBlock.set(block, own);
  }
  const out = new Map<Message, PieceOrigin>();
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.content) || message.content.length === 0 || origins.has(message)) continue;
    const own = ownerOfBlock.get(message.content[0]);
    const from = own === undefined ? undefined : origins.get(own);
    if (own === undefined || from === undefined || !Array.isArray(own.content)) continue;
    const rest = own.content.filter((b) => b.type !== 'thinking' && b.type !== 'redacted_thinking');
    if (rest.length === message.content.length && rest.every((b, k) => b === message.content[k])) out.set(message, from);
  }
  return out;
}

function isResultsOnly(message: Message): boolean {
  return message.role === 'user' && Array.isArray(message.content) && message.content.length > 0 && message.content.every((b) => b.type === 'tool_result');
}
