import type { Message } from '../types';
import type { MessageView } from './message-view';
import { oneItemRuns } from './one-item-runs';

/**
 * The view of canonical (Anthropic Messages) messages: each `user` and `assistant` message stands for itself (the
 * same object). A `system` message (the Anthropic SDK's mid-conversation system messages) is outside the view: it
 * goes with the turn it sits in, sent only while the messages on both sides of it are (see `canonicalCodec`), so it
 * never ends up first or after the wrong turn. One that changes the tools (`tool_addition` / `tool_removal` blocks)
 * or the effort (`output_config`) pins the messages on both sides, since later turns rely on it (strategies that
 * honour pins keep them, and so it). O(n); builds no message.
 */
export function canonicalView(messages: readonly unknown[]): MessageView {
  const n = messages.length;
  const owner = new Int32Array(n);
  const view: Message[] = [];
  const pinned: number[] = [];
  for (let i = 0; i < n; i++) {
    const message = messages[i] as { role?: unknown } | null;
    if (message !== null && typeof message === 'object' && message.role === 'system') {
      owner[i] = -1;
      if (configures(message)) {
        if (view.length > 0) pinned.push(view.length - 1);
        pinned.push(view.length); // the next view message, if any (pins past the end are ignored below)
      }
      continue;
    }
    owner[i] = view.length;
    view.push(message as Message);
  }
  const { first, end } = oneItemRuns(owner, view.length);
  const inRange = [...new Set(pinned.filter((v) => v < view.length))];
  // Whole literals, not properties added after: V8 holds an added property's map weakly, so a full GC dropped it and
  // with it the optimized code of the prune that read it.
  return inRange.length > 0 ? { messages: view, owner, first, end, pinned: inRange } : { messages: view, owner, first, end };
}

function configures(message: object): boolean {
  const m = message as { content?: unknown; output_config?: unknown };
  if (m.output_config !== undefined && m.output_config !== null) return true;
  if (!Array.isArray(m.content)) return false;
  return m.content.some((block) => {
    const type = block !== null && typeof block === 'object' ? (block as { type?: unknown }).type : undefined;
    return type === 'tool_addition' || type === 'tool_removal';
  });
}
