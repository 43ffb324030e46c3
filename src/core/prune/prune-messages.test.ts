/**
 * Acceptance tests: every scenario of spec 001 and every TypeScript test item of task list 002, named after
 * them, then regressions for what real transcripts hold that the seeds' picture does not.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { StrategyId } from '../strategies/registry';
import { pruneMessages } from './prune-messages';
import { findToolPairs } from '../links/find-tool-pairs';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { planPrune } from './plan-prune';
import { applyPrunePlan } from '../plan/apply-prune-plan';
import { scoreMessage } from '../scoring/score-message';
import { assistant, callTurn, chat, resultTurn, toolResult, toolUse, user } from '../../../test/support/build-messages';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';

const STRATEGIES: StrategyId[] = ['sliding-window', 'summarize', 'importance'];

describe('spec 001: pruneMessages returns a new messages array within the configured bound', () => {
  it.each(STRATEGIES)('Output is a new array reference (%s)', (strategy) => {
    const messages = chat(6);
    expect(pruneMessages(messages, { strategy, maxTurns: 3 })).not.toBe(messages);
    expect(pruneMessages(messages, { strategy, maxTurns: 10 })).not.toBe(messages);
  });

  it.each(STRATEGIES)('Short array is returned unchanged (%s)', (strategy) => {
    const messages = chat(4);
    expect(pruneMessages(messages, { strategy, maxTurns: 4 })).toEqual(messages);
    expect(pruneMessages(messages, { strategy, maxTurns: 9 })).toEqual(messages);
  });
});

describe('spec 001: sliding window keeps the last maxTurns messages', () => {
  it('Basic window trim', () => {
    const messages = chat(10);
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 4 })).toEqual(messages.slice(6));
  });

  it('Cut point shifted to preserve tool pair', () => {
    // The last 3 would start at the tool_result (index 3) and orphan its call at index 2.
    const messages = [user('go'), assistant('ok'), callTurn('t1'), resultTurn('t1'), assistant('done'), user('next')];
    const out = pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 3 });
    expect(out).toEqual(messages.slice(2));
    expect(out.length).toBeGreaterThan(3);
  });

  it('Minimum of one message always retained', () => {
    const messages = chat(5);
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 0 })).toEqual([messages[4]]);
  });
});

describe('spec 001: summarize strategy replaces old turns with a synthetic message', () => {
  it('Older turns replaced by summary', () => {
    const messages = chat(8);
    const out = pruneMessages(messages, { strategy: 'summarize', maxTurns: 4 });
    expect(out).toHaveLength(5);
    expect(out[0]).toEqual({ role: 'user', content: '[Previous context: 4 turns summarized]' });
    expect(out.slice(1)).toEqual(messages.slice(4));
  });

  it('Synthetic message has correct role', () => {
    const out = pruneMessages(chat(8), { strategy: 'summarize', maxTurns: 2 });
    expect(out[0]?.role).toBe('user');
  });
});

describe('spec 001: importance strategy drops lowest-scoring turns first', () => {
  it('Lowest-scoring non-tool messages dropped first', () => {
    // Tool messages sit early (low recency) yet must outlast the later plain chat.
    const messages = [user('start'), callTurn('a'), resultTurn('a'), user('chat 1'), assistant('chat 2'), user('last')];
    const out = pruneMessages(messages, { strategy: 'importance', maxTurns: 3 });
    expect(out).toEqual([messages[1], messages[2], messages[5]]);
    expect(scoreMessage(messages[1] as Message, 1, 6)).toBeGreaterThan(scoreMessage(messages[4] as Message, 4, 6));
  });

  it('Tool pair atomicity', () => {
    // Two pairs; the older pair has the lowest combined score, and maxTurns forces exactly one message out.
    const messages = [callTurn('old'), resultTurn('old'), callTurn('new'), resultTurn('new'), user('last')];
    const out = pruneMessages(messages, { strategy: 'importance', maxTurns: 4 });
    expect(out).toEqual([messages[2], messages[3], messages[4]]);
  });
});

describe('spec 001: tool call pairs are never orphaned by pruning', () => {
  it.each(STRATEGIES)('All strategies preserve tool call integrity (%s)', (strategy) => {
    const messages = [
      user('task'),
      callTurn('a', 'b'),
      resultTurn('a', 'b'),
      assistant('thinking aloud'),
      callTurn('c'),
      resultTurn('c'),
      assistant('done'),
    ];
    for (let maxTurns = 0; maxTurns <= messages.length; maxTurns++) {
      const out = pruneMessages(messages, { strategy, maxTurns });
      expect(findAddedOrphans(messages, out), `maxTurns ${maxTurns}`).toEqual([]);
      for (const [id, pair] of findToolPairs(out)) expect(pair.resultIndex, id).toBeGreaterThan(pair.useIndex);
    }
  });
});

describe('task list 002 §1: tool pair detection', () => {
  it('1.2 one tool_use/tool_result pair maps to the right indices', () => {
    const pairs = findToolPairs([user('q'), callTurn('x'), resultTurn('x')]);
    expect([...pairs]).toEqual([['x', { useIndex: 1, resultIndex: 2 }]]);
  });

  it('1.3 no tool calls gives an empty map', () => {
    expect(findToolPairs(chat(5)).size).toBe(0);
  });

  it('1.4 an assistant turn with several tool_use blocks maps every id to that turn', () => {
    const pairs = findToolPairs([user('q'), callTurn('a', 'b', 'c'), resultTurn('a', 'b', 'c')]);
    expect(pairs.size).toBe(3);
    for (const id of ['a', 'b', 'c']) expect(pairs.get(id)).toEqual({ useIndex: 1, resultIndex: 2 });
  });
});

describe('task list 002 §2–§6', () => {
  it.each(STRATEGIES)('2.2 never mutates the input (%s)', (strategy) => {
    const messages = [user('a'), callTurn('t'), resultTurn('t'), assistant('b'), user('c')];
    const before = structuredClone(messages);
    pruneMessages(messages, { strategy, maxTurns: 1 });
    expect(messages).toEqual(before);
  });

  it.each(STRATEGIES)('2.3 zero or one message comes back unchanged (%s)', (strategy) => {
    expect(pruneMessages([], { strategy, maxTurns: 0 })).toEqual([]);
    const one = [user('only')];
    expect(pruneMessages(one, { strategy, maxTurns: 0 })).toEqual(one);
  });

  it('3.4 a 10-message array with maxTurns 4 keeps the last 4', () => {
    const messages = chat(10);
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 4 })).toEqual(messages.slice(-4));
  });

  it("3.5 a cut landing on a tool_result shifts to before its tool_use's assistant turn", () => {
    const messages = [...chat(4), callTurn('t'), resultTurn('t'), assistant('after')];
    const out = pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 2 });
    expect(out).toEqual(messages.slice(4));
    expect(out.length).toBe(3);
  });

  it('3.6 maxTurns at or above the length returns the full array', () => {
    const messages = chat(6);
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 6 })).toEqual(messages);
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 60 })).toEqual(messages);
  });

  it('3.7 maxTurns 0 keeps the last message', () => {
    const messages = chat(6);
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 0 })).toEqual([messages[5]]);
  });

  it('4.4 summarize: 8 messages with maxTurns 4 gives 1 summary + 4 retained', () => {
    const out = pruneMessages(chat(8), { strategy: 'summarize', maxTurns: 4 });
    expect(out).toHaveLength(5);
  });

  it('4.5 the summary has role user and the exact text', () => {
    const out = pruneMessages(chat(10), { strategy: 'summarize', maxTurns: 3 });
    expect(out[0]).toEqual({ role: 'user', content: '[Previous context: 7 turns summarized]' });
  });

  it('5.1 scoreMessage = (index/total)·0.5 + 0.3 for a tool block + min(length/5000, 0.2)', () => {
    expect(scoreMessage(user('x'.repeat(500)), 2, 10)).toBeCloseTo(0.1 + 0 + 0.1);
    expect(scoreMessage(user('x'.repeat(50_000)), 0, 10)).toBeCloseTo(0.2);
    const call: Message = { role: 'assistant', content: [toolUse('t', 'Bash', 'ls')] };
    expect(scoreMessage(call, 5, 10)).toBeCloseTo(0.25 + 0.3 + 'Bash'.length / 5000 + 'ls'.length / 5000);
    expect(scoreMessage({ role: 'user', content: [toolResult('t', 'ok')] }, 9, 10)).toBeCloseTo(0.45 + 0.3 + 2 / 5000);
  });

  it('5.4 without tool calls the oldest, shortest messages go first', () => {
    const messages = [user('a'), assistant('b'), user('long '.repeat(400)), assistant('c'), user('d')];
    const out = pruneMessages(messages, { strategy: 'importance', maxTurns: 3 });
    // index 2 outscores index 1 and 0 by length; 0 and 1 are the oldest and shortest.
    expect(out).toEqual(messages.slice(2));
  });

  it('5.5 a low-scoring message in a tool pair takes its partner with it', () => {
    // Scores: call 0 + 0.3, result 0.125 + 0.3 (group 0.425), long answer 0.25 + 0.2 = 0.45, last protected.
    // One message over the bound, and the lowest unit is the pair: both go, though one would have sufficed.
    const longAnswer = assistant('x'.repeat(1000));
    const messages = [callTurn('t'), resultTurn('t'), longAnswer, user('q')];
    const out = pruneMessages(messages, { strategy: 'importance', maxTurns: 3 });
    expect(out).toEqual([longAnswer, messages[3]]);
  });

  it.each(STRATEGIES)('6.1 an empty array gives an empty array (%s)', (strategy) => {
    expect(pruneMessages([], { strategy, maxTurns: 3 })).toEqual([]);
  });

  it('6.2 messages made only of tool pairs keep their pairs under a sliding window', () => {
    const messages = [callTurn('a'), resultTurn('a'), callTurn('b'), resultTurn('b'), callTurn('c'), resultTurn('c')];
    for (let maxTurns = 0; maxTurns <= 6; maxTurns++) {
      const out = pruneMessages(messages, { strategy: 'sliding-window', maxTurns });
      expect(out.length % 2, `maxTurns ${maxTurns}`).toBe(0);
      expect(findAddedOrphans(messages, out)).toEqual([]);
    }
  });

  it.each(STRATEGIES)('6.3 returns a new array (%s)', (strategy) => {
    const messages = chat(3);
    expect(pruneMessages(messages, { strategy, maxTurns: 5 })).not.toBe(messages);
  });
});

describe('real transcripts: what the seeds do not picture', () => {
  it('parallel calls answered by separate user messages move as one group', () => {
    // Claude Code logs each parallel result as its own user line.
    const messages = [user('q'), callTurn('a', 'b', 'c'), resultTurn('a'), resultTurn('b'), resultTurn('c'), user('z')];
    const out = pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 2 });
    expect(out).toEqual(messages.slice(1));
    const imp = pruneMessages(messages, { strategy: 'importance', maxTurns: 2 });
    expect(findAddedOrphans(messages, imp)).toEqual([]);
  });

  it('a reused tool id pairs each result with the nearest unanswered call (tau-bench)', () => {
    const messages = [callTurn('call_1'), resultTurn('call_1'), user('again'), callTurn('call_1'), resultTurn('call_1')];
    const out = pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 2 });
    expect(out).toEqual(messages.slice(3));
    const imp = pruneMessages(messages, { strategy: 'importance', maxTurns: 3 });
    expect(findAddedOrphans(messages, imp)).toEqual([]);
  });

  it('a server tool whose result sits in the same assistant message is one message, not a pair to split', () => {
    const search: Message = {
      role: 'assistant',
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
        { type: 'text', text: 'found it' },
      ],
    };
    const messages = [user('search'), search, user('thanks')];
    expect(pruneMessages(messages, { strategy: 'sliding-window', maxTurns: 2 })).toEqual(messages.slice(1));
  });

  it('thinking blocks travel with their message', () => {
    const call: Message = {
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 'let me look', signature: 's' }, toolUse('t')],
    };
    const messages = [user('q'), call, resultTurn('t'), assistant('a')];
    const out = pruneMessages(messages, { strategy: 'summarize', maxTurns: 2 });
    expect(out.slice(1)).toEqual(messages.slice(1));
    expect(out[1]).toBe(call);
  });

  it('an input with an orphan tool_use and an orphan tool_result prunes without a crash or a new orphan', () => {
    const messages = [resultTurn('ghost'), user('q'), callTurn('lost'), user('hello'), callTurn('ok'), resultTurn('ok')];
    for (const strategy of STRATEGIES) {
      for (let maxTurns = 0; maxTurns <= messages.length; maxTurns++) {
        const out = pruneMessages(messages, { strategy, maxTurns });
        expect(findAddedOrphans(messages, out), `${strategy} ${maxTurns}`).toEqual([]);
      }
    }
  });

  it('unknown blocks are carried through untouched', () => {
    const odd: Message = { role: 'assistant', content: [{ type: 'container_upload', file_id: 'f1' }] };
    const out = pruneMessages([user('q'), odd], { strategy: 'importance', maxTurns: 5 });
    expect(out[1]).toBe(odd);
  });

  it('a message or block that is not an object is carried through every strategy: a null message has no content', () => {
    // Malformed JSON input (a null where a message should be, a number among the blocks) must prune, not crash.
    const nullMessage = null as unknown as Message;
    const odd = [5, 'a string', [], true].map((value) => value as unknown as Message);
    const blocks = { role: 'assistant', content: [null, 7, 'text', { type: 'text', text: 'kept' }] } as unknown as Message;
    const messages = [nullMessage, user('q'), ...odd, callTurn('a'), resultTurn('a'), blocks, user('last')];
    for (const strategy of STRATEGIES) {
      for (let maxTurns = 0; maxTurns <= messages.length; maxTurns++) {
        const out = pruneMessages(messages, { strategy, maxTurns });
        expect(out.at(-1), `${strategy} ${maxTurns}`).toBe(messages.at(-1));
        expect(findAddedOrphans(messages, out), `${strategy} ${maxTurns}`).toEqual([]);
      }
    }
    // Importance scores a null message as one with no text and no tool block: first, it is the lowest of all.
    const kept = pruneMessages(messages, { strategy: 'importance', maxTurns: messages.length - 1 });
    expect(kept).not.toContain(nullMessage);
    expect(kept).toHaveLength(messages.length - 1);
    expect(scoreMessage(nullMessage, 1, 4)).toBe(0.125);
  });

  it('a bad config says what is wrong', () => {
    expect(() => pruneMessages(chat(2), { strategy: 'newest' as StrategyId, maxTurns: 1 })).toThrow(
      /unknown strategy "newest"/,
    );
    expect(() => pruneMessages(chat(2), { strategy: 'summarize', maxTurns: -1 })).toThrow(RangeError);
    expect(() => pruneMessages(chat(2), { strategy: 'summarize', maxTurns: Number.NaN })).toThrow(TypeError);
    expect(() => pruneMessages(null as unknown as Message[], { strategy: 'summarize', maxTurns: 1 })).toThrow(
      /messages must be an array/,
    );
  });

  it('a fractional maxTurns is floored', () => {
    expect(pruneMessages(chat(6), { strategy: 'sliding-window', maxTurns: 2.9 })).toHaveLength(2);
  });
});

describe('regressions', () => {
  it('an unanswered call the cut moves down past is kept with its turn, by the fast path as by the analysis', () => {
    const call = (id: string): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'run', input: {} }] });
    const result = (id: string): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] });
    const input: Message[] = [user('go'), call('t1'), result('t1'), assistant('a'), call('t1'), call('t3'), assistant('b'), result('t1')];
    // t1 at 4 answers 7, so the cut moves to 4; t3 at 5 is answered by nothing, so its turn (3–6) and the
    // messages around it (2, 7) stay together, and 2 pulls in its call at 1.
    const kept = pruneMessages(input, { strategy: 'sliding-window', maxTurns: 1 }).map((m) => input.indexOf(m));
    expect(kept).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(applyPrunePlan(input, planPrune(analyzeTranscript(input), { strategy: 'sliding-window', maxTurns: 1 }))).toEqual(pruneMessages(input, { strategy: 'sliding-window', maxTurns: 1 }));
  });
});
