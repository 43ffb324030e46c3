import { describe, expect, it } from 'vitest';
import { countMessageTokens, createTokenCounter, parseTranscript } from '../core';
import { openConversation } from './doc';

/** A 600 × 450 PNG, as far as a header goes: what an image costs depends on its size alone. */
function pngBase64(width: number, height: number): string {
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), 0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height), 8, 6, 0, 0, 0]).toString('base64');
}

const text = JSON.stringify([
  { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: pngBase64(600, 450) } }, { type: 'text', text: 'what is this?' }] },
  { role: 'assistant', content: 'A chart.' },
]);

describe('openConversation', () => {
  it('gives an image its size-based count from the first paint, near what the exact count says', async () => {
    const parsed = parseTranscript(text, { fileName: 'image.json' });
    const doc = openConversation({ docId: 1, fileName: 'image.json', bytes: text.length, parsed, fingerprint: 'x' }, 0);
    expect(doc.encoding).toBe('chars');
    const first = doc.analysis.tokens[0] as number;
    // 600 × 450 / 750 = 360 tokens for the image alone.
    expect(first).toBeGreaterThanOrEqual(360);
    const exact = countMessageTokens(doc.messages, await createTokenCounter({ encoding: 'claude' }))[0] as number;
    expect(Math.abs(first - exact) / exact).toBeLessThan(0.1);
  });
});
