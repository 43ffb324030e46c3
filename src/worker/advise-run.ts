/**
 * One sweep for the Advisor panel, from the source to its points: the transcript opened as on screen
 * (`openReplaySource`), priced like the Replay view, swept by the core (`sweepTranscriptAsync`), with a pause between
 * steps so a cancel on this thread (tests) is heard; in the worker, cancel terminates it.
 */
import { defaultReplayModel, listModels, loadModelPrices, sweepTranscriptAsync } from '../core';
import type { AdviseRequest, AdviseResponse } from './advise-protocol';
import { openReplaySource, replayInputsOf, yieldToEvents } from './replay-source';

/** The window when the price table gives none: today's common 200k. */
const FALLBACK_WINDOW = 200_000;

export async function runAdvise(request: AdviseRequest, post: (response: AdviseResponse) => void, signal?: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    const source = await openReplaySource(request, request.calibrate, (phase) => post({ type: 'progress', phase, done: 0, total: 1 }));
    const model = request.model ?? source.inputs.model ?? defaultReplayModel(source.format);
    let prices;
    try {
      prices = await loadModelPrices(model, request.prices ?? {});
    } catch (error) {
      if (!(error instanceof TypeError && /^no prices for/.test(error.message))) throw error;
      post({ type: 'error', message: `No prices for ${model}: pick a model whose prices apply, or type its prices, in the Replay view.` });
      return;
    }
    const sweep = await sweepTranscriptAsync(
      { messages: source.conversation.messages, ...replayInputsOf(source, prices) },
      {
        window: prices.contextWindow ?? FALLBACK_WINDOW,
        onProgress: (done, total) => post({ type: 'progress', phase: 'sweeping', done, total }),
        pause: yieldToEvents,
        ...(signal ? { signal } : {}),
      },
    );
    const windows = (await listModels()).flatMap((m) => (m.contextWindow !== undefined ? [{ id: m.model, name: m.name ?? m.model, window: m.contextWindow }] : []));
    post({ type: 'result', sweep, model, pricedWith: prices.source ?? prices.model, ms: performance.now() - started, windows });
  } catch (error) {
    if (signal?.aborted) return;
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}
