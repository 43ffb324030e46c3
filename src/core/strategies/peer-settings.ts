import type { CheckedBound, CommonPruneOptions } from '../plan/types';
import { checkRequestFacts, type CheckedRequestFacts } from '../plan/check-request-facts';

/** The settings every peer that reads the request facts shares: no bound, its pins, the request facts checked. */
export interface PeerSettings extends CheckedBound {
  request: CheckedRequestFacts;
  pinned: readonly number[];
}

/**
 * The part of a peer's `normalize` that is the same for every peer (`PEER_TRAITS` says it takes no bound): no
 * bound, the pins, and `request` checked (errors name the strategy and the field).
 *
 * @throws {TypeError | RangeError} for a bad `request`
 */
export function peerSettings(config: CommonPruneOptions, strategy: string): PeerSettings {
  return { maxTurns: Infinity, maxTokens: Infinity, request: checkRequestFacts(config.request, strategy), pinned: config.pinned ?? [] };
}
