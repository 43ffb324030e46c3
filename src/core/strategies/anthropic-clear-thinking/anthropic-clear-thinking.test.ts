/**
 * Anthropic's `clear_thinking_20251015`, held to the "Context editing" docs: `keep: {type: "thinking_turns", value}`
 * keeps the last N assistant turns with thinking, `"all"` keeps every one, the default depends on the model, a turn
 * may hold several messages with interleaved thinking, and the turn in progress is never cleared.
 */
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { toolUse, toolResult, user } from '../../../../test/support/build-messages';

const thinking = (text: string): ContentBlock => ({ type: 'thinking', thinking: text, signature: 'sig' });
const text = (t: string): ContentBlock => ({ type: 'text', text: t });

/** `turns` person turns, each: a prompt, a thinking + tool call, its result, a thinking + answer (interleaved). */
function session(turns: number, withThinking: (turn: number) => boolean = () => true): Message[] {
  const out: Message[] = [];
  for (let t = 0; t < turns; t++) {
    const think = withThinking(t);
    out.push(user(`task ${t}`));
    out.push({ role: 'assistant', content: [...(think ? [thinking(`plan ${t} `.repeat(50))] : []), toolUse(`t${t}`)] });
    out.push({ role: 'user', content: [toolResult(`t${t}`)] });
    out.push({ role: 'assistant', content: [...(think ? [thinking(`check ${t} `.repeat(50))] : []), text(`answer ${t}`)] });
  }
  return out;
}

const thinkingTurns = (messages: Message[]): number[] => {
  const turns = new Set<number>();
  let turn = -1;
  for (const m of messages) {
    if (m.role === 'user' && typeof m.content === 'string') turn++;
    if (Array.isArray(m.content) && m.content.some((b) => b.type === 'thinking' || b.type === 'redacted_thinking')) turns.add(turn);
  }
  return [...turns];
};

describe('anthropic-clear-thinking, as the context-editing docs define it', () => {
  it('keep 2 thinking turns over 4 clears the 2 oldest, every thinking block of each (interleaved too)', () => {
    const messages = session(4);
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 2 });
    expect(thinkingTurns(out)).toEqual([2, 3]);
    // The rest of each message stays, tool ids included, and messages without thinking are the same objects.
    expect(out[1]).toEqual({ role: 'assistant', content: [toolUse('t0')] });
    expect(out[3]).toEqual({ role: 'assistant', content: [text('answer 0')] });
    expect(out[2]).toBe(messages[2]);
    expect(out.length).toBe(messages.length);
  });

  it('counts turns that have thinking: turns without it do not use up keep', () => {
    const messages = session(5, (t) => t !== 3 && t !== 4);
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 2 });
    expect(thinkingTurns(out)).toEqual([1, 2]);
  });

  it('"all" keeps every thinking block (and keeps the cache)', () => {
    const messages = session(4);
    expect(pruneMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'all' })).toEqual(messages);
  });

  it("the default is the model's: every turn on Opus 4.6, the last turn on Haiku 4.5 and Sonnet 4.5", () => {
    const messages = session(3);
    expect(pruneMessages(messages, { strategy: 'anthropic-clear-thinking', request: { model: 'claude-opus-4-6' } })).toEqual(messages);
    expect(thinkingTurns(pruneMessages(messages, { strategy: 'anthropic-clear-thinking', request: { model: 'claude-haiku-4-5' } }))).toEqual([2]);
    expect(thinkingTurns(pruneMessages(messages, { strategy: 'anthropic-clear-thinking', request: { model: 'claude-sonnet-4-5-20250929' } }))).toEqual([2]);
  });

  it('never clears the turn in progress: a tool loop still running keeps its thinking with its tool_use', () => {
    const messages = [...session(2), user('one more'), { role: 'assistant', content: [thinking('going on '.repeat(30)), toolUse('live')] } as Message, { role: 'user', content: [toolResult('live')] } as Message];
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 });
    expect(thinkingTurns(out)).toEqual([2]);
    expect(out[out.length - 2]).toBe(messages[messages.length - 2]);
  });

  it('removes redacted thinking too, and a message that held only thinking goes with it', () => {
    const messages: Message[] = [
      user('first'),
      { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'opaque' } as ContentBlock] },
      { role: 'assistant', content: [text('reply')] },
      user('second'),
      { role: 'assistant', content: [thinking('now'), text('reply 2')] },
    ];
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 });
    expect(plan.dropped).toBe(1);
    const out = pruneMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 });
    expect(out).toEqual([messages[0], messages[2], messages[3], messages[4]]);
  });

  it('says what it did in the headline, and frees the thinking tokens', () => {
    const messages = session(4);
    const analysis = analyzeTranscript(messages);
    const plan = planPrune(analysis, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 });
    expect(plan.explain?.headline).toMatch(/^3 of 4 turns' thinking cleared \(keep the last 1\)/);
    expect(plan.tokens).toBeLessThan(analysis.suffixTokens[0] as number);
    // The plan's count is each message's share by characters; the output recounted rounds per message.
    const recounted = analyzeTranscript(pruneMessages(messages, { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 1 })).suffixTokens[0] as number;
    expect(Math.abs(plan.tokens - recounted)).toBeLessThanOrEqual(messages.length / 4);
  });

  it('rejects keepTurns under 1, as the API rejects a value of 0', () => {
    expect(() => pruneMessages(session(1), { strategy: 'anthropic-clear-thinking', keepMode: 'turns', keepTurns: 0 })).toThrow(/keepTurns/);
  });
});
