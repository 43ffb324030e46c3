import type { ContentBlock, Message } from '../types';
import { conversationTitle } from './conversation-title';
import type { JsonLine } from './transcript-source';
import type { Conversation, MessageAnnotation, ParseWarning } from './types';

type Line = Record<string, unknown>;

interface Part {
  record: Line;
  line: number;
}

interface AssistantNode {
  role: 'assistant';
  blocks: ContentBlock[];
  parts: Part[];
  /** Results of this node's calls, wherever they sat in the file; they go right after it. */
  results: ContentBlock[];
  resultParts: Part[];
}

interface UserNode {
  role: 'user';
  /** A string while the node holds one line with string content, kept as written. */
  content: string | ContentBlock[];
  parts: Part[];
}

/**
 * Claude Code session JSONL: one line per content block, many lines per API message.
 *
 * Assistant lines sharing `message.id` are one API message and are merged wherever they sit (tool_result lines
 * often come between the parts of a message with parallel calls). Each tool result is moved right after the
 * assistant message that made the call, and the user lines between two assistant messages become one user
 * message, tool results first, so roles alternate as the API wants. Sidechain (subagent) lines go to their own
 * conversations after the main one, which is left out when it has no line (a subagent file); progress, system, summary and other bookkeeping lines are skipped and counted.
 * Lookups use `Map`, so ids such as `__proto__` are ordinary keys. One pass, O(lines + blocks).
 */
export function parseClaudeCode(lines: JsonLine[], fileName: string | undefined, warnings: ParseWarning[]): Conversation[] {
  const main: Part[] = [];
  const sidechains = new Map<string, Part[]>();
  const skipped = new Map<string, number>();
  let sessionId: string | undefined;

  for (const { line, value } of lines) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      skipped.set('not an object', (skipped.get('not an object') ?? 0) + 1);
      continue;
    }
    const record = value as Line;
    const { type } = record;
    if ((type === 'user' || type === 'assistant') && isRecord(record.message)) {
      if (sessionId === undefined && typeof record.sessionId === 'string') sessionId = record.sessionId;
      if (record.isSidechain === true) {
        const agent = typeof record.agentId === 'string' ? record.agentId : 'sidechain';
        let group = sidechains.get(agent);
        if (group === undefined) sidechains.set(agent, (group = []));
        group.push({ record, line });
      } else {
        main.push({ record, line });
      }
      continue;
    }
    const name = typeof type === 'string' ? type : 'untyped';
    skipped.set(name, (skipped.get(name) ?? 0) + 1);
  }
  if (skipped.size > 0) {
    let total = 0;
    const parts: string[] = [];
    for (const [type, count] of skipped) {
      total += count;
      parts.push(`${type}: ${count}`);
    }
    warnings.push({
      message: `Skipped ${total} line${total === 1 ? '' : 's'} that are not conversation messages (${parts.join(', ')}).`,
    });
  }

  const id = sessionId ?? 'conversation-1';
  // A subagent file (`subagents/agent-*.jsonl`) has only sidechain lines: an empty main conversation is not listed.
  const conversations = main.length > 0 ? [build(main, id, fileName ?? 'Claude Code session')] : [];
  for (const [agent, group] of sidechains) {
    const conversation = build(group, `${id}/${agent}`, `Subagent ${agent}`);
    conversation.title = `Subagent: ${conversation.title}`;
    conversations.push(conversation);
  }
  return conversations;
}

