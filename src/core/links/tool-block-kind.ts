/**
 * Says whether a content block is one end of a tool call, and which end.
 *
 * Calls: `tool_use`, and the API-run `server_tool_use` / `mcp_tool_use`. Results: `tool_result` and every
 * `*_tool_result` (web search, code execution, MCP, …). A block without a string id cannot be paired, so it is
 * neither: the API would reject it for other reasons, and pruning must not pretend it has a partner.
 */
export function toolBlockKind(block: unknown): 'use' | 'result' | undefined {
  if (block === null || typeof block !== 'object') return undefined;
  const { type } = block as { type?: unknown };
  if (typeof type !== 'string') return undefined;
  if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') {
    return typeof (block as { id?: unknown }).id === 'string' ? 'use' : undefined;
  }
  if (type === 'tool_result' || type.endsWith('_tool_result')) {
    return typeof (block as { tool_use_id?: unknown }).tool_use_id === 'string' ? 'result' : undefined;
  }
  return undefined;
}
