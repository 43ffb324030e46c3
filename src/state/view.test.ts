import { describe, expect, it } from 'vitest';
import { decodeView, encodeView, NO_FILTERS } from './view';

describe('URL hash view', () => {
  it('round-trips bound, selection, filters, focus and query', () => {
    const view = {
      maxTurns: 40,
      selected: 12,
      conversation: 3,
      focus: 'importance' as const,
      query: 'defmodule & co',
      filters: { roles: ['user' as const], tools: ['Bash', 'Read'], fates: { importance: ['dropped' as const], summarize: ['summarized' as const, 'kept' as const] }, matchesOnly: true },
    };
    expect(decodeView(`#${encodeView(view)}`)).toEqual(view);
  });

  it('ignores junk', () => {
    expect(decodeView('#turns=-3&sel=abc&role=admin&focus=nope&fate.imp=gone')).toEqual({ filters: NO_FILTERS });
  });
});
