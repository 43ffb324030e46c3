/**
 * Pure helpers that turn canonical messages into what the inspector shows: one-line previews, row flags,
 * plain text for search, and display blocks for the detail pane. They run in the worker, never on the main thread.
 */
import type { Message } from '../core';
import { ROW_FLAG, type DetailBlock } from './protocol';

const PREVIEW_MAX = 240;
const INPUT_KEYS = ['command', 'file_path', 'path', 'pattern', 'query', 'url', 'description', 'prompt', 'content'];

type AnyBlock = Record<string, unknown> & { type?: unknown };

function isBlock(value: unknown): value is AnyBlock {
  return value !== null && typeof value === 'object';
}

/** The first non-empty line, whitespace collapsed, capped. */
export function firstLine(text: string, max = PREVIEW_MAX): string {
  let start = 0;
  const length = text.length;
  while (start < length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    // Only look at the first few KB of a line: a 80k-character single line must not cost a full scan.
    const line = text.slice(start, Math.min(end, start + max * 4)).replace(/\s+/g, ' ').trim();
    if (line) return line.length > max ? `${line.slice(0, max - 1)}…` : line;
    start = end + 1;
    if (start > max * 64) break;
  }
  return '';
}

/** A short summary of a tool's input: the first telling string field, else compact JSON. */
export function summarizeToolInput(input: unknown): string {
  if (typeof input === 'string') return firstLine(input, 160);
  if (isBlock(input) && !Array.isArray(input)) {
    for (const key of INPUT_KEYS) {
      const value = input[key];
      if (typeof value === 'string' && value.trim()) return firstLine(value, 160);
    }
    for (const value of Object.values(input)) {
      if (typeof value === 'string' && value.trim()) return firstLine(value, 160);
    }
  }
  return firstLine(safeJson(input, 0), 160);
}

/** Text of a tool result's content, nested text blocks joined. */
export function toolResultText(content: unknown, depth = 0): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content) || depth > 8) return content === undefined ? '' : safeJson(content, 0);
  const parts: string[] = [];
  for (const inner of content) {
    if (!isBlock(inner)) continue;
    if (inner.type === 'text' && typeof inner.text === 'string') parts.push(inner.text);
    else if (inner.type === 'image') parts.push('[image]');
    else if (inner.type === 'tool_result') parts.push(toolResultText(inner.content, depth + 1));
    else parts.push(safeJson(inner, 0));
  }
  return parts.join('\n');
}

export function safeJson(value: unknown, indent: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}

export interface RowFacts {
  preview: string;
  flags: number;
  callCount: number;
  resultCount: number;
}

/** Preview and flags of one message in one pass over its blocks. */
export function rowFacts(message: Message): RowFacts {
  const { content } = message;
  if (typeof content === 'string') return { preview: firstLine(content) || '(empty)', flags: 0, callCount: 0, resultCount: 0 };
  if (!Array.isArray(content)) return { preview: '(no content)', flags: 0, callCount: 0, resultCount: 0 };
  const parts: string[] = [];
  let flags = 0;
  let callCount = 0;
  let resultCount = 0;
  let budget = PREVIEW_MAX;
  for (const block of content as unknown[]) {
    if (!isBlock(block)) continue;
    const type = typeof block.type === 'string' ? block.type : '';
    let part = '';
    if (type === 'text') {
      part = typeof block.text === 'string' ? firstLine(block.text, budget) : '';
    } else if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
      flags |= ROW_FLAG.toolUse;
      callCount++;
      const name = typeof block.name === 'string' ? block.name : type;
      part = `${name}(${summarizeToolInput(block.input)})`;
    } else if (type === 'tool_result' || type.endsWith('_tool_result')) {
      flags |= ROW_FLAG.toolResult;
      resultCount++;
      if (block.is_error === true) flags |= ROW_FLAG.error;
      const text = firstLine(toolResultText(block.content), budget);
      part = `→ ${text || '(empty result)'}`;
    } else if (type === 'thinking') {
      flags |= ROW_FLAG.thinking;
      if (parts.length === 0 && content.length === 1) part = `thinking: ${firstLine(String(block.thinking ?? ''), budget)}`;
    } else if (type === 'redacted_thinking') {
      flags |= ROW_FLAG.thinking;
    } else if (type === 'image') {
      flags |= ROW_FLAG.image;
      part = '[image]';
    } else if (type) {
      part = `[${type}]`;
    }
    if (part) {
      parts.push(part);
      budget -= part.length + 3;
      if (budget <= 0) break;
    }
  }
  let preview = parts.join(' · ');
  if (preview.length > PREVIEW_MAX) preview = `${preview.slice(0, PREVIEW_MAX - 1)}…`;
  if (!preview) preview = flags & ROW_FLAG.thinking ? '(thinking only)' : '(empty)';
  return { preview, flags, callCount, resultCount };
}

