/**
 * Calibration on real sessions: between two consecutive requests the recorded input grows by exactly the messages
 * added in between, so our count of those messages should match that growth. The framing in `tokens/framing.ts` was
 * fitted on these files; these tests keep it honest when the counting changes.
 *
 * spotter-tool-heavy has three request pairs, two of which hold text Claude Code injected without writing it to the
 * file (a background-task notice, MCP instructions after `/mcp`): its median (0.78) says nothing about our counts, so
 * it is only part of the pooled figure. spotter-short has a single request.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import type { Conversation } from '../formats/types';
import { countMessageTokens } from '../tokens/count-message-tokens';
import { countSystemTokens } from '../tokens/count-system-tokens';
import { createTokenCounter } from '../tokens/create-token-counter';
import { encodingForFormat } from '../formats/encoding-for-format';
import { estimateTokens } from '../tokens/estimate-tokens';
import { messageTextLength } from '../text/message-text-length';
import { compareWithRecordedUsage } from './compare-with-recorded-usage';
import { readRecordedUsage } from './read-recorded-usage';
import type { UsageComparison } from './types';

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');

async function compare(name: string): Promise<{ conversation: Conversation; comparison: UsageComparison; counts: Float64Array }> {
  const text = fixture(name);
  const conversation = parseTranscript(text, { fileName: name }).conversations[0];
  if (conversation === undefined) throw new Error(`${name}: no conversation`);
  const counter = await createTokenCounter({ encoding: encodingForFormat(conversation.format) });
  expect(counter.fallback).toBeUndefined();
  const counts = countMessageTokens(conversation.messages, counter);
  const comparison = compareWithRecordedUsage(conversation.messages, counts, readRecordedUsage(conversation, text), {
    systemTokens: countSystemTokens(conversation.system, counter),
    countsWithoutThinking: countMessageTokens(conversation.messages, counter, { thinking: false }),
  });
  return { conversation, comparison, counts };
}

const ratios = (comparison: UsageComparison): number[] =>
  comparison.requests.flatMap((r) => (r.recordedGrowth ? [(r.countedGrowth ?? 0) / r.recordedGrowth] : []));
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

describe('counted against recorded usage, on real sessions', () => {
  it.each([
    ['spotter-session.jsonl', 130],
    ['codemie-session-9eda1058.jsonl', 4],
    ['codex-rollout-agentcmd-2025-09-24.jsonl', 130],
  ])('%s: the median growth ratio is within 0.95–1.05 (over at least %i request pairs)', async (name, pairs) => {
    const { comparison } = await compare(name);
    expect(ratios(comparison).length).toBeGreaterThanOrEqual(pairs);
    expect(comparison.medianGrowthRatio).toBeGreaterThan(0.95);
    expect(comparison.medianGrowthRatio).toBeLessThan(1.05);
  });

  it('all Claude Code sessions pooled: median within 0.95–1.05, half the pairs within ±7%', async () => {
    const names = ['spotter-session.jsonl', 'codemie-session-9eda1058.jsonl', 'spotter-short.jsonl', 'spotter-tool-heavy.jsonl'];
    const all = (await Promise.all(names.map(compare))).flatMap(({ comparison }) => ratios(comparison));
    expect(all.length).toBeGreaterThan(140);
    expect(median(all)).toBeGreaterThan(0.95);
    expect(median(all)).toBeLessThan(1.05);
    const close = all.filter((r) => r > 0.93 && r < 1.07).length;
    expect(close / all.length).toBeGreaterThan(0.5);
  });

  it('spotter: the largest request (164,831 tokens) is within 3% of our count plus the fixed part; chars ÷ 4 was 40% short', async () => {
    const { conversation, comparison } = await compare('spotter-session.jsonl');
    const largest = comparison.requests.reduce((a, b) => (b.recorded > a.recorded ? b : a));
    expect(largest.recorded).toBe(164_831);
    // Claude Code's system prompt and tool definitions: not in the file, the same in every request.
    expect(comparison.fixedTokens).toBeGreaterThan(20_000);
    expect(comparison.fixedTokens).toBeLessThan(30_000);
    expect((largest.counted + (comparison.fixedTokens ?? 0)) / largest.recorded).toBeGreaterThan(0.97);
    expect((largest.counted + (comparison.fixedTokens ?? 0)) / largest.recorded).toBeLessThan(1.03);
    let chars = 0;
    for (const message of conversation.messages.slice(largest.contextStart, largest.messageIndex)) {
      chars += estimateTokens(messageTextLength(message));
    }
    expect(chars / (largest.recorded - (comparison.fixedTokens ?? 0))).toBeLessThan(0.75);
  });

  it('spotter: requests after the compaction hold the summary onwards, not the history', async () => {
    const { conversation, comparison } = await compare('spotter-session.jsonl');
    const summary = conversation.annotations?.findIndex((a) => a?.compactSummary === true) ?? -1;
    expect(summary).toBeGreaterThan(0);
    const after = comparison.requests.filter((r) => r.messageIndex > summary);
    expect(after.length).toBeGreaterThan(50);
    expect(after.every((r) => r.contextStart === summary)).toBe(true);
    const first = after[0];
    // The first request after compaction is about 36k, not the 165k before it.
    expect(first?.recorded).toBeLessThan(40_000);
    expect(first?.residual).toBeGreaterThan(20_000);
    expect(first?.residual).toBeLessThan(35_000);
  });

  it('codex: hidden reasoning is added within a turn and dropped at the next, so the residual does not drift', async () => {
    const { comparison } = await compare('codex-rollout-agentcmd-2025-09-24.jsonl');
    const fixed = comparison.fixedTokens ?? 0;
    expect(fixed).toBeGreaterThan(1000);
    expect(comparison.requests.some((r) => r.hidden > 10_000)).toBe(true);
    // The input falls at every new user turn (the API drops the turn's reasoning); our count falls with it.
    const drops = comparison.requests.filter((r) => (r.recordedGrowth ?? 0) < -1000);
    expect(drops.length).toBeGreaterThanOrEqual(5);
    for (const drop of drops) expect((drop.countedGrowth ?? 0) / (drop.recordedGrowth ?? 1)).toBeGreaterThan(0.9);
    const last = comparison.requests[comparison.requests.length - 1];
    expect(Math.abs((last?.residual ?? 0) - fixed)).toBeLessThan(0.01 * (last?.recorded ?? 0));
  });
});
