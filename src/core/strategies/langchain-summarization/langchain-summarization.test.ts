/**
 * LangChain v1's `SummarizationMiddleware`, held to its docs and source: no trigger never summarizes, conditions
 * AND within one trigger and OR across a list, keep 20 messages with a safe cut, the exact prefix, and the
 * summarizer reading only the last `trim_tokens_to_summarize` tokens.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { resolveReplay } from '../resolve-replay';
import { user, assistant, toolUse, toolResult } from '../../../../test/support/build-messages';

/** A question, then `steps` tool calls reading `/docs/page<k>.md` (results of `size` characters), then an answer. */
function run(steps: number, size = 800): Message[] {
  const out: Message[] = [user('what does the billing doc say about refunds?')];
  for (let k = 0; k < steps; k++) {
    out.push({ role: 'assistant', content: [toolUse(`c${k}`, 'read_file', { file_path: `/docs/page${k}.md` })] });
    out.push({ role: 'user', content: [toolResult(`c${k}`, `page ${k} `.padEnd(size, '.'))] });
  }
  out.push(assistant('Refunds take 5 days.'));
  return out;
}
const total = (messages: Message[]) => analyzeTranscript(messages).suffixTokens[0] as number;
const base = { strategy: 'langchain-summarization' as const };

describe('langchain-summarization, as SummarizationMiddleware does it', () => {
  it('tells the replays, without planning, that nothing changes while its trigger does not hold', () => {
    const { planner } = resolveReplay({ ...base, triggerTokens: 10_000, triggerMessages: 50, triggerCombine: 'all', request: { fixedTokens: 1_000 } });
    expect(planner.keepsEverything(49, 20_000)).toBe(true);
    expect(planner.keepsEverything(50, 8_999)).toBe(true);
    expect(planner.keepsEverything(50, 9_000)).toBe(false);
  });

  it('never summarizes without a trigger (the default)', () => {
    const messages = run(60);
    expect(pruneMessages(messages, base)).toEqual(messages);
  });

  it('summarizes at the token trigger (reached), keeping the last 20 messages behind the exact prefix', () => {
    const messages = run(30);
    expect(pruneMessages(messages, { ...base, triggerTokens: total(messages) + 1 })).toEqual(messages);
    // 62 messages: the last 20 start at a tool result, so its call is kept too.
    const out = pruneMessages(messages, { ...base, triggerTokens: total(messages) });
    expect(String(out[0]?.content).startsWith('Here is a summary of the conversation to date:\n\n[Context Summary]\n')).toBe(true);
    expect(out.slice(1)).toEqual(messages.slice(-21));
  });

  it('conditions in one trigger must all hold; in a list, one is enough', () => {
    const messages = run(30);
    const both = { ...base, triggerTokens: total(messages) + 1, triggerMessages: 10 };
    expect(pruneMessages(messages, { ...both, triggerCombine: 'all' })).toEqual(messages);
    expect(pruneMessages(messages, { ...both, triggerCombine: 'any' })).toHaveLength(22);
  });

  it('moves a cut that lands on a tool result back to its call, so the pair stays together', () => {
    // 62 messages; keep 20 puts the cut at index 42, a tool result: it moves back to 41, its call.
    const messages = run(30);
    const out = pruneMessages(messages, { ...base, triggerMessages: 1, keepMessages: 20 });
    expect(out.slice(1)).toEqual(messages.slice(41));
    const onCall = pruneMessages(messages, { ...base, triggerMessages: 1, keepMessages: 19 });
    expect(onCall.slice(1)).toEqual(messages.slice(43));
  });

  it('summarizes from the last 4,000 tokens of what it replaces only', () => {
    const messages = run(40, 2000);
    const summary = String(pruneMessages(messages, { ...base, triggerMessages: 1 })[0]?.content);
    expect(summary).toContain('/docs/page29.md');
    expect(summary).not.toContain('/docs/page2.md');
    const wide = String(pruneMessages(messages, { ...base, triggerMessages: 1, trimTokensToSummarize: 1_000_000 })[0]?.content);
    expect(wide).toContain('/docs/page2.md');
  });

  it('keep 0 still sends the last message (its tool batch) after the summary', () => {
    const messages = run(10);
    const out = pruneMessages(messages, { ...base, triggerMessages: 1, keepMessages: 0 });
    expect(out).toHaveLength(2);
    expect(out[1]).toBe(messages[messages.length - 1]);
  });
});
