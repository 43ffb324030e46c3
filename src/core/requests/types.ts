/**
 * The one public shape of this folder: when a live agent prunes. Everything else here is how one strategy's replay
 * is worked out request by request, which `replayTranscript` (src/core/replay) puts together and prices.
 */

/** When a live agent prunes: it continues from what it sent, pruning only when a trigger fires. */
export type ReplayTrigger =
  | { kind: 'tokens'; over: number }
  | { kind: 'every'; requests: number }
  | { kind: 'fraction'; of: number; window: number };
