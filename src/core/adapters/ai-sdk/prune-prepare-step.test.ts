/**
 * `prunePrepareStep` in a real `generateText` tool loop (the repo's `ai` 6, its mock model): a long history with big
 * tool results, pruned before every step to a token bound, never sends the model a prompt with an unanswered call
 * or an answer to nothing (ai 6 itself throws `AI_MissingToolResultsError` for the former). The packed package
 * runs the same loop beside ai 7 (`test/package/pack.test.ts`).
 */
import { generateText, stepCountIs, tool, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { prunePrepareStep } from './prune-prepare-step';
import { pruneModelMessages } from './prune-model-messages';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const call = (id: string) => ({
  content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'read', input: JSON.stringify({ path: `${id}.ts` }) }],
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_use' },
  usage,
  warnings: [],
});
const done = { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'end_turn' }, usage, warnings: [] };

function history(rounds: number): ModelMessage[] {
  const out: ModelMessage[] = [{ role: 'user', content: 'fix the importer' }];
  for (let r = 0; r < rounds; r++) {
    out.push({ role: 'assistant', content: [{ type: 'text', text: `reading h${r}` }, { type: 'tool-call', toolCallId: `h${r}`, toolName: 'read', input: { path: `h${r}.ts` } }] });
    out.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: `h${r}`, toolName: 'read', output: { type: 'text', value: `line ${r}\n`.repeat(400) } }] });
  }
  return out;
}

/** Problems of a provider-level prompt: a call not answered before the next user or assistant message, or an answer to nothing. */
function promptProblems(prompt: readonly { role: string; content: unknown }[]): string[] {
  const problems: string[] = [];
  const open = new Set<string>();
  for (const message of prompt) {
    const parts = Array.isArray(message.content) ? (message.content as { type: string; toolCallId?: string }[]) : [];
    if (message.role === 'tool') {
      for (const p of parts) if (p.type === 'tool-result' && !open.delete(p.toolCallId as string)) problems.push(`result ${p.toolCallId} answers nothing`);
      continue;
    }
    for (const id of open) problems.push(`call ${id} unanswered`);
    open.clear();
    for (const p of parts) if (p.type === 'tool-call') open.add(p.toolCallId as string);
  }
  return problems;
}

describe('prunePrepareStep in a generateText loop', () => {
  it.each(['sliding-window', 'importance', 'observation-masking', 'summarize', 'governor'] as const)('%s: no step sends an invalid prompt, and each stays within the bound', async (strategy) => {
    const model = new MockLanguageModelV3({ doGenerate: [call('c1'), call('c2'), call('c3'), done] });
    const tools = { read: tool({ description: 'read a file', inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => `contents of ${path}\n`.repeat(300) }) };
    const reports: { tokens: number; over?: unknown }[] = [];
    const result = await generateText({
      model,
      tools,
      messages: history(30),
      stopWhen: stepCountIs(10),
      prepareStep: prunePrepareStep({ strategy, maxTokens: 8_000, onReport: (r) => reports.push(r) }),
    });
    expect(result.text).toBe('done');
    expect(model.doGenerateCalls).toHaveLength(4);
    for (const { prompt } of model.doGenerateCalls) expect(promptProblems(prompt)).toEqual([]);
    expect(reports).toHaveLength(4);
    for (const report of reports) if (report.over === undefined) expect(report.tokens).toBeLessThanOrEqual(8_000);
    // Pruned: the history alone is ~30 × 1,000 tokens; what was sent is a fraction of it.
    const size = JSON.stringify(history(30)).length;
    for (const { prompt } of model.doGenerateCalls) expect(JSON.stringify(prompt).length).toBeLessThan(size / 2);
  });

  it("the control: the AI SDK docs' slice (first message + the last N) sends a result whose call is gone; the check sees it", async () => {
    const model = new MockLanguageModelV3({ doGenerate: [done] });
    const messages = history(10);
    await generateText({ model, messages, prepareStep: ({ messages: m }) => ({ messages: [m[0] as ModelMessage, ...m.slice(-3)] }) });
    expect(promptProblems(model.doGenerateCalls[0]!.prompt)).toEqual(['result h8 answers nothing']);
    // pruneModelMessages on the same history and bound: kept whole.
    const pruned = pruneModelMessages(messages, { strategy: 'sliding-window', maxTurns: 3 });
    expect(promptProblems(pruned)).toEqual([]);
  });

  it('returns undefined when nothing needs pruning, and checks its config at once', () => {
    const step = prunePrepareStep({ strategy: 'sliding-window', maxTurns: 100 });
    expect(step({ messages: history(2) })).toBeUndefined();
    expect(() => prunePrepareStep({ strategy: 'sliding-windw' as 'sliding-window', maxTurns: 1 })).toThrow(TypeError);
  });
});
