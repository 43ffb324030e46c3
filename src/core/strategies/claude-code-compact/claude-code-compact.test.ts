/**
 * Claude Code's auto-compact and time-based micro-compaction, held to what the client does (2.1.88 `autoCompact.ts`,
 * `compact.ts`, `microCompact.ts`) and what the 2.1.39 session files show: the threshold and its override, the
 * summary's texts, the re-read files and their limits, and micro-compaction's gap, tools, keep and placeholder.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { claudeCodeThreshold } from './claude-code-threshold';
import { user, assistant, toolUse, toolResult } from '../../../../test/support/build-messages';

/** A task, then one tool use per step (tool `names[k]`, reading `/src/f<k>.ts`), results of `size` characters. */
function session(names: readonly string[], size = 4000): Message[] {
  const out: Message[] = [user('add the export button')];
  names.forEach((name, k) => {
    out.push({ role: 'assistant', content: [toolUse(`t${k}`, name, { file_path: `/src/f${k}.ts` })] });
    out.push({ role: 'user', content: [toolResult(`t${k}`, `// f${k}\n`.padEnd(size, 'x'))] });
  });
  out.push(assistant('done'));
  return out;
}
const total = (messages: Message[]) => analyzeTranscript(messages).suffixTokens[0] as number;
const base = { strategy: 'claude-code-compact' as const };
const defaults = { contextWindow: 200_000, summaryReserve: 20_000, buffer: 13_000, percentOverride: 0 };

describe('claude-code-compact, as Claude Code does it', () => {
  it('compacts at 167,000 tokens on a 200k model, not at 166,999 (window − 20k − 13k)', () => {
    expect(claudeCodeThreshold(defaults)).toBe(167_000);
    const messages = session(['Read', 'Bash', 'Read']);
    const below = 166_999 - total(messages);
    expect(pruneMessages(messages, { ...base, request: { fixedTokens: below } })).toEqual(messages);
    const out = pruneMessages(messages, { ...base, request: { fixedTokens: below + 1 } });
    expect(out).not.toEqual(messages);
    expect(out[out.length - 1]).toBe(messages[messages.length - 1]);
  });

  it('CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=50 lowers it to 90,000; it can never raise it', () => {
    expect(claudeCodeThreshold({ ...defaults, percentOverride: 50 })).toBe(90_000);
    expect(claudeCodeThreshold({ ...defaults, percentOverride: 99 })).toBe(167_000);
  });

  it("writes the summary as a user message in Claude Code's words, sized as the measured one", () => {
    const messages = session(Array.from({ length: 60 }, () => 'Bash'));
    const out = pruneMessages(messages, { ...base, autoCompactPercent: 1 });
    const summary = String(out[0]?.content);
    expect(out[0]?.role).toBe('user');
    expect(summary.startsWith('This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n')).toBe(true);
    expect(summary.endsWith('Please continue the conversation from where we left off without asking the user any further questions. Continue with the last task that you were asked to work on.')).toBe(true);
    const plan = planPrune(analyzeTranscript(messages), { ...base, autoCompactPercent: 1 });
    expect(plan.inserts[0]?.tokens).toBeLessThanOrEqual(4_371 + 200);
  });

  it('re-reads at most the 5 most recently read files after the summary, each within 5,000 tokens', () => {
    const names = Array.from({ length: 8 }, () => 'Read');
    const messages = session(names, 30_000);
    const out = pruneMessages(messages, { ...base, autoCompactPercent: 1 });
    const files = out.filter((m) => typeof m.content === 'string' && m.content.startsWith('Called the Read tool'));
    expect(files.map((m) => /"file_path":"([^"]+)"/.exec(String(m.content))?.[1])).toEqual(['/src/f3.ts', '/src/f4.ts', '/src/f5.ts', '/src/f6.ts', '/src/f7.ts']);
    for (const file of files) expect(total([file])).toBeLessThanOrEqual(5_000 + 40);
    expect(pruneMessages(messages, { ...base, autoCompactPercent: 1, reinjectFiles: false }).filter((m) => String(m.content).startsWith('Called the Read tool'))).toHaveLength(0);
  });

  it('micro-compaction, after an hour idle, clears all but the 5 latest compactable results, and only those tools', () => {
    const names = ['Read', 'Task', 'Bash', 'Grep', 'Read', 'Glob', 'Edit', 'Write', 'Read'];
    const messages = session(names);
    const times = new Map(messages.map((m, i) => [m, i * 1000] as const));
    const timeOf = (m: Message) => times.get(m);
    // The last message came 61 minutes after the previous assistant message.
    const idle = [...messages.slice(0, -1), user('back again')];
    times.set(idle[idle.length - 1] as Message, (idle.length - 2) * 1000 + 61 * 60_000);
    const out = pruneMessages(idle, { ...base, microCompact: true, request: { timeOf } });
    const results = out.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result').map((b) => String((b as { content?: unknown }).content)) : []));
    expect(results.map((t) => t === '[Old tool result content cleared]')).toEqual([true, false, true, true, false, false, false, false, false]);
    // Under the gap, or with micro-compaction off (the default), nothing changes.
    times.set(idle[idle.length - 1] as Message, (idle.length - 2) * 1000 + 59 * 60_000);
    expect(pruneMessages(idle, { ...base, microCompact: true, request: { timeOf } })).toEqual(idle);
    times.set(idle[idle.length - 1] as Message, (idle.length - 2) * 1000 + 61 * 60_000);
    expect(pruneMessages(idle, { ...base, request: { timeOf } })).toEqual(idle);
  });
});
