/**
 * Pure helpers that turn canonical messages into what the inspector shows: one-line previews, row flags,
 * and plain text for search (the detail pane's blocks: detail-blocks.ts). They run in the worker, never on the main thread.
 */
import { toolResultOutcome, toolResultText, type Message } from '../core';
import { ROW_FLAG } from './protocol';

const PREVIEW_MAX = 240;
const INPUT_KEYS = [
  'command',
  'cmd',
  'query',
  'pattern',
  'file_path',
  'filePath',
  'path',
  'notebook_path',
  'url',
  'code',
  'description',
  'prompt',
  'content',
];
/** Arguments that say where, not what: used only when nothing better is there. */
const WEAK_KEYS = new Set(['workdir', 'cwd', 'working_directory', 'timeout', 'timeout_ms', 'with_escalated_permissions', 'justification']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'fish', '/bin/bash', '/bin/sh', '/bin/zsh', '/usr/bin/bash', 'powershell', 'pwsh', 'cmd']);

type AnyBlock = Record<string, unknown> & { type?: unknown };

export function isBlock(value: unknown): value is AnyBlock {
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

/** A command given as an argv array, shell wrapper (`bash -lc …`) dropped: `["bash","-lc","rg x"]` → `rg x`. */
export function commandText(argv: readonly unknown[]): string {
  const parts = argv.filter((a): a is string => typeof a === 'string');
  if (parts.length >= 3 && SHELLS.has(parts[0] as string) && /^-\w*c$/.test(parts[1] as string)) return parts.slice(2).join(' ');
  return parts.join(' ');
}

/** A tool's input in one line: the most telling argument (command, query, path…), else compact JSON. */
export function toolInputLine(input: unknown): string {
  if (typeof input === 'string') {
    const trimmed = input.trimStart();
    if (trimmed.startsWith('{')) {
      try {
        return toolInputLine(JSON.parse(trimmed) as unknown);
      } catch {
        // Not JSON after all: show it as text.
      }
    }
    return firstLine(input, 160);
  }
  if (isBlock(input) && !Array.isArray(input)) {
    for (const key of INPUT_KEYS) {
      const value = input[key];
      if (typeof value === 'string' && value.trim()) return firstLine(value, 160);
      if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
        const joined = commandText(value);
        if (joined.trim()) return firstLine(joined, 160);
      }
    }
    for (const [key, value] of Object.entries(input)) {
      if (!WEAK_KEYS.has(key) && typeof value === 'string' && value.trim()) return firstLine(value, 160);
    }
    for (const value of Object.values(input)) {
      if (typeof value === 'string' && value.trim()) return firstLine(value, 160);
    }
  }
  return firstLine(safeJson(input, 0), 160);
}

type ResultBlock = { content?: unknown; is_error?: unknown };

/**
 * What a tool result shows, and whether it failed (`toolResultOutcome`, the rule the scorecard, the summary and the
 * governor use too): a `{"output": …, "metadata": {"exit_code": N}}` wrapper (Codex) is unwrapped for display. Pass
 * `text: ''` when only `failed` is wanted and the block has `is_error`: its output is then not read.
 */
export function readToolOutput(block: ResultBlock, text = toolResultText(block.content, true)): { text: string; failed: boolean } {
  return { text: unwrapOutput(text), failed: toolResultOutcome(block, text).failed };
}

function unwrapOutput(text: string): string {
  const head = text.trimStart();
  if (!head.startsWith('{') || head.length >= 2_000_000) return text;
  try {
    const parsed = JSON.parse(head) as unknown;
    if (isBlock(parsed) && !Array.isArray(parsed) && typeof parsed.output === 'string') return parsed.output;
  } catch {
    // Not a JSON wrapper.
  }
  return text;
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

/** Preview and flags of one message in one pass over its blocks; tool calls lead the preview, then the rest. */
/**
 * @param synthesized ids of server-tool results the reader made up (a Responses `web_search_call` has none): not shown,
 *   not counted, so the row reads as a search the server ran.
 */
export function rowFacts(message: Message, synthesized?: readonly string[]): RowFacts {
  const { content } = message;
  if (typeof content === 'string') return { preview: firstLine(content) || '(empty)', flags: 0, callCount: 0, resultCount: 0 };
  if (!Array.isArray(content)) return { preview: '(no content)', flags: 0, callCount: 0, resultCount: 0 };
  const calls: string[] = [];
  const others: string[] = [];
  let flags = 0;
  let callCount = 0;
  let resultCount = 0;
  // Every block is counted and flagged; only the preview text stops growing once it is long enough.
  let budget = PREVIEW_MAX;
  for (const block of content as unknown[]) {
    if (!isBlock(block)) continue;
    const type = typeof block.type === 'string' ? block.type : '';
    const room = budget > 0;
    let part = '';
    if (type === 'text') {
      if (room && typeof block.text === 'string') part = firstLine(block.text, budget);
    } else if (type === 'server_tool_use' || type === 'mcp_tool_use') {
      // Run by the API itself, answered in the same message: a search, not a call waiting for the client.
      flags |= ROW_FLAG.serverTool;
      if (calls.length < 4) {
        const name = typeof block.name === 'string' ? block.name : type;
        calls.push(`${name}(${toolInputLine(block.input)}) on the server`);
      }
      continue;
    } else if (type === 'tool_use') {
      flags |= ROW_FLAG.toolUse;
      callCount++;
      if (calls.length < 4) {
        const name = typeof block.name === 'string' ? block.name : type;
        calls.push(`${name}(${toolInputLine(block.input)})`);
      }
      continue;
    } else if (type !== 'tool_result' && type.endsWith('_tool_result') && typeof block.tool_use_id === 'string' && synthesized?.includes(block.tool_use_id)) {
      continue;
    } else if (type === 'tool_result' || type.endsWith('_tool_result')) {
      flags |= ROW_FLAG.toolResult;
      resultCount++;
      // The output is read for the preview, or to tell a failure when the block carries no `is_error`.
      const needsText = room || typeof block.is_error !== 'boolean';
      const output = type === 'tool_result' ? readToolOutput(block as ResultBlock, needsText ? undefined : '') : { text: needsText ? toolResultText(block.content, true) : '', failed: block.is_error === true };
      if (output.failed) flags |= ROW_FLAG.error;
      if (room) part = `→ ${firstLine(output.text, budget) || '(empty result)'}`;
    } else if (type === 'thinking') {
      flags |= ROW_FLAG.thinking;
      if (room && others.length === 0 && content.length === 1) part = `thinking: ${firstLine(String(block.thinking ?? ''), budget)}`;
    } else if (type === 'redacted_thinking') {
      flags |= ROW_FLAG.thinking;
      if (room && others.length === 0 && content.length === 1) part = 'reasoning (encrypted)';
    } else if (type === 'image') {
      if (room) part = '[image]';
    } else if (type && room) {
      part = `[${type}]`;
    }
    if (part) {
      others.push(part);
      budget -= part.length + 3;
    }
  }
  if (callCount > calls.length) calls.push(`+${callCount - calls.length} more`);
  let preview = [...calls, ...others].join(' · ');
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
        parts.push(toolResultText(block.content, true));
        break;
      default:
        parts.push(safeJson(block, 0));
    }
  }
  return parts.join('\n').toLowerCase();
}
