/**
 * Anthropic's `clear_tool_uses_20250919`, held to the examples and sentences of the "Context editing" docs
 * (platform.claude.com/docs/en/build-with-claude/context-editing): the default edit, the docs' configured example
 * (`trigger 30000, keep 3, clear_at_least 5000, exclude_tools ["web_search"]`), `clear_tool_inputs`, the trigger
 * counted over the whole prompt, and the applied-edit report.
 */
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { planPrune } from '../../prune/plan-prune';
import { REASON } from '../../plan/reason';
import { anthropicClearToolUsesStrategy } from './anthropic-clear-tool-uses-strategy';
import { planClearToolUses } from './plan-clear-tool-uses';
import { user, assistant, toolUse, toolResult } from '../../../../test/support/build-messages';

/** A task, then `names.length` tool uses (one per assistant turn), each result `size` characters, then an answer. */
function session(names: readonly string[], size = 4000): Message[] {
  const out: Message[] = [user('fix the failing test')];
  names.forEach((name, k) => {
    out.push({ role: 'assistant', content: [toolUse(`t${k}`, name, { path: `/src/file${k}.ts` })] });
    out.push({ role: 'user', content: [toolResult(`t${k}`, `${k}:`.padEnd(size, 'x'))] });
  });
  out.push(assistant('done'));
  return out;
}

const total = (messages: Message[]) => analyzeTranscript(messages).suffixTokens[0] as number;

function resultTexts(messages: Message[]): string[] {
  return messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result').map((b) => String((b as { content?: unknown }).content)) : []));
}

