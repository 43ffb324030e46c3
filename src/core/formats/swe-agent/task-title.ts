import { conversationTitle } from '../conversation-title';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';

/**
 * The task of a SWE-agent or mini-SWE-agent run, for a picker: the issue in the first user message that is not a
 * demonstration, without the agent's framing (`ISSUE:` … `INSTRUCTIONS:`, `<pr_description>`, `<issue>`, `<task>`);
 * `fallback` when there is none.
 */
export function taskTitle(history: readonly unknown[], fallback: string): string {
  for (const item of history) {
    if (!isRecord(item) || item.role !== 'user' || item.is_demo === true) continue;
    const text = joinTextParts(item.content);
    const framed =
      /ISSUE:\s*\n([\s\S]*?)(?:\n\s*\nINSTRUCTIONS:|$)/.exec(text) ?? /<(pr_description|issue|task)>\s*([\s\S]*?)<\/\1>/.exec(text)?.slice(1);
    return conversationTitle([{ role: 'user', content: framed?.[1] ?? text }], fallback);
  }
  return fallback;
}
