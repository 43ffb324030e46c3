import { describe, expect, it } from 'vitest';
import { toolOutputContent } from '../adapters/ai-sdk/tool-output-content';
import { toolOutputToResult } from '../formats/ai-sdk/tool-output-to-result';

describe('aiSdkToolOutput', () => {
  it.each([
    { type: 'text', value: 'ok' },
    { type: 'text' },
    { type: 'error-text', value: { e: 1 } },
    { type: 'json', value: { a: [1] } },
    { type: 'json', value: 'quoted' },
    { type: 'json' },
    { type: 'error-json', value: null },
    { type: 'execution-denied', reason: 'not now' },
    { type: 'execution-denied' },
    { type: 'content', value: 'x' },
    { type: 'content', value: ['loose', { type: 'text', text: 'seen' }, { type: 'image-url', url: 'https://x/c.png' }] },
    { type: 'later', value: 1 },
  ])('the adapter and the file format read %j alike', (output) => {
    expect(toolOutputContent(output)).toEqual(toolOutputToResult({ type: 'tool-result', output }));
  });
});
