import type { Detection, TranscriptSource } from '../format-types';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';
import { isRecord } from '../is-record';

/** The item types of the Responses API (and Codex's `compaction`). */
const RESPONSES_ITEMS = new Set([
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'web_search_call',
  'local_shell_call',
  'local_shell_call_output',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'image_generation_call',
  'code_interpreter_call',
  'mcp_call',
  'mcp_list_tools',
  'item_reference',
  'compaction',
]);
const RESPONSES_PARTS = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'refusal', 'summary_text']);

/**
 * Codex rollout lines (`response_item` with a `payload`) or Responses items, as JSONL or as an array / `{ input }`.
 * Items of a type only Responses has, or `input_text`/`output_text` parts, are strong evidence; items that are only
 * `{ type: 'message', role, content: string }` could be another format's messages, so they read with less confidence.
 */
export function detectOpenAIResponses(source: TranscriptSource): Detection {
  if (source.kind === 'lines') {
    let payloads = false;
    for (const { line, value } of source.lines) {
      if (!isRecord(value)) continue;
      if (value.type === 'response_item' && isRecord(value.payload)) {
        return { reads: true, confidence: 0.9, reason: `line ${line} is a Codex rollout \`response_item\`` };
      }
      if (typeof value.type === 'string' && value.type !== 'message' && RESPONSES_ITEMS.has(value.type)) {
        return { reads: true, confidence: 0.9, reason: `line ${line} is a \`${value.type}\` item` };
      }
      if ('payload' in value) payloads = true;
    }
    // Lines carrying a `payload` look like a rollout even when none is a response item.
    return { reads: false, confidence: payloads ? 0.3 : 0.1, reason: 'no line is a Codex rollout `response_item` or a Responses item' };
  }
  const { value } = source;
  const items = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.input) ? value.input : undefined;
  if (items === undefined) return mismatch('it is neither an array of items nor an object with an `input` array');
  if (items.length === 0) return mismatch('it holds no items');
  let typed = false;
  let strong = false;
  for (let i = 0; i < items.length && i < DETECTION_SAMPLE; i++) {
    const item: unknown = items[i];
    if (!isRecord(item)) return mismatch(`item ${i + 1} is not an object`, i + 1);
    if (typeof item.type === 'string') {
      if (!RESPONSES_ITEMS.has(item.type)) return mismatch(`item ${i + 1} has type \`${item.type}\`, not a Responses item type`, i + 1);
      typed = true;
      if (item.type !== 'message') strong = true;
    } else if (!('role' in item)) {
      return mismatch(`item ${i + 1} has neither \`type\` nor \`role\``, i + 1);
    }
    if ('tool_calls' in item || 'tool_call_id' in item) return mismatch(`item ${i + 1} is a Chat Completions message (\`tool_calls\`)`, i + 1);
    if (Array.isArray(item.content)) {
      for (const part of item.content) {
        if (isRecord(part) && typeof part.type === 'string' && RESPONSES_PARTS.has(part.type)) typed = strong = true;
      }
    }
  }
  if (!typed) return mismatch('no item has a Responses `type` or `input_text`/`output_text` content');
  return strong
    ? { reads: true, confidence: 0.9, reason: 'its items have Responses item types or `input_text`/`output_text` parts' }
    : { reads: true, confidence: 0.7, reason: 'its items are `type: "message"` items' };
}
