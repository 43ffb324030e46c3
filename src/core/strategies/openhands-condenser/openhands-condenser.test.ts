/**
 * OpenHands' condensers, held to `llm_summarizing_condenser.py` and `amortized_forgetting_condenser.py`: the SDK
 * defaults' worked example (241 events: 2 kept, 122 forgotten, 117 kept), keep_first under max_size / 2,
 * amortized forgetting's tail, and whole tool batches.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneMessages } from '../../prune/prune-messages';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { resolveReplay } from '../resolve-replay';
import { chat, toolUse, toolResult, user } from '../../../../test/support/build-messages';

describe('openhands-condenser, as OpenHands condenses', () => {
  it('SDK defaults (max_size 240, keep_first 2): 240 events stay; 241 keep 2, summarize 122 and keep the last 117', () => {
    expect(pruneMessages(chat(240), { strategy: 'openhands-condenser' })).toEqual(chat(240));
    const messages = chat(241);
    const plan = planPrune(analyzeTranscript(messages), { strategy: 'openhands-condenser' });
    expect(plan.summarized).toBe(122);
    const out = pruneMessages(messages, { strategy: 'openhands-condenser' });
    expect(out).toHaveLength(120);
    expect(out.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(String(out[2]?.content)).toMatch(/^\[Context Summary\]\n/);
    expect(out.slice(3)).toEqual(messages.slice(-117));
  });

  it('rejects keep_first at or over max_size / 2, as the constructor does', () => {
    expect(() => pruneMessages(chat(4), { strategy: 'openhands-condenser', maxSize: 10, keepFirst: 5 })).toThrow(/keepFirst must be less than maxSize \/ 2/);
  });

  it('amortized forgetting (max_size 100, keep_first 0) on 101 events keeps the last 50, with no summary', () => {
    const out = pruneMessages(chat(101), { strategy: 'openhands-condenser', condenser: 'amortized-forgetting', maxSize: 100, keepFirst: 0 });
    expect(out).toEqual(chat(101).slice(-50));
  });

  it('counts each tool call and observation as an event, and never splits a batch', () => {
    // A task, then 30 steps of 4 parallel calls and their 4 results: 241 events in 61 messages.
    const messages: Message[] = [user('audit the repo')];
    for (let k = 0; k < 30; k++) {
      const ids = [0, 1, 2, 3].map((j) => `s${k}-${j}`);
      messages.push({ role: 'assistant', content: ids.map((id) => toolUse(id)) });
      messages.push({ role: 'user', content: ids.map((id) => toolResult(id)) });
    }
    const out = pruneMessages(messages, { strategy: 'openhands-condenser' });
    // keep_first 2 events (the task and the first call) grows to the first batch with its results.
    expect(out.slice(0, 3)).toEqual(messages.slice(0, 3));
    expect(String(out[3]?.content)).toMatch(/^\[Context Summary\]/);
    const kept = out.slice(4);
    expect(kept[0]?.role).toBe('assistant');
    expect(kept).toEqual(messages.slice(messages.length - kept.length));
    // About max_size / 2 − keep_first − 1 = 117 events in the tail, in whole batches of 8.
    expect(kept.length * 4).toBeLessThanOrEqual(117);
    expect(kept.length * 4).toBeGreaterThan(117 - 8);
  });

  it('a live replay skips the plan below max_size only when it can count the events: 61 messages can hold 241', () => {
    const { planner } = resolveReplay({ strategy: 'openhands-condenser' });
    const batches = (steps: number): Message[] => {
      const messages: Message[] = [user('audit the repo')];
      for (let k = 0; k < steps; k++) {
        const ids = [0, 1, 2, 3].map((j) => `s${k}-${j}`);
        messages.push({ role: 'assistant', content: ids.map((id) => toolUse(id)) }, { role: 'user', content: ids.map((id) => toolResult(id)) });
      }
      return messages;
    };
    expect(planner.keepsEverything(61, 100, batches(30))).toBe(false);
    expect(planner.keepsEverything(61, 100)).toBe(false);
    expect(planner.keepsEverything(59, 100, batches(29))).toBe(true);
    expect(planner.keepsEverything(241, 100, chat(241))).toBe(false);
    expect(resolveReplay({ strategy: 'openhands-condenser', condenseAtTokens: 1000 }).planner.keepsEverything(59, 1001, batches(29))).toBe(false);
  });
});
