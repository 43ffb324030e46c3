import type { Message, OrphanBlock, ToolLink, ToolLinks } from './types';
import { toolBlockKind } from './tool-block-kind';

/**
 * Pairs every tool call with its result by position, the way a real transcript has to be read.
 *
 * A result answers the nearest preceding unanswered call with its id. A global id → call map is not enough:
 * benchmark logs (tau-bench) reuse ids within one conversation, and a map would pair a late result with an
 * early call. Roles are not checked, so a server tool's result in the same assistant message pairs too.
 *
 * Blocks that find no partner (a call never answered, a result that answers nothing, a result placed before
 * its call) are returned as orphans, in input order. One pass over the blocks; O(n + b log b) for b orphans.
 */
export function linkToolCalls(messages: readonly Message[]): ToolLinks {
  const pairs: ToolLink[] = [];
  const orphans: OrphanBlock[] = [];
  // id → stack of unanswered calls, each as [messageIndex, blockIndex]; the top is the nearest preceding one.
  const unanswered = new Map<string, number[]>();

  for (let messageIndex = 0; messageIndex < messages.length; messageIndex++) {
    const content = messages[messageIndex]?.content;
    if (!Array.isArray(content)) continue;
    for (let blockIndex = 0; blockIndex < content.length; blockIndex++) {
      const block: unknown = content[blockIndex];
      const kind = toolBlockKind(block);
      if (kind === 'use') {
        const id = (block as { id: string }).id;
        const stack = unanswered.get(id);
        if (stack) stack.push(messageIndex, blockIndex);
        else unanswered.set(id, [messageIndex, blockIndex]);
      } else if (kind === 'result') {
        const id = (block as { tool_use_id: string }).tool_use_id;
        const stack = unanswered.get(id);
        if (stack !== undefined && stack.length > 0) {
          const useBlock = stack.pop() as number;
          const useIndex = stack.pop() as number;
          pairs.push({ id, useIndex, useBlock, resultIndex: messageIndex, resultBlock: blockIndex });
        } else {
          orphans.push({ id, kind: 'result', messageIndex, blockIndex });
        }
      }
    }
  }

  let unansweredCalls = false;
  for (const [id, stack] of unanswered) {
    for (let k = 0; k < stack.length; k += 2) {
      orphans.push({ id, kind: 'use', messageIndex: stack[k] as number, blockIndex: stack[k + 1] as number });
      unansweredCalls = true;
    }
  }
  if (unansweredCalls) orphans.sort((a, b) => a.messageIndex - b.messageIndex || a.blockIndex - b.blockIndex);
  return { pairs, orphans };
}
