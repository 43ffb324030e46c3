import type { ContentBlock, Message } from '../../types';
import type { ConversationOf as Conversation } from '../format-types';

type Line = Record<string, unknown>;

/**
 * A Claude Code session JSONL for `messages`, one line per message.
 *
 * A message read from a single line that still holds exactly that line's blocks is written as that line; merged
 * messages (parts sharing `message.id`, results gathered from several lines) and repaired ones are written as one
 * line built on their first record, with the message's own content. `parentUuid` is relinked to the previous written line wherever its parent was not written, so the
 * chain Claude Code follows on resume stays whole after pruning. Compact boundary lines are written before the
 * message that followed them; other bookkeeping lines (progress, snapshots) are not. A subagent conversation is
 * written as a main one.
 */
export function writeClaudeCodeLines(conversation: Conversation, messages: readonly Message[]): string {
  const own = conversation.format === 'claude-code';
  const index = new Map<Message, number>();
  if (own) conversation.messages.forEach((message, i) => index.set(message, i));
  const sessionId = own ? conversation.id.split('/')[0] : conversation.id;
  const written = new Set<unknown>();
  let previous: unknown = null;
  let synthetic = 0;
  const out: string[] = [];
  // Compact boundary lines go back right before the first message after them, so a re-read finds the boundary.
  const fences = new Map<number, Line[]>();
  for (const boundary of own ? (conversation.boundaries ?? []) : []) {
    if (boundary.record === undefined) continue;
    const list = fences.get(boundary.messageIndex);
    if (list === undefined) fences.set(boundary.messageIndex, [boundary.record]);
    else list.push(boundary.record);
  }
  const write = (line: Line): void => {
    if (line.isSidechain === true) line.isSidechain = false;
    if (line.parentUuid !== null && !written.has(line.parentUuid)) line.parentUuid = previous;
    if (out.length === 0) line.parentUuid = null;
    if (line.uuid !== undefined) {
      written.add(line.uuid);
      previous = line.uuid;
    }
    out.push(JSON.stringify(line));
  };

  for (const message of messages) {
    const i = index.get(message);
    for (const fence of i === undefined ? [] : (fences.get(i) ?? [])) write({ ...fence });
    const records = i === undefined ? undefined : (conversation.sources[i] as Line[] | undefined);
    const annotation = i === undefined ? undefined : conversation.annotations?.[i];
    let line: Line;
    if (records !== undefined && records.length > 0) {
      const template = records.find((r) => r.type === message.role) ?? (records[0] as Line);
      if (records.length === 1 && annotation?.repaired !== true && sameBlocks(template, message)) {
        line = { ...template };
      } else {
        const { toolUseResult: _result, sourceToolAssistantUUID: _from, ...rest } = template;
        const source = (template.message ?? {}) as Line;
        line = { ...rest, message: { ...source, role: message.role, content: message.content } };
        if (annotation?.compactSummary) line.isCompactSummary = true;
        else delete line.isCompactSummary;
        if (annotation?.meta) line.isMeta = true;
        else delete line.isMeta;
      }
    } else {
      synthetic++;
      const uuid = `prunescope-${synthetic}`;
      line = {
        parentUuid: null,
        isSidechain: false,
        type: message.role,
        message:
          message.role === 'assistant'
            ? { id: `msg_prunescope_${synthetic}`, type: 'message', role: 'assistant', model: '<synthetic>', content: message.content }
            : { role: 'user', content: message.content },
        uuid,
        sessionId,
      };
    }
    write(line);
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

function sameBlocks(record: Line, message: Message): boolean {
  const source = record.message as { content?: unknown } | undefined;
  const written = source?.content;
  if (typeof message.content === 'string') return written === message.content;
  if (!Array.isArray(written) || written.length !== message.content.length) return false;
  return message.content.every((block: ContentBlock, k) => written[k] === block);
}
