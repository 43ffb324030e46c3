import type { Message } from '../types';
import type { PrunerConfig } from '../strategies/registry';
import type { PruneReport } from './message-view';
import type { PrunableMessage } from './prunable-message';
import { checkCanonicalMessages } from '../shapes/check-canonical-messages';
import { canonicalView } from './canonical-view';
import { canonicalCodec } from './canonical-codec';
import { pruneView } from './prune-view';

/**
 * `pruneMessages`, with its account: the messages to send, each input message's fate and reason, the tokens sent,
 * and `over` when the bound could not be met (by how much, and why), so a caller knows, rather than finding out from
 * the API. Same checks, guarantees and output as `pruneMessages` (which may take a faster path to the same messages).
 *
 * @param messages Anthropic Messages-shaped conversation, oldest first; `@anthropic-ai/sdk` `MessageParam[]` and
 *   `BetaMessageParam[]` as they are, mid-conversation `system` messages included (see `pruneMessages`).
 * @param config `{ strategy, maxTurns?, maxTokens?, …options }`; see each strategy's config type.
 * @throws {TypeError} for messages of another API (naming the index and the entry point to use), and as
 *   `pruneMessages` does for the config
 * @throws {RangeError} for a bound or option out of its range
 */
export function pruneWithReport<M extends PrunableMessage>(messages: readonly M[], config: PrunerConfig): PruneReport<M> {
  checkCanonicalMessages(messages, 'pruneWithReport', true);
  return pruneView(messages as readonly Message[], canonicalView(messages), canonicalCodec, config) as PruneReport<unknown> as PruneReport<M>;
}
