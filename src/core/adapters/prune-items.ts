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
  const { onReport } = config;
  if (onReport !== undefined && typeof onReport !== 'function') throw new TypeError(`onReport must be a function, got ${typeof onReport}`);
  // The caller's own config where it has no onReport: a copy made by a rest pattern has a map V8 holds weakly, and a
  // full GC dropping it dropped the optimized code of the prune that read it.
  const core = 'onReport' in config ? withoutOnReport(config) : (config as PrunerConfig);
  const report = pruneView(items, view, codec, core, tokenCache);
  onReport?.(report);
  return report;
}

function withoutOnReport<T>(config: AdapterConfig<T>): PrunerConfig {
  const { onReport: _onReport, ...core } = config;
  return core as PrunerConfig;
}
