import type { PrunerConfig } from '../strategies/registry';
import type { MessageView, PruneReport, ViewCodec } from '../prune/message-view';
import { pruneView, type ViewTokenCache } from '../prune/prune-view';
import { checkConfigObject } from '../prune/check-config-object';
import type { AdapterConfig } from './adapter-config';

/**
 * The adapters' one path: the core's prune of `view`, the caller's `onReport` called with its account, the messages
 * returned. `onReport` is taken off the config before the core checks it.
 */
export function pruneItems<T>(items: readonly T[], view: MessageView, codec: ViewCodec<T>, config: AdapterConfig<T>, tokenCache?: ViewTokenCache): PruneReport<T> {
  checkConfigObject(config);
  const { onReport, ...core } = config;
  if (onReport !== undefined && typeof onReport !== 'function') throw new TypeError(`onReport must be a function, got ${typeof onReport}`);
  const report = pruneView(items, view, codec, core as PrunerConfig, tokenCache);
  onReport?.(report);
  return report;
}
