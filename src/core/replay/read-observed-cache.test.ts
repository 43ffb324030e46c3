import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { RecordedRequest } from '../usage/types';
import { readObservedCache } from './read-observed-cache';
import { cacheRulesFor } from './cache-rules-for';

const OPUS = cacheRulesFor('claude-opus-4-6');
const CODEX = cacheRulesFor('gpt-5-codex');

/** Requests 1, 3, 5, …: user messages in between are tool results, except at the indices in `prompts`. */
function session(count: number, prompts: number[] = []): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'go' }];
  for (let k = 0; k < count; k++) {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${k}`, name: 'Bash', input: {} }] });
    const at = messages.length;
    messages.push(prompts.includes(at) ? { role: 'user', content: 'next task' } : { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${k}`, content: 'ok' }] });
  }
  return messages;
}

/** Anthropic figures: [read, write, 1-hour part of the write], one request per assistant message. */
function anthropic(rows: [number, number, number?][]): RecordedRequest[] {
  return rows.map(([read, write, hour], k) => ({
    messageIndex: 2 * k + 1,
    contextStart: 0,
    inputTokens: 3,
    cacheCreationInputTokens: write,
    cacheReadInputTokens: read,
    outputTokens: 50,
    ...(hour ? { cacheWrite1hInputTokens: hour } : {}),
  }));
}

const times = (gapsSeconds: number[]): Float64Array => {
  const out = new Float64Array(2 * gapsSeconds.length + 2).fill(NaN);
  let t = 0;
  gapsSeconds.forEach((gap, k) => (out[2 * k + 1] = t += gap * 1000));
  return out;
};

describe('readObservedCache', () => {
  it('reads the warm start, the breakpoint a new prompt reads back, and that new prompts break (Claude Code, as in spotter)', () => {
    const recorded = anthropic([
      [11_442, 15_000],
      [26_442, 2_000],
      [21_478, 9_000],
      [30_478, 1_000],
    ]);
    const reading = readObservedCache(session(4, [4]), recorded, { rules: OPUS, times: times([0, 5, 5, 5]) });
    expect(reading).toMatchObject({ warmStartTokens: 11_442, breakpointTokens: 21_478, promptBreaks: true });
    expect(reading.ttlMs).toBeUndefined();
    expect(reading.notes.join(' ')).toContain('1 of 1 new prompt within the TTL read only the breakpoint back');
  });

  it('a new prompt that reads back exactly the warm start is a break, not a miss (a session opened after its compaction)', () => {
    const recorded = anthropic([
      [21_478, 14_600],
      [36_078, 1_000],
      [21_478, 20_000],
    ]);
    const reading = readObservedCache(session(3, [4]), recorded, { rules: OPUS, times: times([0, 5, 5]) });
    expect(reading).toMatchObject({ warmStartTokens: 21_478, breakpointTokens: 21_478, promptBreaks: true });
    expect(reading.notes.join(' ')).not.toContain('Misses');
  });

  it('a new prompt that appended says prompts do not break; none seen leaves it to Claude Code files only', () => {
    const appended = anthropic([
      [0, 30_000],
      [30_000, 1_000],
    ]);
    expect(readObservedCache(session(2, [2]), appended, { rules: OPUS }).promptBreaks).toBe(false);
    expect(readObservedCache(session(2), appended, { rules: OPUS }).promptBreaks).toBeUndefined();
    expect(readObservedCache(session(2), appended, { rules: OPUS, harness: { name: 'Claude Code', breaksCacheOnNewPrompt: true } }).promptBreaks).toBe(true);
  });

  it('1-hour writes: the TTL class and an hour of life; the breakpoint falls back to the warm start when no break was seen', () => {
    const reading = readObservedCache(session(1), anthropic([[11_515, 13_835, 13_835]]), { rules: OPUS });
    expect(reading).toMatchObject({ writeTtl: '1h', ttlMs: 3_600_000, warmStartTokens: 11_515, breakpointTokens: 11_515 });
  });

  it("infers a gateway's shorter lifetime when every miss within the TTL came after every hit (as in codemie)", () => {
    const recorded = anthropic([
      [0, 27_356],
      [0, 29_364],
      [0, 34_883],
      [22_912, 12_313],
      [0, 43_351],
    ]);
    const reading = readObservedCache(session(5, [2, 6]), recorded, { rules: cacheRulesFor('claude-sonnet-4-5'), times: times([0, 174, 150, 63, 192]) });
    expect(reading.ttlMs).toBe(106_500);
    expect(reading.breakpointTokens).toBe(22_912);
    expect(reading.notes.join(' ')).toContain('found 63 s after the previous request and lost 150 s after it');
  });

  it('misses mixed among hits at longer gaps are no lifetime: nothing inferred, and said so', () => {
    const recorded = anthropic([
      [0, 30_000],
      [0, 31_000],
      [31_000, 1_000],
    ]);
    const reading = readObservedCache(session(3), recorded, { rules: OPUS, times: times([0, 10, 200]) });
    expect(reading.ttlMs).toBeUndefined();
    expect(reading.notes.join(' ')).toContain('no rule predicts them');
  });

  it('OpenAI: a warm start, and whether requests within a turn read the previous response too', () => {
    const request = (k: number, input: number, cached: number): RecordedRequest => ({
      messageIndex: 2 * k + 1,
      contextStart: 0,
      inputTokens: input - cached,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
      outputTokens: 300,
    });
    const recorded = [request(0, 3_000, 2_560), request(1, 3_500, 3_200), request(2, 4_100, 3_712)];
    const reading = readObservedCache(session(3), recorded, { rules: CODEX });
    expect(reading).toMatchObject({ warmStartTokens: 2_560, cachesOutput: true });
    expect(reading.breakpointTokens).toBeUndefined();
    expect(readObservedCache(session(3), [request(0, 3_000, 0), request(1, 3_500, 2_944), request(2, 4_100, 3_456)], { rules: CODEX }).cachesOutput).toBeUndefined();
  });

  it('nothing recorded, nothing observed', () => {
    expect(readObservedCache(session(2), [], { rules: OPUS })).toEqual({ notes: [] });
  });
});