describe('anthropic-clear-tool-uses, as the context-editing docs define it', () => {
  it('default edit: nothing changes while the prompt is at or under 100,000 input tokens, system and tools included', () => {
    const messages = session(['Read', 'Read', 'Bash', 'Grep', 'Read']);
    const fixedTokens = 100_000 - total(messages);
    expect(pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', request: { fixedTokens } })).toEqual(messages);
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'anthropic-clear-tool-uses', request: { fixedTokens } });
    expect(plan.masked).toBe(0);
    expect(plan.explain?.headline).toMatch(/^Not triggered: prompt 100k tokens, trigger 100k/);
  });

  it('writes its figures as every figure is written: 999,960 tokens read "1M", not "1000k"', () => {
    const messages = session(['Read']);
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'anthropic-clear-tool-uses', triggerAt: 999_960 });
    expect(plan.explain?.headline).toMatch(/, trigger 1M$/);
  });

  it('default edit: once the prompt exceeds 100,000, every result but the last 3 tool uses becomes the placeholder, oldest first', () => {
    const messages = session(['Read', 'Read', 'Bash', 'Grep', 'Read']);
    const fixedTokens = 100_001 - total(messages);
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', request: { fixedTokens } });
    expect(resultTexts(out).map((t) => (t === '[cleared]' ? 'cleared' : 'kept'))).toEqual(['cleared', 'cleared', 'kept', 'kept', 'kept']);
    // The pair stays valid: a cleared result keeps its tool_use_id, and the call is untouched.
    expect((out[2] as { content: ContentBlock[] }).content[0]).toEqual({ type: 'tool_result', tool_use_id: 't0', content: '[cleared]' });
    expect(out[1]).toBe(messages[1]);
    expect(messages[2]).not.toBe(out[2]);
  });

  it('keep counts tool uses, not messages: a parallel turn of three calls is three uses', () => {
    const messages: Message[] = [
      user('look around'),
      { role: 'assistant', content: [toolUse('a', 'Read'), toolUse('b', 'Read'), toolUse('c', 'Grep'), toolUse('d', 'Glob')] },
      { role: 'user', content: ['a', 'b', 'c', 'd'].map((id) => toolResult(id, id.padEnd(4000, 'y'))) },
      assistant('found it'),
    ];
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1 });
    expect(resultTexts(out)).toEqual(['[cleared]', 'b'.padEnd(4000, 'y'), 'c'.padEnd(4000, 'y'), 'd'.padEnd(4000, 'y')]);
  });

  it("the docs' example: web_search is never cleared, and under clear_at_least 5000 nothing is cleared at all", () => {
    const config = { strategy: 'anthropic-clear-tool-uses', triggerAt: 30_000, keep: 3, clearAtLeast: 5_000, excludeTools: ['web_search'] } as const;
    // 40 uses of ~1k tokens: far over the trigger; the web_search results stay whatever their age.
    const names = Array.from({ length: 40 }, (_, k) => (k % 4 === 0 ? 'web_search' : 'Read'));
    const out = pruneMessages(session(names), config);
    resultTexts(out).forEach((text, k) => {
      if (names[k] === 'web_search' || k >= names.length - 3) expect(text).not.toBe('[cleared]');
      else expect(text).toBe('[cleared]');
    });

    // Over the trigger by a large fixed part, but only two small old results to clear: under 5,000 tokens, unapplied.
    const small = session(['web_search', 'Read', 'Read', 'Read', 'Read', 'Read'], 2000);
    const over = { ...config, request: { fixedTokens: 40_000 } };
    expect(pruneMessages(small, over)).toEqual(small);
    const plan = planPrune(analyzeTranscript(small), over);
    expect(plan.explain?.headline).toMatch(/under clear_at_least 5k: not applied/);
    expect(pruneMessages(small, { ...over, clearAtLeast: 500 })).not.toEqual(small);
  });

  it('clear_at_least as a stop (LangChain) clears oldest first only until the minimum is freed', () => {
    const messages = session(['Read', 'Read', 'Read', 'Read', 'Read', 'Read']);
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1, clearAtLeast: 1_500, clearAtLeastMode: 'stop-at' });
    expect(resultTexts(out).filter((t) => t === '[cleared]')).toHaveLength(2);
    const gate = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1, clearAtLeast: 1_500 });
    expect(resultTexts(gate).filter((t) => t === '[cleared]')).toHaveLength(3);
  });

  it('clear_tool_inputs empties the inputs of the cleared calls too; a list of names empties only theirs', () => {
    const messages = session(['Read', 'Bash', 'Read', 'Read', 'Read']);
    const all = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1, clearToolInputs: true });
    expect((all[1] as { content: ContentBlock[] }).content[0]).toEqual({ type: 'tool_use', id: 't0', name: 'Read', input: {} });
    expect((all[3] as { content: ContentBlock[] }).content[0]).toEqual({ type: 'tool_use', id: 't1', name: 'Bash', input: {} });
    expect(all[5]).toBe(messages[5]);
    const bashOnly = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1, clearToolInputsOf: ['Bash'] });
    expect(bashOnly[1]).toBe(messages[1]);
    expect((bashOnly[3] as { content: ContentBlock[] }).content[0]).toMatchObject({ input: {} });
  });

  it('a tool-use trigger counts the uses in the history', () => {
    const messages = session(['Read', 'Read', 'Read', 'Read', 'Read']);
    expect(pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerType: 'tool_uses', triggerAt: 5 })).toEqual(messages);
    expect(resultTexts(pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerType: 'tool_uses', triggerAt: 4 }))).toContain('[cleared]');
  });

  it('reports what it cleared as the API does (cleared_tool_uses, cleared_input_tokens), and it is what was replaced', () => {
    const messages = session(['Read', 'Read', 'Bash', 'Grep', 'Read', 'Read']);
    const analysis = analyzeTranscript(messages);
    const settings = anthropicClearToolUsesStrategy.normalize({ strategy: 'anthropic-clear-tool-uses', triggerAt: 1, placeholder: 'removed to save context' });
    const { plan, applied } = planClearToolUses(analysis, settings);
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1, placeholder: 'removed to save context' });
    expect(applied.clearedToolUses).toBe(3);
    expect(resultTexts(out).filter((t) => t === 'removed to save context')).toHaveLength(3);
    expect(applied.clearedInputTokens).toBeCloseTo(total(messages) - plan.tokens, 6);
    expect(total(out)).toBeLessThan(total(messages) - applied.clearedInputTokens * 0.9);
  });

  it('an earlier edit is not redone: results already holding the placeholder are left alone', () => {
    const messages = session(['Read', 'Read', 'Read', 'Read', 'Read']);
    const once = pruneMessages(messages, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1 });
    expect(pruneMessages(once, { strategy: 'anthropic-clear-tool-uses', triggerAt: 1 })).toEqual(once);
    // And the inspector says so: cleared before, not "too small".
    const plan = planPrune(analyzeTranscript(once), { strategy: 'anthropic-clear-tool-uses', triggerAt: 1 });
    expect([...plan.reasons].filter((r) => r === REASON.alreadyCleared)).toHaveLength(2);
  });

  it('rejects a trigger under 1 and an unknown trigger type, naming them', () => {
    expect(() => pruneMessages(session(['Read']), { strategy: 'anthropic-clear-tool-uses', triggerAt: 0 })).toThrow(/trigger/);
    expect(() => pruneMessages(session(['Read']), { strategy: 'anthropic-clear-tool-uses', triggerType: 'turns' } as never)).toThrow(/triggerType/);
  });
});
