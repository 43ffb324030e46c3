import { describe, expect, it } from 'vitest';
import { decodeView, encodeView, EMPTY_VIEW, type ViewState } from './view';

describe('URL hash view', () => {
  it('round-trips lanes with options and budgets, the budget, pins, selection, filters, focus, query and fingerprint', () => {
    const view: ViewState = {
      fingerprint: 'a1b2c3',
      conversation: 3,
      budget: { unit: 'tokens', value: 50_000 },
      lanes: [
        { strategy: 'sliding-window', options: {} },
        { strategy: 'importance', options: {}, budget: { unit: 'messages', value: 20 } },
        { strategy: 'importance', options: {} },
        { strategy: 'observation-masking', options: { keepRecent: 5, clearToolInputs: true, excludeTools: ['Read', 'TodoWrite'] } },
      ],
      pinned: [0, 17],
      selected: 12,
      focus: 2,
      query: 'defmodule & co',
      roles: ['user'],
      tools: ['Bash', 'Read'],
      fates: { 2: ['dropped'], 1: ['summarized', 'kept'] },
      matchesOnly: true,
    };
    expect(decodeView(`#${encodeView(view)}`)).toEqual(view);
  });

  it('reads links made before budgets had units', () => {
    expect(decodeView('#turns=40').budget).toEqual({ unit: 'messages', value: 40 });
  });

  it('ignores junk: unknown strategies and options, values out of range, bad numbers', () => {
    const view = decodeView('#budget=x12&sel=abc&role=admin&focus=0&fate.0=gone&lanes=newest,observation-masking(keepRecent=-3;nope=1;clearToolInputs=maybe)&pin=a,3');
    expect(view).toEqual({ ...EMPTY_VIEW, lanes: [{ strategy: 'observation-masking', options: {} }], pinned: [3] });
  });
});
