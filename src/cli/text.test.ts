import { describe, expect, it } from 'vitest';
import { formatChange, formatShare, formatTable, formatUsd, toCsv, wrap } from './text';

describe('text layout', () => {
  it('wraps words at the width, indenting what follows', () => {
    expect(wrap('one two three four', 12, 2)).toBe('one two\n  three four');
    expect(wrap('  ', 10, 0)).toBe('');
  });

  it('pads columns to their widest cell, numbers on the right', () => {
    expect(formatTable(['name', 'n'], [['a', '1'], ['bb', '1,000']], ['left', 'right'])).toBe('name      n\n────  ─────\na         1\nbb    1,000\n');
  });

  it('quotes CSV fields that need it (RFC 4180)', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], [1, 'line\nbreak']])).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,"line\nbreak"\r\n');
  });

  it('formats shares, changes and dollars', () => {
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(1, 0)).toBe('–');
    expect(formatChange(60, 100)).toBe('−40.0%');
    expect(formatChange(105, 100)).toBe('+5.0%');
    expect(formatChange(1, 0)).toBe('–');
    expect([formatUsd(0.01234), formatUsd(12.345), formatUsd(1234.5)]).toEqual(['$0.0123', '$12.35', '$1,235']);
  });
});
