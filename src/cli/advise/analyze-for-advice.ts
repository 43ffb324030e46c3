import { sweepTranscript, type SweepOptions } from '../../lib/index';
import { replaySourceFor } from '../report/replay-source-for';
import type { ReplayCore } from '../replay/replay-core';
import { errorText } from '../report/analyze-conversation';
import type { AdviseOutcome, AdviseSettings, AdviseTask } from './types';
import { sweepOptionsFor } from './sweep-options-for';

/** The window when neither `--window` nor the price table gives one: today's common 200k. */
const FALLBACK_WINDOW = 200_000;

/**
 * One conversation's sweep for `advise`: counted and priced as `report` does (`replaySourceFor`), and
 * `sweepTranscript` over the settings' grid (of the task's strategies when it names some). Runs in a worker thread, or
 * in-process with `--jobs 1`; a failure comes back as `error`.
 */
export async function analyzeForAdvice(task: AdviseTask, settings: AdviseSettings, replay: ReplayCore, onProgress?: SweepOptions['onProgress']): Promise<AdviseOutcome> {
  const base: AdviseOutcome = { file: task.file, id: task.id, format: task.format, messages: task.messages.length };
  try {
    const { model, source } = await replaySourceFor(task, settings, replay);
    if (source === undefined) return { ...base, model, error: `no prices for model ${JSON.stringify(model)} (--model picks one the table has, --prices gives them)` };
    const { prices } = source;
    const options = sweepOptionsFor(settings, settings.window ?? prices.contextWindow ?? FALLBACK_WINDOW, task.strategies);
    const sweep = sweepTranscript({ messages: task.messages, ...source }, onProgress !== undefined ? { ...options, onProgress } : options);
    return { ...base, model, pricedWith: prices.source ?? prices.model, sweep };
  } catch (error) {
    return { ...base, error: errorText(error) };
  }
}
