import type { Message } from '../../types';
import type { Probe } from './types';
import { todoItemsOfCall } from '../../summary/todo-items-of-call';
import { shortenText } from '../../summary/shorten-text';

/**
 * The continuation probe: the last todo list or plan the agent wrote (Claude Code's TodoWrite, Codex's update_plan,
 * read by the summary's `todoItemsOfCall`), whose fact is its first item not done (the last item when all are done),
 * or undefined when the transcript holds none. The call holds the whole list, so the last call is its last state.
 */
export function findPlanProbe(messages: readonly Message[]): Probe | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const content = messages[i]?.content;
    if (!Array.isArray(content)) continue;
    for (let b = content.length - 1; b >= 0; b--) {
      const block = content[b];
      if (block === null || typeof block !== 'object' || block.type !== 'tool_use') continue;
      const items = todoItemsOfCall(block.name, block.input);
      if (items === undefined || items.length === 0) continue;
      const open = items.find((item) => !item.startsWith('[x]')) ?? (items[items.length - 1] as string);
      const fact = shortenText(open.slice(4), 120);
      return { id: `plan:${i}`, family: 'continuation', kind: 'plan', messageIndex: i, messages: [i], site: 'call', fact, weight: 2 };
    }
  }
  return undefined;
}
