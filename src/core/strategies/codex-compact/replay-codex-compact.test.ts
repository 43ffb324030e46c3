/**
 * Codex's stateless replay against the naive one (a plan of every request's history) on a long session whose
 * summaries are sized by what they replace (2.57% of it): user messages leave the kept 20k tokens as new ones come,
 * one cut in the middle, and the summary budget moves with every request.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { replayTranscript } from '../../replay/replay-transcript';
import { naiveReplay } from '../../../../test/support/naive-replay';
import { assistant, toolResult, toolUse, user } from '../../../../test/support/build-messages';
import { CODEX_SUMMARY_PREFIX } from './codex-summary-prefix';
import { CONTEXT_SUMMARY_MARKER } from '../../text/harness-text';

/** Opens with an earlier Codex summary (its task and requests are the new summary's first), if `resumed`. */
function session(steps: number, resumed = false): Message[] {
  const out: Message[] = [];
  if (resumed) out.push(user(`${CODEX_SUMMARY_PREFIX}\n${CONTEXT_SUMMARY_MARKER}\nTurns summarized: 9\n\n## Task\nport the parser\n\n## User requests\n- add tests\n- fix lint`));
  for (let k = 0; k < steps; k++) {
    if (k % 3 === 0) out.push(user(`request ${k}: `.padEnd(2_000 + ((k * 7_919) % 9_000), String.fromCharCode(97 + (k % 26)))));
    // Every command differs, so the summary's facts outgrow its budget and its size follows what it replaces.
    out.push({ role: 'assistant', content: [toolUse(`c${k}`, 'shell', { command: ['cat', `src/module-${k}/file-${k}.ts`] })] });
    const result = toolResult(`c${k}`, `line ${k}\n`.repeat(20 + (k % 5) * 30));
    // Now and then the user types beside a result: a request the summary lists where it came.
    out.push({ role: 'user', content: k % 7 === 4 ? [result, { type: 'text', text: `also check module ${k}` }] : [result] });
    if (k % 3 === 2) out.push(assistant(`done with ${k}`));
  }
  return out;
}

describe('codex-compact stateless replay', () => {
  // Sized by what it replaces (0), the summary cuts its oldest lines; at 100,000 tokens it shows every request.
  it.each([
    [false, 0],
    [true, 0],
    [false, 100_000],
    [true, 100_000],
  ])('gives the naive replay’s numbers on a long session over the limit (resumed from a summary: %s, summary size %i)', (resumed, summaryTokens) => {
    const messages = session(150, resumed);
    const tokens = messages.map((m) => Math.ceil(JSON.stringify(m.content).length / 4));
    const options = {
      strategies: [{ id: 'none' }, { id: 'codex', config: { strategy: 'codex-compact' as const, autoCompactLimit: 20_000, summaryTokens } }],
      mode: 'stateless' as const,
      prices: { model: 'test', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
      cache: { provider: 'anthropic' as const, minTokens: 0 },
      tokens,
      fixedTokens: 1_000,
    };
    const fast = replayTranscript(messages, options).strategies[1]!.requests;
    const naive = naiveReplay(messages, options).get('codex')!;
    expect(fast.map(({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite }) => ({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite }))).toEqual(
      naive.map(({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite }) => ({ messageIndex, inputTokens, cacheReadTokens, cacheWriteTokens, rewrite })),
    );
    // The session is over the limit for most requests, with summaries larger than the 16-token floor.
    expect(fast.filter((r) => r.inputTokens < tokens.reduce((a, b) => a + b, 0)).length).toBeGreaterThan(20);
  });
});
