/**
 * The README's "your own summarizer" example, run as written, with `callModel` standing in for a model call (no
 * network here or in the app). Keep the block between the markers identical to the README's.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { ContextPruner } from './context-pruner';
import { fromContextWindow } from './from-context-window';
import { isContextSummary } from '../summary/is-context-summary';
import { contentText } from '../text/content-text';
import { sizedTurns, windowOf } from '../../../test/support/build-turns';
import type { Summarizer } from './types';

const prompts: string[] = [];
async function callModel(prompt: string, options: { signal?: unknown; maxTokens: number }): Promise<string> {
  prompts.push(prompt);
  expect(options.maxTokens).toBe(2000);
  return `summary of ${prompt.length} characters`;
}
const window = windowOf(sizedTurns(12, 20_000));
const sent: Message[][] = [];
const send = (messages: Message[]) => sent.push(messages);

describe('README example: plugging in your own summarizer', () => {
  it('runs as written', async () => {
    // README example start
    const modelSummarizer: Summarizer = {
      async summarize(turns, taskContext, { signal } = {}) {
        // An earlier summary comes first among the turns: ask the model to update it, not to quote it.
        const earlier = turns.find((t) => isContextSummary(t.content));
        const lines = turns.filter((t) => t !== earlier).map((t) => `${t.role}: ${contentText(t.content)}`);
        const head = earlier ? `Update this summary:\n${contentText(earlier.content)}` : 'Summarize:';
        const prompt = [`Task: ${taskContext}`, head, 'Keep requests, files, commands, errors, todos.', ...lines].join('\n\n');
        return callModel(prompt, { signal, maxTokens: 2000 }); // yours; if it throws, the window stays as it was
      },
    };
    const pruner = new ContextPruner(modelSummarizer, { softLimitTokens: 150_000, hardLimitTokens: 180_000, pinTask: true });
    const result = await pruner.prune(window, 'ship the importer fix');
    if (result.pruned) send(fromContextWindow(result.window));
    else console.warn(result.reason, result.detail); // below-soft-limit, no-candidates, not-smaller, summarizer-failed…
    // README example end
    expect(result.pruned).toBe(true);
    expect(prompts[0]).toMatch(/^Task: ship the importer fix\n\nSummarize:/);
    expect(result.summary).toMatch(/^summary of \d+ characters$/);
    expect(sent[0]?.[1]?.content).toBe(`[Context Summary]\n${result.summary}`);
  });
});
