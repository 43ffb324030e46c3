import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import { charsTokenCounter } from '../tokens/chars-token-counter';
import { readReplayInputs } from './read-replay-inputs';
import { loadModelPrices } from './load-model-prices';
import { priceHarnessRequests } from './price-harness-requests';

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');

describe('readHarnessRequests and priceHarnessRequests', () => {
  it("spotter: the Explore subagent's 11 requests from its progress lines (Sonnet 4.5, 5-minute writes) and the compaction's summary request", async () => {
    const text = fixture('spotter-session.jsonl');
    const conversation = parseTranscript(text).conversations[0]!;
    const inputs = readReplayInputs(conversation, charsTokenCounter, { text });
    const subagent = inputs.harness!.filter((r) => r.kind === 'subagent');
    expect(subagent).toHaveLength(11);
    expect(new Set(subagent.map((r) => r.agentId))).toEqual(new Set(['a2898e3']));
    expect(new Set(subagent.map((r) => r.model))).toEqual(new Set(['claude-sonnet-4-5-20250929']));
    // The Task call's message: the subagent ran between it and its result.
    expect(conversation.messages[subagent[0]!.messageIndex]?.role).toBe('assistant');
    expect(subagent.reduce((sum, r) => sum + r.cacheWriteTokens, 0)).toBe(70_782);
    expect(subagent.reduce((sum, r) => sum + r.cacheReadTokens, 0)).toBe(533_374);
    expect(subagent.every((r) => r.cacheWrite1hTokens === 0 && !r.estimated)).toBe(true);
    const [compaction] = inputs.harness!.filter((r) => r.kind === 'compaction');
    // It reads what the last request before the compaction cached, and writes the compact prompt and what followed.
    expect(compaction).toMatchObject({ messageIndex: 123, cacheReadTokens: 164_830, estimated: true });
    expect(compaction!.cacheWriteTokens).toBeGreaterThan(1_500);

    const bill = await priceHarnessRequests(inputs.harness!, await loadModelPrices('claude-opus-4-6'));
    expect(bill.subagentUsd).toBeCloseTo(0.43, 2);
    expect(bill.compactionUsd).toBeGreaterThan(0.1);
    expect(bill.totalUsd).toBeCloseTo(bill.subagentUsd + bill.compactionUsd, 12);
    expect(bill.notes[0]).toContain('11 subagent requests (recorded, claude-sonnet-4-5-20250929)');
  });

  it('none for files without subagents or compactions, none for other formats, and none without the text', () => {
    const short = fixture('spotter-short.jsonl');
    expect(readReplayInputs(parseTranscript(short).conversations[0]!, charsTokenCounter, { text: short }).harness).toBeUndefined();
    const codex = fixture('codex-rollout-agentcmd-2025-09-24.jsonl');
    expect(readReplayInputs(parseTranscript(codex).conversations[0]!, charsTokenCounter, { text: codex }).harness).toBeUndefined();
    const spotter = parseTranscript(fixture('spotter-session.jsonl')).conversations[0]!;
    expect(readReplayInputs(spotter, charsTokenCounter).harness?.map((r) => r.kind)).toEqual(['compaction']);
  });
});
