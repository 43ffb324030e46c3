import type { Message } from '../types';
import type { RequestFacts } from '../plan/types';
import type { ReplayOptions } from './types';

/**
 * What a replay knows of its requests, for the strategies that read it (`CommonPruneOptions.request`): the fixed
 * part every request sends, the model, and when each transcript message was written (by identity: the views a
 * replay plans hold the transcript's own message objects; added ones have no time).
 */
export function requestFactsOf(messages: readonly Message[], options: Pick<ReplayOptions, 'fixedTokens' | 'prices' | 'messageTimes'>): RequestFacts {
  const facts: RequestFacts = { fixedTokens: options.fixedTokens ?? 0, model: options.prices.model };
  const times = options.messageTimes;
  if (times !== undefined) {
    const at = new WeakMap<Message, number>();
    messages.forEach((message, i) => {
      const time = times[i] as number;
      if (Number.isFinite(time) && message !== null && typeof message === 'object') at.set(message, time);
    });
    facts.timeOf = (message) => at.get(message);
  }
  return facts;
}
