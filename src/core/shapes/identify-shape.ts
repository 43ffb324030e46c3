import type { ForeignShape } from './foreign-shape';
import { PART_ECOSYSTEM } from './part-ecosystem';

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
  // The first Anthropic-only part, kept as its type: the evidence text is built only for the answer.
  let anthropicPart: string | undefined;
  if (Array.isArray(content)) {
    for (const part of content) {
      const partType = part !== null && typeof part === 'object' ? (part as { type?: unknown }).type : undefined;
      if (typeof partType !== 'string') continue;
      const ecosystem = PART_ECOSYSTEM.get(partType);
      if (ecosystem === undefined) continue;
      if (ecosystem !== 'anthropic-messages') return { ecosystem, evidence: partEvidence(role, partType) };
      anthropicPart ??= partType;
    }
  }
  if (role === 'tool') return { ecosystem: 'model-messages', evidence: "role 'tool'" };
  return anthropicPart === undefined ? undefined : { ecosystem: 'anthropic-messages', evidence: partEvidence(role, anthropicPart) };
}

function partEvidence(role: unknown, partType: string): string {
  return `role ${show(role)} with a '${partType}' part`;
}

function show(role: unknown): string {
  return typeof role === 'string' ? `'${role}'` : String(JSON.stringify(role) ?? 'undefined');
}