/** Everything searchable in a message, lower-cased: text, thinking, tool names, inputs and results. */
export function searchableText(message: Message): string {
  const { content } = message;
  if (typeof content === 'string') return content.toLowerCase();
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content as unknown[]) {
    if (!isBlock(block)) continue;
    switch (block.type) {
      case 'text':
        if (typeof block.text === 'string') parts.push(block.text);
        break;
      case 'thinking':
        if (typeof block.thinking === 'string') parts.push(block.thinking);
        break;
      case 'image':
      case 'redacted_thinking':
        break;
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use':
        parts.push(String(block.name ?? ''), safeJson(block.input, 0));
        break;
      case 'tool_result':
        parts.push(toolResultText(block.content));
        break;
      default:
        parts.push(safeJson(block, 0));
    }
  }
  return parts.join('\n').toLowerCase();
}

/** Display blocks for the detail pane, full text, no truncation (the UI collapses long ones). */
export function detailBlocks(message: Message): DetailBlock[] {
  const { content } = message;
  if (typeof content === 'string') return [{ kind: 'text', label: 'text', text: content }];
  if (!Array.isArray(content)) return [{ kind: 'other', label: 'content', text: safeJson(content, 2) }];
  const blocks: DetailBlock[] = [];
  for (const block of content as unknown[]) {
    if (!isBlock(block)) {
      blocks.push({ kind: 'other', label: 'value', text: safeJson(block, 2) });
      continue;
    }
    const type = typeof block.type === 'string' ? block.type : 'unknown';
    if (type === 'text') {
      blocks.push({ kind: 'text', label: 'text', text: String(block.text ?? '') });
    } else if (type === 'thinking') {
      blocks.push({ kind: 'thinking', label: 'thinking', text: String(block.thinking ?? '') });
    } else if (type === 'redacted_thinking') {
      blocks.push({ kind: 'thinking', label: 'redacted thinking', text: '(encrypted)' });
    } else if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
      const name = typeof block.name === 'string' ? block.name : '';
      const input = block.input;
      blocks.push({
        kind: 'tool_use',
        label: `${type} · ${name}`,
        text: typeof input === 'string' ? input : safeJson(input, 2),
        ...(typeof block.id === 'string' ? { toolId: block.id } : {}),
      });
    } else if (type === 'tool_result' || type.endsWith('_tool_result')) {
      blocks.push({
        kind: 'tool_result',
        label: block.is_error === true ? `${type} · error` : type,
        text: type === 'tool_result' ? toolResultText(block.content) : safeJson(block.content, 2),
        isError: block.is_error === true,
        ...(typeof block.tool_use_id === 'string' ? { toolId: block.tool_use_id } : {}),
      });
    } else if (type === 'image') {
      const source = isBlock(block.source) ? block.source : {};
      const media = typeof source.media_type === 'string' ? source.media_type : 'image';
      const size = typeof source.data === 'string' ? ` (${source.data.length.toLocaleString('en-US')} base64 characters)` : '';
      blocks.push({ kind: 'image', label: 'image', text: `[${media}${size}]` });
    } else {
      blocks.push({ kind: 'other', label: type, text: safeJson(block, 2) });
    }
  }
  return blocks;
}
