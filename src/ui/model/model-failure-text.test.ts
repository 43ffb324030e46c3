import { describe, expect, it } from 'vitest';
import { modelFailureText } from './model-failure-text';

describe('modelFailureText', () => {
  const network = "Failed to fetch. Is the server running, and does it allow requests from this page's origin (CORS; Ollama: OLLAMA_ORIGINS)?";

  it('ends each sentence once (a reason ending in "?" got a stray "." after it)', () => {
    expect(modelFailureText([{ model: 'tiny', reason: network, lanes: ['Summarize', 'Token budget'] }], undefined)).toBe(
      `⚠ tiny could not write the summary of Summarize, Token budget: ${network} The extractive summary is kept.`,
    );
    expect(modelFailureText([{ model: 'tiny', reason: 'HTTP 500', lanes: ['Summarize'] }], undefined)).toBe('⚠ tiny could not write the summary of Summarize: HTTP 500. The extractive summary is kept.');
  });

  it("says first that the page's own policy blocks the endpoint, where no request could leave the page", () => {
    const text = modelFailureText([{ model: 'tiny', reason: network, lanes: ['Summarize'] }], 'http://127.0.0.1:9');
    expect(text.startsWith("⚠ This page's Content-Security-Policy blocks http://127.0.0.1:9, so no request reached it: serve the inspector with PRUNESCOPE_MODEL_ORIGIN=http://127.0.0.1:9")).toBe(true);
    expect(modelFailureText([], 'http://127.0.0.1:9')).toBe('');
  });
});
