import { describe, expect, it } from 'vitest';
import { shortenText } from './shorten-text';

describe('shortenText', () => {
  it('collapses whitespace and keeps the start and the end of a long text', () => {
    expect(shortenText('  a\n\n b\tc ', 50)).toBe('a b c');
    const long = `START ${'middle '.repeat(100)}END`;
    const short = shortenText(long, 40);
    expect(short.length).toBeLessThanOrEqual(40);
    expect(short.startsWith('START')).toBe(true);
    expect(short.endsWith('END')).toBe(true);
    expect(short).toContain(' … ');
  });
});
