import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../formats/parse-transcript';
import type { Message } from '../types';
import { compareWithRecordedTotal } from './compare-with-recorded-total';
import { readRecordedTotal } from './read-recorded-total';

const u = (content: string): Message => ({ role: 'user', content });
const a = (content: string): Message => ({ role: 'assistant', content });

describe('compareWithRecordedTotal', () => {
  it('sums what each request held: the messages before each assistant message, and the system prompt', () => {
    const messages = [u('task'), a('call'), u('result'), a('done')];
    const comparison = compareWithRecordedTotal(messages, [10, 5, 20, 3], { inputTokens: 60, outputTokens: 9, requests: 2, where: 'info.model_stats' }, { systemTokens: 2 });
    expect(comparison).toEqual({
      total: { inputTokens: 60, outputTokens: 9, requests: 2, where: 'info.model_stats' },
      countedRequests: 2,
      countedInputTokens: 12 + 37,
      countedOutputTokens: 8,
      residual: 60 - 49,
    });
  });

  it('a request after a compaction holds only the messages from it; without recorded input there is no residual', () => {
    const messages = [u('task'), a('one'), u('summary'), a('two')];
    const comparison = compareWithRecordedTotal(messages, [10, 5, 20, 3], { costUsd: 1, where: 'llm_metrics' }, { contextStarts: [2] });
    expect(comparison.countedInputTokens).toBe(10 + 20);
    expect(comparison).not.toHaveProperty('residual');
  });

  it('equals summing each request from scratch (generated roles, counts and starts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.nat(500)), { maxLength: 30 }),
        fc.uniqueArray(fc.nat(30), { maxLength: 3 }),
        fc.nat(50),
        (rows, starts, system) => {
          const messages = rows.map(([assistant]) => (assistant ? a('x') : u('x')));
          const counts = rows.map(([, count]) => count);
          let expected = 0;
          messages.forEach((m, i) => {
            if (m.role !== 'assistant') return;
            const start = Math.max(0, ...starts.filter((s) => s <= i));
            for (let k = start; k < i; k++) expected += counts[k] as number;
            expected += system;
          });
          const got = compareWithRecordedTotal(messages, counts, { where: 'x' }, { systemTokens: system, contextStarts: starts });
          expect(got.countedInputTokens).toBe(expected);
          expect(got.countedRequests).toBe(messages.filter((m) => m.role === 'assistant').length);
        },
      ),
    );
  });

  it('says what is wrong with its arguments', () => {
    expect(() => compareWithRecordedTotal([u('a')], [], { where: 'x' })).toThrow(TypeError);
    expect(() => compareWithRecordedTotal('no' as never, [1], { where: 'x' })).toThrow(TypeError);
    expect(() => compareWithRecordedTotal([u('a')], [1], null as never)).toThrow(/total is null/);
    expect(() => compareWithRecordedTotal([u('a')], [1], { where: 'x' }, { systemTokens: -1 })).toThrow(RangeError);
  });
});

describe('readRecordedTotal', () => {
  it('reads the total of a format that records one, and nothing from one that does not', () => {
    const traj = readFileSync(new URL('../../../fixtures/swe-agent-gpt4-pydicom-1458.traj', import.meta.url), 'utf8');
    const swe = parseTranscript(traj).conversations[0];
    expect(swe && readRecordedTotal(swe)).toMatchObject({ requests: 12, inputTokens: 122612 });
    const chat = parseTranscript(JSON.stringify([u('hi')])).conversations[0];
    expect(chat && readRecordedTotal(chat)).toBeUndefined();
    expect(() => readRecordedTotal({} as never)).toThrow(TypeError);
  });

  it('on the real v0 trajectory, the counted requests come within 0.1 % of the recorded tokens_sent (12 requests, 122,612)', async () => {
    const { createTokenCounter } = await import('../tokens/create-token-counter');
    const { countMessageTokens } = await import('../tokens/count-message-tokens');
    const { countSystemTokens } = await import('../tokens/count-system-tokens');
    const traj = readFileSync(new URL('../../../fixtures/swe-agent-gpt4-pydicom-1458.traj', import.meta.url), 'utf8');
    const c = parseTranscript(traj).conversations[0];
    if (!c) throw new Error('no conversation');
    const counter = await createTokenCounter({ encoding: 'o200k_base' });
    const total = readRecordedTotal(c);
    if (!total) throw new Error('no total');
    const comparison = compareWithRecordedTotal(c.messages, countMessageTokens(c.messages, counter), total, { systemTokens: countSystemTokens(c.system ?? '', counter) });
    expect(comparison.countedRequests).toBe(12);
    expect(Math.abs(comparison.countedInputTokens / 122612 - 1)).toBeLessThan(0.001);
  });
});
