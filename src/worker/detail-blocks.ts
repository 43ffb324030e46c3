/** Display blocks for the detail pane: every block in full, tool inputs as readable `key: value` lines. */
import type { Message } from '../core';
import { isBlock, readToolOutput, safeJson } from './preview';
import type { DetailBlock } from './protocol';
import { formatNumber } from '../core';

/**
 * A tool's input for reading: one `key: value` line per argument, string values with their real line breaks
 * (JSON would show `\\n` escapes); nested values as indented JSON. The raw view keeps the exact JSON.
 */
export function toolInputText(input: unknown): string {
  if (typeof input === 'string') {
    try {
      const parsed = JSON.parse(input) as unknown;
      if (isBlock(parsed) && !Array.isArray(parsed)) return toolInputText(parsed);
    } catch {
      // Plain text input.
    }
    return input;
  }
  if (!isBlock(input) || Array.isArray(input)) return safeJson(input, 2);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') {
      lines.push(value.includes('\n') ? `${key}:\n${value.replace(/^/gm, '  ')}` : `${key}: ${value}`);
    } else if (Array.isArray(value) && value.every((v) => typeof v === 'string') && /^(command|cmd|argv|args)$/.test(key)) {
      lines.push(`${key}: ${(value as string[]).join(' ')}`);
    } else {
      lines.push(`${key}: ${safeJson(value, 2)}`);
    }
  }
  return lines.length > 0 ? lines.join('\n') : '{}';
}

/** Display blocks for the detail pane, full text, no truncation (the UI collapses long ones). */
export function detailBlocks(message: Message, synthesized?: readonly string[]): DetailBlock[] {
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
      blocks.push({ kind: 'thinking', label: 'reasoning (encrypted)', text: 'The provider sent this reasoning encrypted; it is passed back as it is and cannot be read.' });
    } else if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
      const name = typeof block.name === 'string' ? block.name : '';
      const input = block.input;
      blocks.push({
        kind: 'tool_use',
        label: `${type} · ${name}`,
        text: toolInputText(input),
        ...(typeof block.id === 'string' ? { toolId: block.id } : {}),
      });
    } else if (type !== 'tool_result' && typeof block.tool_use_id === 'string' && synthesized?.includes(block.tool_use_id)) {
      blocks.push({ kind: 'other', label: `${type} · run by the server`, text: 'The server ran this search; the log holds no result for it.' });
    } else if (type === 'tool_result' || type.endsWith('_tool_result')) {
      const output = type === 'tool_result' ? readToolOutput(block as { content?: unknown; is_error?: unknown }) : { text: safeJson(block.content, 2), failed: block.is_error === true };
      const isError = output.failed;
      blocks.push({
        kind: 'tool_result',
        label: isError ? `${type} · error` : type,
        text: output.text,
        isError,
        ...(typeof block.tool_use_id === 'string' ? { toolId: block.tool_use_id } : {}),
      });
    } else if (type === 'image') {
      const source = isBlock(block.source) ? block.source : {};
      const media = typeof source.media_type === 'string' ? source.media_type : 'image';
      const size = typeof source.data === 'string' ? ` (${formatNumber(source.data.length)} base64 characters)` : '';
      blocks.push({ kind: 'image', label: 'image', text: `[${media}${size}]` });
    } else {
      blocks.push({ kind: 'other', label: type, text: safeJson(block, 2) });
    }
  }
  return blocks;
}
