import { describe, expect, it } from 'vitest';
import { isContextSummary } from './is-context-summary';
import { deriveSummaryId } from '../context-pruner/derive-summary-id';

describe('isContextSummary', () => {
  it('recognises the marker line, as a string or a first text block, and nothing else', () => {
    expect(isContextSummary('[Context Summary]\nTurns summarized: 3')).toBe(true);
    expect(isContextSummary('[Context Summary]')).toBe(true);
    expect(isContextSummary([{ type: 'text', text: '[Context Summary]\r\n…' }])).toBe(true);
    expect(isContextSummary('[Context Summary]s of the week')).toBe(false);
    expect(isContextSummary('see [Context Summary]\n')).toBe(false);
    expect(isContextSummary([{ type: 'tool_result', tool_use_id: 'a', content: '[Context Summary]\n' }])).toBe(false);
    expect(isContextSummary([])).toBe(false);
  });
});

describe('deriveSummaryId', () => {
  it('is a function of the ids and their boundaries', () => {
    expect(deriveSummaryId(['a', 'b'])).toBe(deriveSummaryId(['a', 'b']));
    expect(deriveSummaryId(['ab', 'c'])).not.toBe(deriveSummaryId(['a', 'bc']));
    expect(deriveSummaryId(['a', 'b'])).not.toBe(deriveSummaryId(['b', 'a']));
    expect(deriveSummaryId([])).toMatch(/^context-summary-[0-9a-f]{16}$/);
    expect(deriveSummaryId([1, 2])).not.toBe(deriveSummaryId([2, 1]));
    expect(deriveSummaryId([1])).not.toBe(deriveSummaryId(['1']));
  });
});
