import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { compareWithRecordedUsage } from './compare-with-recorded-usage';
import type { RecordedRequest } from './types';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

const user = (content: Message['content']): Message => ({ role: 'user', content });
const assistant = (content: Message['content']): Message => ({ role: 'assistant', content });
const results: Message = user([{ type: 'tool_result', tool_use_id: 'a', content: 'ok' }]);

const request = (messageIndex: number, total: number, extra: Partial<RecordedRequest> = {}): RecordedRequest => ({
  messageIndex,
  contextStart: 0,
  inputTokens: 1,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: total - 1,
  outputTokens: 10,
  ...extra,
});

describe('compareWithRecordedUsage', () => {
  const messages: Message[] = [user('go'), assistant('a'), results, assistant('b'), results, assistant('c')];
  const counts = [100, 20, 300, 20, 500, 20];

  it('sets each request beside the count of the messages it held; the first residual is the fixed part', () => {
    const comparison = compareWithRecordedUsage(messages, counts, [request(1, 5100), request(3, 5420), request(5, 5950)]);
    expect(comparison.requests).toEqual([
      { messageIndex: 1, contextStart: 0, recorded: 5100, counted: 100, hidden: 0, residual: 5000 },
      { messageIndex: 3, contextStart: 0, recorded: 5420, counted: 420, hidden: 0, residual: 5000, recordedGrowth: 320, countedGrowth: 320 },
      { messageIndex: 5, contextStart: 0, recorded: 5950, counted: 940, hidden: 0, residual: 5010, recordedGrowth: 530, countedGrowth: 520 },
    ]);
    expect(comparison.fixedTokens).toBe(5000);
    expect(comparison.medianGrowthRatio).toBeCloseTo((1 + 520 / 530) / 2, 10);
  });

  it('adds the system prompt the file holds to every request', () => {
    const { requests } = compareWithRecordedUsage(messages, counts, [request(1, 5100)], { systemTokens: 40 });
    expect(requests[0]).toMatchObject({ counted: 140, residual: 4960 });
  });

  it('starts counting at the context start and does not compare across it', () => {
    const { requests, medianGrowthRatio } = compareWithRecordedUsage(messages, counts, [
      request(3, 5420),
      request(5, 5600, { contextStart: 4 }),
    ]);
    expect(requests[1]).toEqual({ messageIndex: 5, contextStart: 4, recorded: 5600, counted: 500, hidden: 0, residual: 5100 });
    expect(medianGrowthRatio).toBeUndefined();
  });

  it('adds back the reasoning the turn carries, and drops it when a new user turn begins', () => {
    const turn: Message[] = [user('go'), assistant('a'), results, assistant('b'), user('next task'), assistant('c')];
    const { requests } = compareWithRecordedUsage(turn, [10, 10, 10, 10, 10, 10], [
      request(1, 1010, { reasoningOutputTokens: 200 }),
      request(3, 1230, { reasoningOutputTokens: 50 }),
      request(5, 1050),
    ]);
    expect(requests.map((r) => r.hidden)).toEqual([0, 200, 0]);
    expect(requests[1]).toMatchObject({ recordedGrowth: 220, countedGrowth: 220 });
  });

  it('leaves earlier turns’ thinking out for models that drop it, when counts without thinking are given', () => {
    const turn: Message[] = [user('go'), assistant('a'), user('next'), assistant('b')];
    const counts4 = [10, 110, 10, 110];
    const bare = [10, 10, 10, 10];
    const requests = [request(1, 1010, { model: 'claude-sonnet-4-5' }), request(3, 1130, { model: 'claude-sonnet-4-5' })];
    const dropped = compareWithRecordedUsage(turn, counts4, requests, { countsWithoutThinking: bare });
    expect(dropped.requests[1]?.counted).toBe(30);
    const kept = compareWithRecordedUsage(turn, counts4, requests.map((r) => ({ ...r, model: 'claude-opus-4-6' })), {
      countsWithoutThinking: bare,
    });
    expect(kept.requests[1]?.counted).toBe(130);
    expect(compareWithRecordedUsage(turn, counts4, requests).requests[1]?.counted).toBe(130);
  });

  it('leaves all thinking out for Gemini models, the current turn’s too: no request resends thought parts', () => {
    const turn: Message[] = [user('go'), assistant('a'), results, assistant('b')];
    const counts4 = [10, 110, 10, 110];
    const bare = [10, 10, 10, 10];
    const requests = [request(1, 1010, { model: 'gemini-2.5-pro' }), request(3, 1030, { model: 'gemini-2.5-pro' })];
    const { requests: rows } = compareWithRecordedUsage(turn, counts4, requests, { countsWithoutThinking: bare });
    expect(rows.map((r) => r.counted)).toEqual([10, 30]);
    expect(rows[1]).toMatchObject({ recordedGrowth: 20, countedGrowth: 20 });
  });

  it('has no fixed part and no ratio without requests', () => {
    expect(compareWithRecordedUsage(messages, counts, [])).toEqual({ requests: [], fixedTokens: undefined, medianGrowthRatio: undefined });
  });

  it('rejects counts that do not cover the messages and requests outside them', () => {
    expect(() => compareWithRecordedUsage(messages, [1, 2], [])).toThrow(
      new TypeError('compareWithRecordedUsage: counts must hold one count per message (6), got number 2.'),
    );
    expect(() => compareWithRecordedUsage(messages, counts, [request(7, 10)])).toThrow(
      new RangeError("compareWithRecordedUsage: a request's messageIndex is number 7; expected an integer from 0 to 6."),
    );
    expect(() => compareWithRecordedUsage(messages, counts, [request(2, 10, { contextStart: 3 })])).toThrow(/contextStart is number 3; .* messageIndex 2/);
    expect(() => compareWithRecordedUsage('x' as never, counts, [])).toThrow(/messages is "x"/);
    expect(() => compareWithRecordedUsage(messages, counts, [], { systemTokens: -1 })).toThrow(RangeError);
    expect(() => compareWithRecordedUsage(messages, counts, [], { countsWithoutThinking: [1] })).toThrow(/countsWithoutThinking/);
  });

  it('recorded − counted − hidden is the residual, growth is the difference of the sums (property)', () => {
    const scenario = fc
      .array(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 30 })
      .chain((counts) =>
        fc.tuple(
          fc.constant(counts),
          fc.uniqueArray(fc.integer({ min: 0, max: counts.length }), { maxLength: 10 }).map((xs) => xs.sort((a, b) => a - b)),
          fc.array(fc.nat({ max: 100_000 }), { minLength: 10, maxLength: 10 }),
        ),
      );
    fc.assert(
      fc.property(scenario, ([counts, indices, totals]) => {
        const chat = counts.map((_, i) => (i % 2 === 0 ? user('u') : assistant('a')));
        const requests = indices.map((index, k) => request(index, (totals[k] ?? 0) + 1));
        const before = structuredClone(requests);
        const { requests: rows } = compareWithRecordedUsage(chat, counts, requests);
        expect(requests).toEqual(before);
        rows.forEach((row, k) => {
          const counted = counts.slice(0, row.messageIndex).reduce((a, b) => a + b, 0);
          expect(row.counted).toBe(counted);
          expect(row.residual).toBe(row.recorded - row.counted - row.hidden);
          const previous = rows[k - 1];
          if (previous !== undefined && previous.messageIndex < row.messageIndex) {
            expect(row.countedGrowth).toBe(row.counted - previous.counted);
            expect(row.recordedGrowth).toBe(row.recorded - previous.recorded);
          }
        });
      }),
      { numRuns: 200, ...replay },
    );
  });
});
