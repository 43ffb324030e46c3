/**
 * Where a Responses input item sits in the conversation: `output` (the model made it: reasoning, an assistant
 * message, tool calls), `input` (the caller's: user messages, tool outputs, approval answers), `outside` (never
 * pruned: system and developer messages, tool definitions added mid-conversation, compaction items), or `neutral`
 * (an item reference or a type this version does not know: it joins the run it sits in).
 */
export function itemSide(item: unknown): 'output' | 'input' | 'outside' | 'neutral' {
  if (item === null || typeof item !== 'object') return 'neutral';
  const { type, role } = item as { type?: unknown; role?: unknown };
  if (type === undefined || type === null || type === 'message') {
    if (role === 'assistant') return 'output';
    if (role === 'user') return 'input';
    if (role === 'system' || role === 'developer') return 'outside';
    return 'neutral';
  }
  if (typeof type !== 'string') return 'neutral';
  // The commonest items first, as the rules below place them: this runs on every item of every prune.
  if (type === 'function_call' || type === 'reasoning') return 'output';
  if (type === 'function_call_output') return 'input';
  if (OUTSIDE.has(type)) return 'outside';
  // A tool search the API ran itself answers in the model's own output.
  if (type === 'tool_search_output') return (item as { execution?: unknown }).execution === 'client' ? 'input' : 'output';
  if (type.endsWith('_output') || type === 'mcp_approval_response') return 'input';
  if (OUTPUT.has(type) || type.endsWith('_call')) return 'output';
  return 'neutral';
}

const OUTSIDE = new Set(['additional_tools', 'compaction', 'compaction_trigger']);
const OUTPUT = new Set(['reasoning', 'mcp_list_tools', 'mcp_approval_request', 'program']);
