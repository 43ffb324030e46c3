import type { ContentBlock } from '../../src/core/types';
import type { ContextWindow, ConversationTurn } from '../../src/core/context-pruner/types';
import { charsTokenCounter as CHARS_TOKEN_COUNTER } from '../../src/core/tokens/chars-token-counter';
import { contentText } from '../../src/core/text/content-text';

/** Counts like the default counter but is a distinct object, so tests can tell it was the one used. */
export const charsCounter = { encoding: 'chars' as const, count: (text: string) => CHARS_TOKEN_COUNTER.count(text) };

/** A text of exactly `tokens` tokens under characters ÷ 4, starting with `label` so turns stay distinguishable. */
export const sized = (tokens: number, label: string): string => label + 'x'.repeat(Math.max(0, tokens * 4 - label.length));

/** A turn whose estimate is its content counted by `charsCounter`, unless `tokenEstimate` says otherwise. */
export function turn(
  id: string,
  role: 'user' | 'assistant',
  content: string | ContentBlock[],
  extra: { pinned?: boolean; tokenEstimate?: number; timestamp?: number } = {},
): ConversationTurn {
  return {
    id,
    role,
    content,
    timestamp: extra.timestamp ?? 0,
    pinned: extra.pinned ?? false,
    tokenEstimate: extra.tokenEstimate ?? charsCounter.count(contentText(content)),
  };
}

/** `count` alternating user/assistant turns `t0`, `t1`, … of `tokensEach` tokens each. */
export function sizedTurns(count: number, tokensEach: number): ConversationTurn[] {
  return Array.from({ length: count }, (_, i) => turn(`t${i}`, i % 2 === 0 ? 'user' : 'assistant', sized(tokensEach, `t${i} `)));
}

/** A window whose total is its turns' estimates plus `overheadTokens`. */
export function windowOf(turns: ConversationTurn[], overheadTokens = 0): ContextWindow {
  return { turns, totalTokenEstimate: turns.reduce((sum, t) => sum + t.tokenEstimate, overheadTokens) };
}

/** Deep-freezes a value so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
