const MARK: Record<string, string> = { completed: '[x]', in_progress: '[~]', pending: '[ ]' };

/**
 * A todo list a tool call writes, as `[x] done`, `[~] doing`, `[ ] to do` lines, or undefined when the call holds
 * none: Claude Code's TodoWrite (`todos: [{ content, status }]`) and Codex's update_plan (`plan: [{ step, status }]`).
 * The call holds the whole list, so the last one is the list's last state.
 */
export function todoItemsOfCall(name: unknown, input: unknown): string[] | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const { todos, plan } = input as { todos?: unknown; plan?: unknown };
  const list = name === 'TodoWrite' || Array.isArray(todos) ? todos : name === 'update_plan' ? plan : undefined;
  if (!Array.isArray(list)) return undefined;
  const items: string[] = [];
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    const { content, step, status } = entry as { content?: unknown; step?: unknown; status?: unknown };
    const text = typeof content === 'string' ? content : typeof step === 'string' ? step : undefined;
    if (text === undefined || text.trim() === '') continue;
    items.push(`${MARK[String(status)] ?? '[ ]'} ${text}`);
  }
  return items;
}
