import { describe, expect, it } from 'vitest';
import { isSpace } from './is-space';

describe('isSpace', () => {
  it('is `\\s` on every UTF-16 code unit', () => {
    const differ: string[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c.toString(16));
    expect(differ).toEqual([]);
  });

  it('is false past the end of a text (charCodeAt gives NaN)', () => {
    expect(isSpace(''.charCodeAt(0))).toBe(false);
  });
});