function isRecord(value: unknown): value is Line {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function build(parts: Part[], id: string, fallback: string): Conversation {
  const nodes: (AssistantNode | UserNode)[] = [];
  const byMessageId = new Map<string, AssistantNode>();
  const callOwner = new Map<string, AssistantNode>();

  const userNode = (): UserNode => {
    const last = nodes[nodes.length - 1];
    if (last?.role === 'user') return last;
    const node: UserNode = { role: 'user', content: [], parts: [] };
    nodes.push(node);
    return node;
  };

  for (const part of parts) {
    const message = part.record.message as Line;
    const content = message.content;
    if (part.record.type === 'assistant') {
      const messageId = message.id;
      let node = typeof messageId === 'string' ? byMessageId.get(messageId) : undefined;
      if (node === undefined) {
        node = { role: 'assistant', blocks: [], parts: [], results: [], resultParts: [] };
        nodes.push(node);
        if (typeof messageId === 'string') byMessageId.set(messageId, node);
      }
      addPart(node.parts, part);
      if (typeof content === 'string') {
        node.blocks.push({ type: 'text', text: content });
        continue;
      }
      if (!Array.isArray(content)) continue;
      for (const block of content as ContentBlock[]) {
        node.blocks.push(block);
        if (block.type === 'tool_use' && typeof block.id === 'string') callOwner.set(block.id, node);
      }
      continue;
    }

    if (typeof content === 'string') {
      const node = userNode();
      if (node.parts.length === 0) node.content = content;
      else asBlocks(node).push({ type: 'text', text: content });
      addPart(node.parts, part);
      continue;
    }
    if (!Array.isArray(content)) continue;
    for (const block of content as ContentBlock[]) {
      const owner =
        block.type === 'tool_result' && typeof block.tool_use_id === 'string' ? callOwner.get(block.tool_use_id) : undefined;
      if (owner !== undefined) {
        owner.results.push(block);
        addPart(owner.resultParts, part);
      } else {
        const node = userNode();
        asBlocks(node).push(block);
        addPart(node.parts, part);
      }
    }
  }

  const messages: Message[] = [];
  const sources: unknown[][] = [];
  const sourceLines: number[][] = [];
  const annotations: (MessageAnnotation | undefined)[] = [];
  let annotated = false;
  const emit = (message: Message, from: Part[]): void => {
    messages.push(message);
    sources.push(from.map((p) => p.record));
    sourceLines.push(from.map((p) => p.line));
    let annotation: MessageAnnotation | undefined;
    if (message.role === 'user') {
      if (from.some((p) => p.record.isCompactSummary === true)) annotation = { compactSummary: true };
      if (from.length > 0 && from.every((p) => p.record.isMeta === true)) annotation = { ...annotation, meta: true };
    }
    if (annotation) annotated = true;
    annotations.push(annotation);
  };

  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as AssistantNode | UserNode;
    if (node.role === 'user') {
      emit({ role: 'user', content: node.content }, node.parts);
      continue;
    }
    emit({ role: 'assistant', content: node.blocks }, node.parts);
    if (node.results.length === 0) continue;
    const next = nodes[i + 1];
    if (next?.role === 'user') {
      // The results open the next user message; sources stay in file order.
      next.content = [...node.results, ...(typeof next.content === 'string' ? [text(next.content)] : next.content)];
      next.parts = mergeParts(node.resultParts, next.parts);
    } else {
      emit({ role: 'user', content: node.results }, node.resultParts);
    }
  }

  const userMessages = messages.filter((_, k) => annotations[k]?.meta !== true);
  const conversation: Conversation = {
    id,
    title: conversationTitle(userMessages, fallback),
    format: 'claude-code',
    messages,
    sources,
    sourceLines,
    layout: { kind: 'jsonl' },
  };
  if (annotated) conversation.annotations = annotations;
  return conversation;
}

function text(value: string): ContentBlock {
  return { type: 'text', text: value };
}

function asBlocks(node: UserNode): ContentBlock[] {
  if (typeof node.content === 'string') node.content = [text(node.content)];
  return node.content;
}

/** A line adds several blocks in a row; record it once. */
function addPart(parts: Part[], part: Part): void {
  if (parts[parts.length - 1]?.record !== part.record) parts.push(part);
}

function mergeParts(a: Part[], b: Part[]): Part[] {
  const merged: Part[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.line <= y.line)) {
      if (merged[merged.length - 1]?.record !== x?.record) merged.push(x as Part);
      i++;
    } else {
      if (merged[merged.length - 1]?.record !== y.record) merged.push(y);
      j++;
    }
  }
  return merged;
}
