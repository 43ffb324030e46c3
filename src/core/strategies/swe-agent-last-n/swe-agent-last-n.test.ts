/**
 * SWE-agent's `LastNObservations`, held to `history_processors.py`: which observations are elided for n and
 * polling, the first one never, the keep/remove tags, and the placeholder's line count.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { user, assistant, toolUse, toolResult } from '../../../../test/support/build-messages';

/** The problem statement, then `steps` actions each with an observation of 40 lines; tool `names[k]` or `bash`. */
function trajectory(steps: number, names: readonly string[] = []): Message[] {
  const out: Message[] = [user('<issue>The parser drops the last token</issue>')];
  for (let k = 0; k < steps; k++) {
    out.push({ role: 'assistant', content: [toolUse(`a${k}`, names[k] ?? 'bash', { command: `ls ${k}` })] });
    out.push({ role: 'user', content: [toolResult(`a${k}`, Array.from({ length: 40 }, (_, line) => `obs ${k} line ${line}`).join('\n'))] });
  }
  out.push(assistant('submit'));
  return out;
}

/** Per observation after the first (the tool results, in order): elided or not. */
function elided(out: Message[]): boolean[] {
  return out.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result').map((b) => String((b as { content?: unknown }).content).startsWith('Old environment output:')) : []));
}

describe('swe-agent-last-n, as history_processors.py does it', () => {
  it('n 5, polling 1, 12 observations: observations 1–6 elided, 0 and 7–11 kept', () => {
    const out = pruneMessages(trajectory(11), { strategy: 'swe-agent-last-n' });
    expect(elided(out)).toEqual([true, true, true, true, true, true, false, false, false, false, false]);
    expect(out[0]).toEqual(trajectory(11)[0]);
  });

  it('polling 4: with 12 and with 13 observations the same 1–6 are elided (last_removed = 7)', () => {
    expect(elided(pruneMessages(trajectory(11), { strategy: 'swe-agent-last-n', polling: 4 }))).toEqual([true, true, true, true, true, true, false, false, false, false, false]);
    expect(elided(pruneMessages(trajectory(12), { strategy: 'swe-agent-last-n', polling: 4 })).slice(0, 7)).toEqual([true, true, true, true, true, true, false]);
    expect(elided(pruneMessages(trajectory(12), { strategy: 'swe-agent-last-n', polling: 4 })).filter(Boolean)).toHaveLength(6);
  });

  it('keep_output never elides a tool; remove_output always does', () => {
    const names = ['bash', 'open', 'bash', 'bash', 'bash', 'bash', 'bash', 'bash', 'bash', 'bash', 'submit'];
    const out = pruneMessages(trajectory(11, names), { strategy: 'swe-agent-last-n', keepOutputTools: ['open'], removeOutputTools: ['submit'] });
    expect(elided(out)).toEqual([true, false, true, true, true, true, false, false, false, false, true]);
  });

  it('says how many lines were omitted, as many as the output had, and keeps the pair', () => {
    const out = pruneMessages(trajectory(11), { strategy: 'swe-agent-last-n' });
    expect((out[2] as { content: unknown[] }).content[0]).toEqual({ type: 'tool_result', tool_use_id: 'a0', content: 'Old environment output: (40 lines omitted)' });
    expect(out).toHaveLength(trajectory(11).length);
  });
});
