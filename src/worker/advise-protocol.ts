/**
 * The protocol of the advisor's worker: one sweep of the open conversation (every strategy over a grid of bounds and
 * live triggers, each point replayed, priced and scored by probes). It reads the transcript again from the same
 * source, as the replay worker does, and is terminated, not asked, when cancelled or superseded.
 */
import type { SweepResult } from '../core';
import type { PriceOverrides } from './replay-protocol';
import type { ReplaySourceRequest } from './replay-source';

export interface AdviseRequest extends ReplaySourceRequest {
  /** A model of the price table; undefined: the one the file records, else the format's default. */
  model?: string;
  prices?: PriceOverrides;
  /** Fit the messages to the recorded bill, as the Replay view does when asked. */
  calibrate: boolean;
}

export interface ModelWindow {
  id: string;
  name: string;
  window: number;
}

export type AdvisePhase = 'reading' | 'parsing' | 'counting' | 'sweeping';

export type AdviseResponse =
  | { type: 'progress'; phase: AdvisePhase; done: number; total: number }
  /** `windows`: the price table's models with a context window, for "stay under the window of model M". */
  | { type: 'result'; sweep: SweepResult; model: string; pricedWith: string; ms: number; windows: ModelWindow[] }
  | { type: 'error'; message: string };
