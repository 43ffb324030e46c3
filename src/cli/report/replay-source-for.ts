import { countMessageTokens, countSystemTokens, createTokenCounter, type SweepReplayInputs, type TokenCounter } from '../../lib/index';
import { defaultReplayModel, encodingForFormat, readReplayInputs } from '../../lib/formats';
import type { ReplayCore } from '../replay/replay-core';
import type { EncodingChoice } from '../tokens';
import type { ConversationTask } from './types';

/** What `report` and `advise` read from their settings to count and price a conversation. */
export interface PricingSettings {
  encoding: EncodingChoice;
  model?: string;
  prices?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
}

/**
 * One conversation counted and priced as `report` and `advise` both do: its tokens with the format's vocabulary
 * (unless `--encoding` says), the model it is priced at (`--model`, else the one the file records, else the
 * format's), and, when that model has prices, what a replay of it takes (`source`). Without a replay core (`report`
 * when nothing is priced) it is only counted.
 */
export async function replaySourceFor(
  task: ConversationTask,
  settings: PricingSettings,
  replay: ReplayCore | undefined,
): Promise<{ counter: TokenCounter; tokens: Float64Array; model: string; source?: SweepReplayInputs }> {
  const counter = await createTokenCounter({ encoding: settings.encoding === 'auto' ? encodingForFormat(task.format) : settings.encoding });
  const tokens = countMessageTokens(task.messages, counter);
  // What `replay` and the inspector read from the file, so the three price a conversation alike.
  const inputs = task.conversation !== undefined ? readReplayInputs(task.conversation, counter, { counts: tokens, ...(task.text !== undefined ? { text: task.text } : {}) }) : undefined;
  const model = settings.model ?? inputs?.model ?? inputs?.recordedTotal?.model ?? defaultReplayModel(task.format);
  if (replay === undefined) return { counter, tokens, model };
  const prices = await replay.pricesFor(model, settings.prices);
  if (prices === undefined) return { counter, tokens, model };
  const recorded = inputs?.recorded ?? [];
  const source: SweepReplayInputs = {
    prices,
    cache: replay.cacheRulesFor(model),
    tokens: inputs?.tokens ?? tokens,
    fixedTokens: inputs?.fixedTokens ?? (task.system !== undefined ? countSystemTokens(task.system, counter) : 0),
    counter,
    ...(inputs !== undefined ? { contextStarts: inputs.contextStarts } : {}),
    ...(inputs?.priorTurnTokens ? { priorTurnTokens: inputs.priorTurnTokens } : {}),
    ...(inputs?.messageTimes ? { messageTimes: inputs.messageTimes } : {}),
    ...(recorded.length > 0 ? { recorded } : {}),
    ...(inputs?.observedCache ? { observedCache: inputs.observedCache } : {}),
  };
  return { counter, tokens, model, source };
}
