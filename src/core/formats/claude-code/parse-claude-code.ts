import type { ContentBlock, Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { JsonLine } from '../format-types';
import type { CompactionBoundary, ConversationOf, MessageAnnotation, ParseWarning } from '../format-types';

type Conversation = ConversationOf<'claude-code'>;

type Line = Record<string, unknown>;

interface Part {
  record: Line;
  line: number;
}

/** A `compact_boundary` line: nothing before it may merge with what comes after it. */
interface Fence {
  fence: Part;
}

type Entry = Part | Fence;

/**
 * Line types Claude Code writes beside the conversation: progress and hook events, file snapshots for undo, the
 * prompt queue, system notices, session titles. Skipping them loses nothing of what the model was sent.
 */
const BOOKKEEPING = new Set(['progress', 'file-history-snapshot', 'queue-operation', 'system', 'summary', 'custom-title', 'ai-title', 'agent-name']);

interface AssistantNode {
  role: 'assistant';
  /** The compact boundary this node is the first message after. */
  fence?: Part;
  blocks: ContentBlock[];
  parts: Part[];
  /** Results of this node's calls, wherever they sat in the file; they go right after it. */
  results: ContentBlock[];
  resultParts: Part[];
}

interface UserNode {
  role: 'user';
  fence?: Part;
  /** A string while the node holds one line with string content, kept as written. */
  content: string | ContentBlock[];
  parts: Part[];
  /** A compact summary: its own message, which nothing joins. */
  summary?: boolean;
}

/**
 * Claude Code session JSONL: one line per content block, many lines per API message.
 *
 * Assistant lines sharing `message.id` are one API message and are merged wherever they sit (tool_result lines
 * often come between the parts of a message with parallel calls). Each tool result is moved right after the
 * assistant message that made the call, and the user lines between two assistant messages become one user
 * message, tool results first, so roles alternate as the API wants. A `compact_boundary` system line is recorded
 * as a boundary, and nothing merges across it: the compact summary after it is its own message (two user messages
 * in a row there are fine, the API merges them). Sidechain (subagent) lines go to their own
 * conversations after the main one, which is left out when it has no line (a subagent file). Bookkeeping lines
 * (progress, snapshots, system notices, titles) are counted in `skipped`; what may hold content it cannot read (an
 * unknown line type, a message line without a message) is a warning.
 * Lookups use `Map`, so ids such as `__proto__` are ordinary keys. One pass, O(lines + blocks).
 */
export function parseClaudeCode(
  lines: JsonLine[],
  fileName: string | undefined,
  warnings: ParseWarning[],
  skipped: Map<string, number>,
): Conversation[] {
  const main: Entry[] = [];
  let mainHasMessages = false;
  const sidechains = new Map<string, Entry[]>();
  const found: ParseWarning[] = [];
  const unknown = new Map<string, { count: number; first: number }>();
  let sessionId: string | undefined;
  const groupOf = (record: Line): Entry[] => {
    if (record.isSidechain !== true) return main;
    const agent = typeof record.agentId === 'string' ? record.agentId : 'sidechain';
    let group = sidechains.get(agent);
    if (group === undefined) sidechains.set(agent, (group = []));
    return group;
  };

  for (const { line, value } of lines) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      found.push({ line, message: `Line ${line} skipped: not a JSON object.` });
      continue;
    }
    const record = value as Line;
    const { type } = record;
    if (type === 'user' || type === 'assistant') {
      if (!isRecord(record.message)) {
        found.push({ line, message: `Line ${line} skipped: a \`${type}\` record without a \`message\` object.` });
        continue;
      }
      if (sessionId === undefined && typeof record.sessionId === 'string') sessionId = record.sessionId;
      const group = groupOf(record);
      group.push({ record, line });
      if (group === main) mainHasMessages = true;
      continue;
    }
    if (type === 'system' && record.subtype === 'compact_boundary') {
      groupOf(record).push({ fence: { record, line } });
      continue;
    }
    if (typeof type === 'string' && BOOKKEEPING.has(type)) {
      skipped.set(type, (skipped.get(type) ?? 0) + 1);
      continue;
    }
    const name = typeof type === 'string' ? type : '(none)';
    const seen = unknown.get(name);
    if (seen === undefined) unknown.set(name, { count: 1, first: line });
    else seen.count++;
  }
  for (const [name, { count, first }] of unknown) {
    const lines = count === 1 ? '1 line' : `${count} lines`;
    const they = count === 1 ? 'it may hold' : 'they may hold';
    found.push({ line: first, message: `Skipped ${lines} of unknown type \`${name}\` (first at line ${first}): ${they} conversation content.` });
  }
  warnings.push(...found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));

  const id = sessionId ?? 'conversation-1';
  // A subagent file (`subagents/agent-*.jsonl`) has only sidechain lines: an empty main conversation is not listed.
  const conversations = mainHasMessages ? [build(main, id, fileName ?? 'Claude Code session', skipped)] : [];
  for (const [agent, group] of sidechains) {
    const conversation = build(group, `${id}/${agent}`, `Subagent ${agent}`, skipped);
    conversation.title = `Subagent: ${conversation.title}`;
    conversations.push(conversation);
  }
  return conversations;
}

