import type { Message } from '../../src/core/types';

const PICK = ['type', 'text', 'thinking', 'id', 'name', 'input', 'tool_use_id', 'content', 'source'];

/** What a block says, without the fields only some APIs carry (`caller`, `signature`, `is_error: false`). */
function said(block: unknown): unknown {
  const b = block as Record<string, unknown>;
  // A result's text is the same request as a string or as one text block (the governor writes a masked image result
  // as blocks; a Gemini CLI export keeps it as the string the file can hold).
  const content = (value: unknown): unknown => (Array.isArray(value) ? value.map(said) : b.type === 'tool_result' && typeof value === 'string' ? [{ type: 'text', text: value }] : value);
  const picked = Object.fromEntries(PICK.filter((k) => k in b).map((k) => [k, k === 'content' ? content(b.content) : b[k]]));
  return b.is_error === true ? { ...picked, is_error: true } : picked;
}

/**
 * Messages as an API reads them: consecutive messages of one role merged, each turn's results in the order of its
 * calls, text as blocks (a result's too). Formats that keep a call's result inside the call (Gemini CLI) or write events (OpenHands)
 * give back the same request in this form, not always the same message boundaries.
 */
export function asSent(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const m of messages) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    const last = out[out.length - 1];
    if (last?.role === m.role) last.content = [...(last.content as []), ...blocks];
    else out.push({ role: m.role, content: [...blocks] });
  }
  out.forEach((m, i) => {
    const calls = (out[i - 1]?.content as { type: string; id?: string }[] | undefined)?.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) ?? [];
    const rank = (b: { type: string; tool_use_id?: unknown }) => (b.type === 'tool_result' ? calls.indexOf(String(b.tool_use_id)) : calls.length);
    if (m.role === 'user') m.content = [...(m.content as [])].sort((a, b) => rank(a) - rank(b));
  });
  return out.map((m) => ({ role: m.role, content: (m.content as unknown[]).map(said) }) as Message);
}
