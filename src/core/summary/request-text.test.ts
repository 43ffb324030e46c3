import { describe, expect, it } from 'vitest';
import { requestText } from './request-text';
import { shortenText } from './shorten-text';

describe('requestText', () => {
  it('keeps the user words and drops what the harness wrote', () => {
    expect(requestText('Fix the login bug')).toBe('Fix the login bug');
    expect(requestText('<environment_context>\n  <cwd>/r</cwd>\n</environment_context>')).toBeUndefined();
    expect(requestText('[Request interrupted by user for tool use]')).toBeUndefined();
    expect(
      requestText([
        { type: 'text', text: '<local-command-caveat>Caveat: …</local-command-caveat>' },
        { type: 'text', text: 'scrolling still fails' },
        { type: 'tool_result', tool_use_id: 'a', content: 'not a request' },
      ]),
    ).toBe('scrolling still fails');
    expect(requestText('# Context from my IDE setup:\n\n## Open tabs:\n- a.ts\n\n## My request for Codex:\nWhy do we need stats?\n')).toBe(
      'Why do we need stats?',
    );
  });
});

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
