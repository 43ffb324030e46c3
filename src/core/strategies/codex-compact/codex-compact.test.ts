/**
 * Codex CLI's compaction, held to `compact.rs`: the limit (244,800 on a 272k window), user messages kept newest
 * first within 20,000 tokens with the one that does not fit cut in the middle, earlier summaries and harness
 * context not kept, the fixed prefix, and assistant turns and tool output dropped.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { CODEX_SUMMARY_PREFIX, codexCompactLimit } from './plan-codex-compact';
import { user, assistant, toolUse, toolResult } from '../../../../test/support/build-messages';

/** Three prompts of `promptTokens` (bytes ÷ 4) each, each followed by a tool call, its result and an answer. */
function rollout(promptTokens = 8_000): Message[] {
  const out: Message[] = [];
  for (let k = 0; k < 3; k++) {
    out.push(user(`prompt ${k} `.padEnd(promptTokens * 4, String(k))));
    out.push({ role: 'assistant', content: [toolUse(`c${k}`, 'shell', { command: ['ls'] })] });
    out.push({ role: 'user', content: [toolResult(`c${k}`, 'a.txt\nb.txt')] });
    out.push(assistant(`answer ${k}`));
  }
  out.push(user('and now?'));
  return out;
}
const total = (messages: Message[]) => analyzeTranscript(messages).suffixTokens[0] as number;

describe('codex-compact, as compact.rs does it', () => {
  it('compacts at 90% of a 272k window, 244,800 tokens; a configured limit only lowers it', () => {
    expect(codexCompactLimit({ contextWindow: 272_000, autoCompactLimit: 0 })).toBe(244_800);
    expect(codexCompactLimit({ contextWindow: 272_000, autoCompactLimit: 300_000 })).toBe(244_800);
    expect(codexCompactLimit({ contextWindow: 272_000, autoCompactLimit: 100_000 })).toBe(100_000);
    const messages = rollout();
    expect(pruneMessages(messages, { strategy: 'codex-compact', request: { fixedTokens: 244_799 - total(messages) } })).toEqual(messages);
    expect(pruneMessages(messages, { strategy: 'codex-compact', request: { fixedTokens: 244_800 - total(messages) } })).not.toEqual(messages);
  });

  it('keeps 3 user messages of 8k newest first within 20k: the two newest whole, the oldest cut to 4k in the middle', () => {
    const messages = rollout().slice(0, -1).concat(user('x'.repeat(4)));
    // The last prompt is the kept last message (not in the budget); the 20k budget goes to the three 8k prompts.
    const out = pruneMessages(messages, { strategy: 'codex-compact', autoCompactLimit: 1 });
    expect(out[1]).toBe(messages[4]);
    expect(out[2]).toBe(messages[8]);
    const cut = String(out[0]?.content);
    expect(cut).toMatch(/…4000 tokens truncated…/);
    expect(cut.length).toBeLessThan(4_000 * 4 + 40);
    expect(String(out[3]?.content).startsWith(`${CODEX_SUMMARY_PREFIX}\n`)).toBe(true);
    expect(out[4]).toBe(messages[messages.length - 1]);
    // Assistant turns and tool output are gone.
    expect(out.some((m) => m.role === 'assistant')).toBe(false);
  });

  it('never keeps an earlier summary or harness context as a user message', () => {
    const messages: Message[] = [
      user('<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'),
      user(`${CODEX_SUMMARY_PREFIX}\nThe earlier work: fixed the parser.`),
      user('now add tests'),
      assistant('on it'),
      user('thanks'),
    ];
    const out = pruneMessages(messages, { strategy: 'codex-compact', autoCompactLimit: 1 });
    expect(out.map((m) => String(m.content).slice(0, 20))).toEqual(['now add tests', CODEX_SUMMARY_PREFIX.slice(0, 20), 'thanks']);
  });
});
