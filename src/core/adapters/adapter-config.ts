/**
 * The config the adapters take: the core's `PrunerConfig` (a strategy, a bound, its options; `pinned` indexes the
 * caller's own messages) and a callback for the account of each prune. Types only.
 */
import type { PrunerConfig } from '../strategies/registry';
import type { PruneReport } from '../prune/message-view';

/** What an adapter adds to a `PrunerConfig`. */
export interface AdapterOptions<T> {
  /**
   * Called with each prune's account (`fates` and `reasons` per input message, `tokens` sent, `over` when the bound
   * could not be met), before the messages are returned. Default: none.
   */
  onReport?: (report: PruneReport<T>) => void;
}

/** A `PrunerConfig` for an adapter over messages of type `T`. */
export type AdapterConfig<T> = PrunerConfig & AdapterOptions<T>;