function isRecord(value: unknown): value is Line {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `skipped` counts the boundary lines with no message after them, which mark nothing. */
function build(entries: Entry[], id: string, fallback: string, skipped: Map<string, number>): Conversation {
  const nodes: (AssistantNode | UserNode)[] = [];
  const byMessageId = new Map<string, AssistantNode>();
  const callOwner = new Map<string, AssistantNode>();
  let fence: Part | undefined;

  const open = <T extends AssistantNode | UserNode>(node: T): T => {
    if (fence !== undefined) node.fence = fence;
    fence = undefined;
    nodes.push(node);
    return node;
  };
  const userNode = (): UserNode => {
    const last = nodes[nodes.length - 1];
    if (last?.role === 'user' && last.summary !== true && fence === undefined) return last;
    return open<UserNode>({ role: 'user', content: [], parts: [] });
  };

  for (const entry of entries) {
    if ('fence' in entry) {
      if (fence !== undefined) skipped.set('system', (skipped.get('system') ?? 0) + 1);
      fence = entry.fence;
      continue;
    }
    const part = entry;
    const message = part.record.message as Line;
    const content = message.content;
    if (part.record.type === 'assistant') {
      const messageId = message.id;
      let node = typeof messageId === 'string' ? byMessageId.get(messageId) : undefined;
      if (node === undefined) {
        node = open<AssistantNode>({ role: 'assistant', blocks: [], parts: [], results: [], resultParts: [] });
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

    if (part.record.isCompactSummary === true) {
      // The summary stands for everything before the boundary: never merged with what precedes or follows it.
      open<UserNode>({ role: 'user', content: typeof content === 'string' ? content : Array.isArray(content) ? (content as ContentBlock[]) : [], parts: [part], summary: true });
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
  const boundaries: CompactionBoundary[] = [];
  let annotated = false;
  const emit = (message: Message, from: Part[], at?: Part): void => {
    if (at !== undefined) boundaries.push(boundary(at, messages.length));
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
      emit({ role: 'user', content: node.content }, node.parts, node.fence);
      continue;
    }
    emit({ role: 'assistant', content: node.blocks }, node.parts, node.fence);
    if (node.results.length === 0) continue;
    const next = nodes[i + 1];
    if (next?.role === 'user' && next.fence === undefined && next.summary !== true) {
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
  if (boundaries.length > 0) conversation.boundaries = boundaries;
  if (fence !== undefined) skipped.set('system', (skipped.get('system') ?? 0) + 1);
  return conversation;
}

function boundary(at: Part, messageIndex: number): CompactionBoundary {
  const result: CompactionBoundary = { messageIndex, kind: 'compact-boundary', line: at.line, record: at.record };
  const meta = at.record.compactMetadata;
  if (isRecord(meta)) {
    if (typeof meta.trigger === 'string') result.trigger = meta.trigger;
    if (typeof meta.preTokens === 'number' && Number.isFinite(meta.preTokens)) result.preTokens = meta.preTokens;
  }
  return result;
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
