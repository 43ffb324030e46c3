/**
 * The no-pruning replay against the bill real sessions recorded, request by request.
 *
 * - Codex (gpt-5-codex): input within 0.1% in total, every request within 1.2%; cache-read share 96.8% against
 *   97.3%. The reasoning the rollout encrypts is carried by its turn's later requests (its recorded size is added)
 *   and dropped at the next turn, where the cached prefix breaks, as the recorded reads show.
 * - spotter (claude-opus-4-6, one compaction): Claude Code sends 5–14k tokens per request that the file does not
 *   hold (reminders, hook output), growing over the session, so with only the fixed part estimated from the first
 *   request the replay is 8% short. Calibrated (`readReplayInputs` with `calibrate`), the input is within 0.2% and
 *   every request within 1%; the cache-read share is 96.6% against 96.0% (its two cold starts, after 4 hours and 19
 *   minutes idle, come from the file's times: without them, 98.0%).
 * - codemie (claude-sonnet-4.5, 5 requests): input within 1%, but the recorded cache reads (13% of input) are not a
 *   prefix cache's: four of five requests read nothing 40 s to 3 min after the previous one wrote its prefix (the
 *   proxy it ran through, presumably), which no rule derived from the file can know. The replay says 70%.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import { createTokenCounter } from '../tokens/create-token-counter';
import { encodingForFormat } from '../formats/encoding-for-format';
import { readReplayInputs } from './read-replay-inputs';
import { replayTranscript } from './replay-transcript';
import { loadModelPrices } from './load-model-prices';
import { cacheRulesFor } from './cache-rules-for';
import type { ReplayResult } from './types';

async function replayBaseline(name: string, calibrate: boolean): Promise<NonNullable<ReplayResult['recorded']>> {
  const text = readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');
  const conversation = parseTranscript(text, { fileName: name }).conversations[0]!;
  const counter = await createTokenCounter({ encoding: encodingForFormat(conversation.format) });
  expect(counter.fallback).toBeUndefined();
  const inputs = readReplayInputs(conversation, counter, { text, calibrate });
  const prices = await loadModelPrices(inputs.model!);
  const result = replayTranscript(conversation.messages, {
    strategies: [{ id: 'none' }],
    mode: 'stateless',
    prices,
    cache: cacheRulesFor(inputs.model!),
    counter,
    ...inputs,
  });
  expect(result.recorded).toBeDefined();
  return result.recorded!;
}

const relative = (replayed: number, recorded: number): number => Math.abs(replayed / recorded - 1);

describe('the no-pruning replay against recorded usage', () => {
  it('Codex rollout: input and cache-read share within 1%, every request within 2%', async () => {
    const recorded = await replayBaseline('codex-rollout-agentcmd-2025-09-24.jsonl', false);
    expect(recorded.requests).toBe(132);
    expect(relative(recorded.replayedInputTokens, recorded.recordedInputTokens)).toBeLessThan(0.01);
    expect(relative(recorded.replayedCacheReadShare, recorded.recordedCacheReadShare)).toBeLessThan(0.01);
    expect(recorded.worstError).toBeLessThan(0.02);
  });

  it('spotter: 8% short on input with only the fixed part estimated; the share read within 1%', async () => {
    const recorded = await replayBaseline('spotter-session.jsonl', false);
    expect(recorded.requests).toBe(139);
    const short = 1 - recorded.replayedInputTokens / recorded.recordedInputTokens;
    expect(short).toBeGreaterThan(0.06);
    expect(short).toBeLessThan(0.1);
    expect(relative(recorded.replayedCacheReadShare, recorded.recordedCacheReadShare)).toBeLessThan(0.01);
  });

  it('spotter calibrated: input within 1%, every request within 1%, cache-read share within 1%', async () => {
    const recorded = await replayBaseline('spotter-session.jsonl', true);
    expect(relative(recorded.replayedInputTokens, recorded.recordedInputTokens)).toBeLessThan(0.01);
    expect(recorded.worstError).toBeLessThan(0.01);
    expect(relative(recorded.replayedCacheReadShare, recorded.recordedCacheReadShare)).toBeLessThan(0.01);
  });

  it('Gemini CLI (gemini-3-pro-image-preview): thought summaries are never resent, so with them left out the input is within 3%', async () => {
    const recorded = await replayBaseline('codemie-session-2025-12-01.json', false);
    expect(recorded.requests).toBe(11);
    expect(relative(recorded.replayedInputTokens, recorded.recordedInputTokens)).toBeLessThan(0.03);
  });

  it('codemie: input within 2%; its recorded cache reads are no prefix cache the replay can know', async () => {
    const recorded = await replayBaseline('codemie-session-9eda1058.jsonl', false);
    expect(recorded.requests).toBe(5);
    expect(relative(recorded.replayedInputTokens, recorded.recordedInputTokens)).toBeLessThan(0.02);
    expect(recorded.recordedCacheReadShare).toBeLessThan(0.2);
    expect(recorded.replayedCacheReadShare).toBeGreaterThan(0.6);
  });
});
