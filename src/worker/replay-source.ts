/**
 * A transcript read, parsed, opened and counted for a replay or a sweep, exactly as the prune worker opened it
 * (`openWith`), so the messages are the ones on screen. Shared by the replay and the advisor workers.
 */
import {
  cacheRulesFor,
  createTokenCounter,
  encodingForFormat,
  parseTranscript,
  readReplayInputs,
  type Conversation,
  type ModelPrices,
  type ReplayInputs,
  type SweepReplayInputs,
  type TokenCounter,
  type TokenEncoding,
  type TranscriptFormat,
} from '../core';
import { openWith, type OpenOptions } from './open-options';
import type { LoadSource } from './protocol';
import { readSource } from './queries';

export interface ReplaySourceRequest {
  source: LoadSource;
  conversation: number;
  open: OpenOptions;
  encoding: TokenEncoding | 'auto';
}

export interface ReplaySource {
  conversation: Conversation;
  format: TranscriptFormat;
  counter: TokenCounter;
  inputs: ReplayInputs;
}

export const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function openReplaySource(request: ReplaySourceRequest, calibrate: boolean, phase: (name: 'reading' | 'parsing' | 'counting') => void): Promise<ReplaySource> {
  phase('reading');
  const source = await readSource(request.source, () => undefined);
  phase('parsing');
  await yieldToEvents();
  const parsed = parseTranscript(source.text, { fileName: source.fileName, origin: request.source.kind === 'text' ? 'paste' : 'file' });
  const whole = parsed.conversations[Math.min(Math.max(0, request.conversation), parsed.conversations.length - 1)] as Conversation;
  const { conversation } = openWith(whole, request.open);
  const format = conversation.format ?? parsed.format;
  phase('counting');
  await yieldToEvents();
  const encoding = request.encoding === 'auto' ? encodingForFormat(format) : request.encoding;
  const counter = await createTokenCounter({ encoding });
  const inputs = readReplayInputs(conversation, counter, { text: source.text, calibrate });
  return { conversation, format, counter, inputs };
}

/** What every replay of the source is given beside its strategies, mode, trigger and window. */
export function replayInputsOf({ inputs, counter }: ReplaySource, prices: ModelPrices): SweepReplayInputs {
  return {
    prices,
    cache: cacheRulesFor(prices.model),
    tokens: inputs.tokens,
    fixedTokens: inputs.fixedTokens,
    counter,
    contextStarts: inputs.contextStarts,
    ...(inputs.priorTurnTokens ? { priorTurnTokens: inputs.priorTurnTokens } : {}),
    ...(inputs.messageTimes ? { messageTimes: inputs.messageTimes } : {}),
    ...(inputs.recorded.length > 0 ? { recorded: inputs.recorded } : {}),
    ...(inputs.observedCache ? { observedCache: inputs.observedCache } : {}),
  };
}
