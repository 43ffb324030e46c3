import { describe, expect, it } from 'vitest';
import { CliError } from '../errors';
import { mergeReports, reportJson, totalsOf } from './aggregate';
import type { ConversationOutcome, ReportSettings, StrategyOutcome } from './types';

const settings: ReportSettings = { strategies: [{ id: 'sliding-window', options: {} }, { id: 'governor', options: {} }], bound: { kind: 'fraction', fraction: 0.5 }, encoding: 'chars' };

function outcome(id: string, tokens: number, strategies: Partial<StrategyOutcome>[], extra: Partial<ConversationOutcome> = {}): ConversationOutcome {
  return {
    file: 'f.json',
    id,
    format: 'openai-chat',
    messages: 10,
    tokens,
    encoding: 'chars',
    inputValid: true,
    hasTask: true,
    strategies: strategies.map((s, k) => ({
      strategy: k === 0 ? 'sliding-window' : 'governor',
      messagesOut: 5,
      tokensOut: tokens / 2,
      valid: true,
      addedProblems: 0,
      taskKept: true,
      over: false,
      ...s,
    })),
    ...extra,
  };
}

describe('totalsOf', () => {
  it('sums each strategy over the conversations, after the input as it was', () => {
    const totals = totalsOf(settings, [
      outcome('a', 100, [{ taskKept: false }, { tokensOut: 30, over: true }]),
      outcome('b', 300, [{ valid: false, addedProblems: 2 }, { error: 'boom' }], { inputValid: false }),
      outcome('c', 50, [], { error: 'unreadable' }),
    ]);
    expect(totals).toEqual([
      { strategy: 'none', conversations: 2, tokensIn: 400, tokensOut: 400, valid: 1, addedProblems: 0, taskKept: 2, tasks: 2, over: 0, errors: 1 },
      { strategy: 'sliding-window', conversations: 2, tokensIn: 400, tokensOut: 200, valid: 1, addedProblems: 2, taskKept: 1, tasks: 2, over: 0, errors: 0 },
      { strategy: 'governor', conversations: 1, tokensIn: 100, tokensOut: 30, valid: 1, addedProblems: 0, taskKept: 1, tasks: 1, over: 1, errors: 1 },
    ]);
  });

  it('gives a cost only when every conversation was priced', () => {
    const priced = [outcome('a', 100, [{ costUsd: 0.5 }, { costUsd: 0.25 }], { costUsd: 1 }), outcome('b', 100, [{ costUsd: 0.5 }, { costUsd: 0.5 }], { costUsd: 1 })];
    expect(totalsOf(settings, priced).map((t) => t.costUsd)).toEqual([2, 1, 0.75]);
    const partly = [...priced, outcome('c', 100, [{}, {}])];
    expect(totalsOf(settings, partly).map((t) => t.costUsd)).toEqual([undefined, undefined, undefined]);
  });
});

describe('mergeReports', () => {
  const a = reportJson(settings, [{ file: 'a.json', conversations: 1 }], [outcome('a', 100, [{}, {}])]);
  const b = reportJson(settings, [{ file: 'b.json', conversations: 1 }, { file: 'x.json', conversations: 0, error: 'x.json: no such file' }], [outcome('b', 300, [{}, {}])]);

  it('concatenates the parts and totals the whole', () => {
    const merged = mergeReports([
      { label: 'a', value: JSON.parse(JSON.stringify(a)) },
      { label: 'b', value: JSON.parse(JSON.stringify(b)) },
    ]);
    expect(merged.files.map((f) => f.file)).toEqual(['a.json', 'b.json', 'x.json']);
    expect(merged.totals[0]).toMatchObject({ conversations: 2, tokensIn: 400 });
  });

  it('refuses what is not a report, another version, and parts run with other settings', () => {
    expect(() => mergeReports([{ label: 'x.json', value: [1, 2] }])).toThrow(new CliError('report: x.json is not the --json output of prunescope report'));
    expect(() => mergeReports([{ label: 'v2.json', value: { ...a, version: 2 } }])).toThrow('report: v2.json is a version 2 report; this prunescope merges version 1');
    const other = { ...b, settings: { ...settings, encoding: 'claude' } };
    expect(() => mergeReports([{ label: 'a', value: a }, { label: 'b', value: other }])).toThrow('report: b was run with other settings than a');
    expect(() => mergeReports([])).toThrow('report: --merge needs at least one report file');
  });
});
