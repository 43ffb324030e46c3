/**
 * One replay, from the source to each lane's priced requests. Runs in the replay worker (or on the main thread where
 * workers cannot be made); it reads and opens the transcript exactly as the prune worker did (`openWith`), so the
 * messages are the ones on screen, and answers the baseline first, then the quick lanes, then the slow ones.
 */
import {
  defaultReplayModel,
  getFormat,
  getStrategy,
  listModels,
  loadModelPrices,
  countSystemTokens,
  prepareReplay,
  priceHarnessRequests,
  replayPrepared,
  triggerFires,
  type ModelPrices,
  type ReplayOptions,
  type ReplayTrigger,
  type StrategyReplay,
} from '../core';
import { laneConfig } from './lanes';
import { openReplaySource, replayInputsOf, yieldToEvents } from './replay-source';
import { BASELINE_ID, type LaneReplay, type ReplayRequest, type ReplayResponse } from './replay-protocol';

export async function runReplay(request: ReplayRequest, post: (response: ReplayResponse) => void): Promise<void> {
  const started = performance.now();
  try {
    const source = await openReplaySource(request, request.settings.calibrate, (phase) => post({ type: 'progress', phase, done: 0, total: 1 }));
    const { conversation, format, counter, inputs } = source;
    const model = request.settings.model ?? inputs.model ?? defaultReplayModel(format);
    const unrecordedInput = getFormat(format).harness?.unrecordedInput;
    const models = (await listModels()).map((m) => ({ id: m.model, name: m.name ?? m.model, provider: m.model.split('/')[0] ?? '' }));
    post({ type: 'models', models, model, ...(inputs.model !== undefined ? { fileModel: inputs.model } : {}) });
    let prices: ModelPrices;
    try {
      prices = await loadModelPrices(model, request.settings.prices ?? {});
    } catch (error) {
      if (!(error instanceof TypeError && /^no prices for/.test(error.message))) throw error;
      post({
        type: 'error',
        needsPrices: true,
        message: `No prices for ${model}: the price table has no entry for it or its family. Type its prices below (input and output at least, dollars per million tokens), or pick a model whose prices apply.`,
      });
      return;
    }
    const window = prices.contextWindow ?? 200_000;
    const trigger: ReplayTrigger = request.settings.trigger.kind === 'fraction' ? { ...request.settings.trigger, window } : request.settings.trigger;
    const messages = conversation.messages;
    const common: Omit<ReplayOptions, 'strategies'> = { mode: request.settings.mode, trigger, window, ...replayInputsOf(source, prices) };
    const baselineOptions: ReplayOptions = { ...common, strategies: [{ id: BASELINE_ID }], ...(inputs.recordedTotal ? { recordedTotal: inputs.recordedTotal } : {}) };
    const harness = inputs.harness ? await priceHarnessRequests(inputs.harness, prices) : undefined;
    const baselineFrom = performance.now();
    // Listing the requests and analysing their contexts is the same for every lane: done once, not once per lane.
    const prepared = prepareReplay(messages, baselineOptions);
    const baseline = replayPrepared(prepared, baselineOptions);
    const baselineMs = performance.now() - baselineFrom;
    const none = baseline.strategies[0] as StrategyReplay;
    const firesAt = request.settings.mode === 'live' ? none.requests.findIndex((r, k) => triggerFires(trigger, k, r.inputTokens)) : undefined;
    post({
      type: 'meta',
      meta: {
        prices,
        ...(inputs.model !== undefined ? { fileModel: inputs.model } : {}),
        requests: none.requests.length,
        messages: messages.length,
        window,
        fixedTokens: inputs.fixedTokens,
        systemTokens: countSystemTokens(conversation.system, counter),
        ...(firesAt !== undefined ? { triggerFiresAt: firesAt } : {}),
        hasRecorded: inputs.recorded.length > 0,
        ...(inputs.injectedTokens !== undefined ? { injectedTokens: inputs.injectedTokens } : {}),
        calibrated: request.settings.calibrate,
        ...(unrecordedInput !== undefined ? { unrecordedInput } : {}),
        ...(inputs.observedCache ? { cacheNotes: inputs.observedCache.notes } : {}),
        ...(harness ? { harness } : {}),
      },
    });
    post({
      type: 'lane',
      lane: toLaneReplay(BASELINE_ID, none, baselineMs),
      ...(baseline.recorded ? { recorded: baseline.recorded } : {}),
      ...(baseline.recordedTotal ? { recordedTotal: baseline.recordedTotal } : {}),
    });

    // Quick lanes first, so most of the view fills in at once; the slow ones after, each on its own.
    const lanes = [...request.plan.lanes].sort((a, b) => Number(getStrategy(a.strategy).slow === true) - Number(getStrategy(b.strategy).slow === true));
    let done = 0;
    for (const lane of lanes) {
      post({ type: 'progress', phase: 'replaying', laneId: lane.id, done, total: lanes.length });
      await yieldToEvents();
      const from = performance.now();
      try {
        const config = laneConfig(lane, request.plan.budget, request.plan.pinned);
        const result = replayPrepared(prepared, { ...common, strategies: [{ id: lane.id, config }] });
        post({ type: 'lane', lane: toLaneReplay(lane.id, result.strategies[0] as StrategyReplay, performance.now() - from) });
      } catch (error) {
        post({ type: 'lane-error', laneId: lane.id, message: error instanceof Error ? error.message : String(error) });
      }
      done++;
    }
    post({ type: 'done', ms: performance.now() - started });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

function toLaneReplay(laneId: string, replay: StrategyReplay, ms: number): LaneReplay {
  const n = replay.requests.length;
  const lane: LaneReplay = {
    laneId,
    messageIndex: new Int32Array(n),
    inputTokens: new Float64Array(n),
    cacheReadTokens: new Float64Array(n),
    cacheWriteTokens: new Float64Array(n),
    costUsd: new Float64Array(n),
    rewrite: new Uint8Array(n),
    totals: replay.totals,
    peakInputTokens: replay.peakInputTokens,
    rewrites: replay.rewrites,
    overWindow: replay.overWindow,
    ms,
  };
  replay.requests.forEach((r, k) => {
    lane.messageIndex[k] = r.messageIndex;
    lane.inputTokens[k] = r.inputTokens;
    lane.cacheReadTokens[k] = r.cacheReadTokens;
    lane.cacheWriteTokens[k] = r.cacheWriteTokens;
    lane.costUsd[k] = r.costUsd;
    lane.rewrite[k] = r.rewrite ? 1 : 0;
  });
  return lane;
}
