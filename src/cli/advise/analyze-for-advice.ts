import { countMessageTokens, countSystemTokens, createTokenCounter, sweepTranscript, type SweepOptions } from '../../lib/index';
import { defaultReplayModel, encodingForFormat } from '../../lib/formats';
import type { ReplayCore } from '../replay/replay-core';
import type { ConversationTask } from '../report/types';
import { errorText } from '../report/analyze-conversation';
import type { AdviseOutcome, AdviseSettings } from './types';

/** The window when neither `--window` nor the price table gives one: today's common 200k. */
const FALLBACK_WINDOW = 200_000;

/**
 * One conversation's sweep for `advise`: its tokens counted with the format's vocabulary, its model priced (the
 * recorded one, else `--model`, else the format's), and `sweepTranscript` over the settings' grid. Runs in a worker
 * thread, or in-process with `--jobs 1`; a failure comes back as `error`.
 */
export async function analyzeForAdvice(task: ConversationTask, settings: AdviseSettings, replay: ReplayCore, onProgress?: SweepOptions['onProgress']): Promise<AdviseOutcome> {
  const base: AdviseOutcome = { file: task.file, id: task.id, format: task.format, messages: task.messages.length };
  try {
    const counter = await createTokenCounter({ encoding: settings.encoding === 'auto' ? encodingForFormat(task.format) : settings.encoding });
    const model = settings.model ?? task.recorded?.find((r) => r.model !== undefined)?.model ?? defaultReplayModel(task.format);
    const prices = await replay.pricesFor(model, settings.prices);
    if (prices === undefined) return { ...base, model, error: `no prices for model ${JSON.stringify(model)} (--model picks one the table has, --prices gives them)` };
    const sweep = sweepTranscript(
      {
        messages: task.messages,
        tokens: countMessageTokens(task.messages, counter),
        prices,
        cache: replay.cacheRulesFor(model),
        fixedTokens: task.system !== undefined ? countSystemTokens(task.system, counter) : 0,
        counter,
        ...(task.recorded && task.recorded.length > 0 ? { recorded: task.recorded } : {}),
      },
      {
        window: settings.window ?? prices.contextWindow ?? FALLBACK_WINDOW,
        ...(settings.bounds !== undefined ? { bounds: settings.bounds } : {}),
        ...(settings.strategies !== undefined ? { strategies: settings.strategies } : {}),
        ...(settings.slowStatelessUpTo !== undefined ? { slowStatelessUpTo: settings.slowStatelessUpTo } : {}),
        ...(onProgress !== undefined ? { onProgress } : {}),
      },
    );
    return { ...base, model, pricedWith: prices.source ?? prices.model, sweep };
  } catch (error) {
    return { ...base, error: errorText(error) };
  }
}
