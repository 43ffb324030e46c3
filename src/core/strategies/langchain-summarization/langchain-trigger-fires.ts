/** The middleware's trigger conditions; 0 is unset. With none set it never summarizes. */
export interface LangChainTrigger {
  triggerTokens: number;
  triggerMessages: number;
  triggerPercent: number;
  contextWindow: number;
  /** `all`: every set condition must hold (one trigger object); `any`: one is enough (a list of them). */
  triggerCombine: 'any' | 'all';
}

/**
 * Whether the middleware's trigger holds for a conversation of `count` messages and `tokens` tokens (the fixed part
 * included): the set conditions ANDed (`all`) or ORed (`any`); none set never fires.
 */
export function langChainTriggerFires(settings: LangChainTrigger, count: number, tokens: number): boolean {
  const conditions: boolean[] = [];
  if (settings.triggerTokens > 0) conditions.push(tokens >= settings.triggerTokens);
  if (settings.triggerMessages > 0) conditions.push(count >= settings.triggerMessages);
  if (settings.triggerPercent > 0) conditions.push(tokens >= (settings.triggerPercent / 100) * settings.contextWindow);
  if (conditions.length === 0) return false;
  return settings.triggerCombine === 'all' ? conditions.every(Boolean) : conditions.some(Boolean);
}
