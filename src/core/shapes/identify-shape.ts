import type { ForeignShape } from './foreign-shape';

const AI_SDK_PARTS = new Set(['tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response', 'reasoning', 'reasoning-file']);
const CHAT_PARTS = new Set(['image_url', 'input_audio', 'refusal']);
const RESPONSES_PARTS = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'summary_text']);
const ANTHROPIC_PARTS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'server_tool_use']);

/**
 * Which API's shape a message (or Responses item) shows, from its role, its fields and its parts' types, or
 * `undefined` when nothing tells (plain text, or a shape no API has). Only unambiguous evidence counts: `text` and
 * `image` parts exist in several APIs and tell nothing. O(parts).
 */
export function identifyShape(message: unknown): ForeignShape | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  const m = message as Record<string, unknown>;
  const { role, type } = m;
  if (role === undefined && typeof type === 'string' && type !== 'message') {
    return { ecosystem: 'responses-input', evidence: `type '${type}' and no role` };
  }
  if (m.tool_calls !== undefined) return { ecosystem: 'chat-completions', evidence: "a 'tool_calls' field" };
  if (m.function_call !== undefined) return { ecosystem: 'chat-completions', evidence: "a 'function_call' field" };
  if (typeof m.tool_call_id === 'string') return { ecosystem: 'chat-completions', evidence: `role ${show(role)} with a 'tool_call_id'` };
  if (role === 'developer' || role === 'function') return { ecosystem: 'chat-completions', evidence: `role '${role}'` };
  const content = m.content;
  let anthropic: ForeignShape | undefined;
  if (Array.isArray(content)) {
    for (const part of content) {
      const partType = part !== null && typeof part === 'object' ? (part as { type?: unknown }).type : undefined;
      if (typeof partType !== 'string') continue;
      const evidence = `role ${show(role)} with a '${partType}' part`;
      if (AI_SDK_PARTS.has(partType)) return { ecosystem: 'model-messages', evidence };
      if (CHAT_PARTS.has(partType)) return { ecosystem: 'chat-completions', evidence };
      if (RESPONSES_PARTS.has(partType)) return { ecosystem: 'responses-input', evidence };
      if (anthropic === undefined && ANTHROPIC_PARTS.has(partType)) anthropic = { ecosystem: 'anthropic-messages', evidence };
    }
  }
  if (role === 'tool') return { ecosystem: 'model-messages', evidence: "role 'tool'" };
  return anthropic;
}

function show(role: unknown): string {
  return typeof role === 'string' ? `'${role}'` : String(JSON.stringify(role) ?? 'undefined');
}
