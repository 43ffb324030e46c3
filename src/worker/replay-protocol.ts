/**
 * The protocol of the replay worker. A replay can take long (token budget and governor plan every request afresh in
 * stateless mode), so it runs in a worker of its own that reads the transcript again from the same source and is
 * terminated, not asked, when a newer replay supersedes it: the prune worker stays free for bound changes.
 */
import type { HarnessBill, ModelPrices, RecordedComparison, RecordedTotalComparison, ReplayTrigger, TokenEncoding } from '../core';
import type { PlanRequest } from './lanes';
import type { OpenOptions } from './open-options';
import type { LoadSource } from './protocol';

/** What the user chose in the Replay view. */
export interface ReplaySettings {
  mode: 'stateless' | 'live';
  /** For live mode. */
  trigger: ReplayTrigger;
  /** A model of the price table; undefined: the one the file records, else the format's default. */
  model?: string;
  /** Fit the messages to the recorded bill (`readReplayInputs`' `calibrate`). */
  calibrate: boolean;
  /** Prices the user typed, dollars per million tokens; each replaces the table's (`loadModelPrices`' overrides). */
  prices?: PriceOverrides;
}

export type PriceOverrides = Partial<Pick<ModelPrices, 'input' | 'output' | 'cacheRead' | 'cacheWrite'>>;

/** A model the picker offers: its table id, name and provider. */
export interface PickerModel {
  id: string;
  name: string;
  provider: string;
}

export interface ReplayRequest {
  source: LoadSource;
  conversation: number;
  open: OpenOptions;
  encoding: TokenEncoding | 'auto';
  /** The lanes and bound on screen; a lane's plan per request is the same strategy and options at the same bound. */
  plan: PlanRequest;
  settings: ReplaySettings;
}

/** One lane's replay as flat arrays, one entry per request, ready to chart. */
export interface LaneReplay {
  laneId: string;
  /** Message index of each request's answer. */
  messageIndex: Int32Array;
  inputTokens: Float64Array;
  cacheReadTokens: Float64Array;
  cacheWriteTokens: Float64Array;
  costUsd: Float64Array;
  /** 1 where the request did not continue the previous one. */
  rewrite: Uint8Array;
  totals: { inputTokens: number; cacheReadTokens: number; cacheWriteTokens: number; outputTokens: number; costUsd: number };
  peakInputTokens: number;
  rewrites: number;
  overWindow: number;
  /** Wall time of this lane's replay, in milliseconds. */
  ms: number;
}

export interface ReplayMeta {
  prices: ModelPrices;
  /** The model the file records, when it does. */
  fileModel?: string;
  requests: number;
  messages: number;
  /** The window drawn on the chart and counted against. */
  window: number;
  fixedTokens: number;
  /** The part of `fixedTokens` that is the file's own system prompt; the rest is estimated from recorded usage. */
  systemTokens: number;
  hasRecorded: boolean;
  /**
   * Live mode: the first request at which the trigger fires (until then every lane sends what no pruning sends, so
   * this is read from the baseline); -1 when it never does.
   */
  triggerFiresAt?: number;
  injectedTokens?: number;
  /** The inputs were fitted to the recorded bill. */
  calibrated?: boolean;
  /** What the file's agent harness sends without writing it down, when it has a name (`HarnessTraits.unrecordedInput`). */
  unrecordedInput?: string;
  /** What the file's usage says about its cache, one sentence a finding (`ReplayInputs.observedCache.notes`). */
  cacheNotes?: string[];
  /** The requests beside the main thread, priced: the same in every lane. */
  harness?: HarnessBill;
}

export type ReplayResponse =
  | { type: 'progress'; phase: 'reading' | 'parsing' | 'counting' | 'replaying'; laneId?: string; done: number; total: number }
  /** The price table's models for the picker, and the file's own, sent before anything can fail on prices. */
  | { type: 'models'; models: PickerModel[]; fileModel?: string; model: string }
  | { type: 'meta'; meta: ReplayMeta }
  /** The baseline (`laneId` "none") first, then each lane as it is done. */
  | { type: 'lane'; lane: LaneReplay; recorded?: RecordedComparison; recordedTotal?: RecordedTotalComparison }
  | { type: 'lane-error'; laneId: string; message: string }
  | { type: 'done'; ms: number }
  /** `needsPrices`: the model has no prices the table or the user gave; the view asks for them. */
  | { type: 'error'; message: string; needsPrices?: boolean };

export const BASELINE_ID = 'none';

/** The buffers of a response, moved rather than copied. */
export function replayTransfer(response: ReplayResponse): Transferable[] {
  if (response.type !== 'lane') return [];
  const l = response.lane;
  return [l.messageIndex.buffer, l.inputTokens.buffer, l.cacheReadTokens.buffer, l.cacheWriteTokens.buffer, l.costUsd.buffer, l.rewrite.buffer] as ArrayBuffer[];
}
