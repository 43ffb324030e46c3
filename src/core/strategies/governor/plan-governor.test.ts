import { describe, expect, it, vi } from 'vitest';
import type { Message, ToolResultBlock } from '../../types';
import { planGovernor } from './plan-governor';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { planPrune } from '../../prune/plan-prune';
import { applyPrunePlan } from '../../plan/apply-prune-plan';
import { FATE } from '../../plan/fate';
import { UNIT_TYPES } from '../../governor/constants';
import { pruneMessages } from '../../prune/prune-messages';
import { assistant, toolResult, toolUse, user } from '../../../../test/support/build-messages';
import { charTokens, charTokensOf, firstSentence } from '../../../../test/support/governor-helpers';

const log = (lines: number, last = 'done'): string =>
  [...Array.from({ length: lines }, (_, i) => `line ${i} of the build output, nothing to see here`), last].join('\n');

/** A task with a constraint, three tool rounds with long results, a chat line, and a final answer. */
function session(): Message[] {
  return [
    user('Add a --json flag to the export command. Do not change the table output.'),
    { role: 'assistant', content: [toolUse('r1', 'Read', { file_path: '/repo/src/export.ts' })] },
    { role: 'user', content: [toolResult('r1', log(200, 'export function exportTable() {}'))] },
    { role: 'assistant', content: [toolUse('b1', 'Bash', { command: 'npm test' })] },
    { role: 'user', content: [toolResult('b1', log(120, 'FAIL src/export.test.ts\n1 failed'), true)] },
    assistant('The test fails because the flag is not parsed yet. I will add the parser.'),
    { role: 'assistant', content: [toolUse('e1', 'Edit', { file_path: '/repo/src/export.ts', old_string: 'a', new_string: 'b' })] },
    { role: 'user', content: [toolResult('e1', 'The file /repo/src/export.ts has been updated.')] },
    assistant('Done: --json writes the rows as JSON; the table output is unchanged.'),
  ];
}

describe('planGovernor', () => {
  it('sends everything when the budget holds everything', () => {
    const messages = session();
    const tokens = charTokens(messages);
    const plan = planGovernor(messages, { tokens, maxTokens: tokens.reduce((a, b) => a + b, 0) });
    expect(Array.from(plan.fates)).toEqual(messages.map(() => FATE.kept));
    expect(plan.tokens).toBe(tokens.reduce((a, b) => a + b, 0));
    expect((plan.over?.by ?? 0)).toBe(0);
    expect(applyPrunePlan(messages, plan)).toEqual(messages);
  });

  it('always sends the last message and the task whole, and says by how much they alone exceed the budget', () => {
    const messages = session();
    const tokens = charTokens(messages);
    const plan = planGovernor(messages, { tokens, maxTokens: 0 });
    const sent = applyPrunePlan(messages, plan);
    expect(sent).toEqual([messages[0], messages[8]]);
    expect((plan.over?.by ?? 0)).toBe((tokens[0] as number) + (tokens[8] as number));
    expect(plan.tokens).toBe((plan.over?.by ?? 0));
  });

  it('leaves the task out when keepTask is false, and pins what it is told to', () => {
    const messages = session();
    const plan = planGovernor(messages, { tokens: charTokens(messages), maxTokens: 0, keepTask: false, pinned: [3] });
    // Pinning the call pins its result too: they are one unit.
    expect(applyPrunePlan(messages, plan)).toEqual([messages[3], messages[4], messages[8]]);
  });

  it('keeps or drops a tool call and its result together', () => {
    const messages = session();
    const tokens = charTokens(messages);
    for (let maxTokens = 0; maxTokens <= 6000; maxTokens += 250) {
      const plan = planGovernor(messages, { tokens, maxTokens, summarization: false });
      for (const [use, result] of [[1, 2], [3, 4], [6, 7]] as const) {
        expect(plan.fates[use] === FATE.dropped, `maxTokens ${maxTokens}`).toBe(plan.fates[result] === FATE.dropped);
      }
    }
  });

  it('masks a valuable tool result that does not fit: head and tail kept, id and is_error kept, the call untouched', () => {
    const messages = session();
    const tokens = charTokens(messages);
    const plan = planGovernor(messages, { tokens, maxTokens: 1200, intent: 'debugging', countTokens: charTokensOf });
    expect(plan.fates[4]).toBe(FATE.masked);
    expect(plan.fates[3]).toBe(FATE.kept);
    const masked = plan.replacement?.(4) as Message;
    const block = (masked.content as ToolResultBlock[])[0] as ToolResultBlock;
    expect(block.tool_use_id).toBe('b1');
    expect(block.is_error).toBe(true);
    expect(block.content).toMatch(/^line 0 of the build output/);
    expect(block.content).toMatch(/\[… \d+ lines cleared …\]/);
    expect(block.content).toMatch(/1 failed$/);
    expect(applyPrunePlan(messages, plan)).toContain(messages[3]);
    expect(messages[4]).toEqual(session()[4]);
    expect(plan.tokens).toBeLessThanOrEqual(1200);
  });

  it('summarizes a valuable plain message that does not fit, when given a summarizer', () => {
    const long = `${'We agreed on the approach. '}${'Details of the approach follow. '.repeat(60)}`;
    const messages: Message[] = [user('plan the migration step by step'), assistant(long), user('ok, and the rollback?'), assistant('Rollback is a revert.')];
    const tokens = charTokens(messages);
    const summarize = vi.fn(firstSentence);
    const plan = planGovernor(messages, { tokens, maxTokens: 60, summarizer: summarize, keepThreshold: 0, countTokens: charTokensOf });
    expect(plan.fates[1]).toBe(FATE.summarized);
    expect((plan.replacement?.(1) as Message).content).toBe('[Summary] We agreed on the approach.');
    expect(summarize).toHaveBeenCalledWith([messages[1]]);
    const without = planGovernor(messages, { tokens, maxTokens: 60, summarizer: summarize, keepThreshold: 0, summarization: false });
    expect(without.fates[1]).toBe(FATE.dropped);
  });

  it("keeps the user's own constraint where the importance strategy drops it first", () => {
    const messages: Message[] = [user('Refactor the parser. Never touch the public API.')];
    for (let k = 0; k < 12; k++) {
      messages.push({ role: 'assistant', content: [toolUse(`t${k}`, 'Read', { file_path: `/src/p${k}.ts` })] });
      messages.push({ role: 'user', content: [toolResult(`t${k}`, `export const p${k} = ${k};`)] });
    }
    messages.push(user("also, don't rename any exported function"));
    for (let k = 12; k < 20; k++) {
      messages.push({ role: 'assistant', content: [toolUse(`t${k}`, 'Edit', { file_path: `/src/p${k}.ts` })] });
      messages.push({ role: 'user', content: [toolResult(`t${k}`, 'updated')] });
    }
    messages.push(assistant('Refactored.'));
    const tokens = charTokens(messages);
    const plan = planGovernor(messages, { tokens, maxTokens: 150, keepTask: false });
    const constraint = messages.findIndex((m) => m.content === "also, don't rename any exported function");
    expect(plan.fates[constraint]).toBe(FATE.kept);
    expect(UNIT_TYPES[plan.unitType[plan.unitOf[constraint] as number] as number]).toBe('requirement');
    const kept = applyPrunePlan(messages, plan).length;
    expect(pruneMessages(messages, { strategy: 'importance', maxTurns: kept })).not.toContain(messages[constraint]);
  });

  it('uses the intent it is given, or the one it reads, and says which', () => {
    const messages = session();
    const tokens = charTokens(messages);
    const detected = planGovernor(messages, { tokens, maxTokens: 1000 });
    expect(detected.intent).toMatchObject({ intent: 'code_generation', source: 'detected' });
    expect(detected.profile.name).toBe('Code-First');
    expect(detected.intent.evidence[0]).toMatch(/^task: /);
    const forced = planGovernor(messages, { tokens, maxTokens: 1000, intent: 'review' });
    expect(forced.intent).toEqual({ intent: 'review', confidence: 1, evidence: ['set by the caller'], source: 'override' });
    expect(forced.profile.name).toBe('Diff-First');
  });

  it('gives every unit four terms in [0, 1] that add up to its score', () => {
    const messages = session();
    const plan = planGovernor(messages, { tokens: charTokens(messages), maxTokens: 500, query: 'export table flag' });
    for (let u = 0; u < plan.score.length; u++) {
      const terms = [plan.priority[u], plan.relevance[u], plan.recency[u], plan.typeBonus[u]] as number[];
      for (const term of terms) expect(term).toBeGreaterThanOrEqual(0);
      expect(terms.reduce((a, b) => a + b, 0)).toBeCloseTo(plan.score[u] as number, 12);
      expect(plan.score[u]).toBeLessThanOrEqual(1);
    }
  });

  it('ranks by relevance alone when the weights say so', () => {
    const messages: Message[] = [user('start'), assistant('the invoice total is wrong'), assistant('the weather is fine'), assistant('end')];
    const tokens = charTokens(messages);
    const plan = planGovernor(messages, {
      tokens,
      maxTokens: (tokens[0] as number) + (tokens[3] as number) + Math.max(tokens[1] as number, tokens[2] as number),
      query: 'invoice total',
      weights: { priority: 0, relevance: 1, recency: 0, type_bonus: 0 },
    });
    expect(plan.fates[1]).toBe(FATE.kept);
    expect(plan.fates[2]).toBe(FATE.dropped);
  });

  it('re-plans a new budget from one analysis, summarizing each unit once', () => {
    const messages = session();
    const tokens = charTokens(messages);
    const analysis = analyzeTranscript(messages, { tokens });
    const summarize = vi.fn(firstSentence);
    for (const maxTokens of [100, 400, 800, 400, 100]) {
      const fast = planPrune(analysis, { strategy: 'governor', maxTokens, summarizer: summarize, keepThreshold: 0 });
      const whole = planGovernor(messages, { tokens, maxTokens, summarizer: firstSentence, keepThreshold: 0 });
      expect(fast.fates).toEqual(whole.fates);
      expect(applyPrunePlan(messages, fast)).toEqual(applyPrunePlan(messages, whole));
    }
    const perMessage = new Map<unknown, number>();
    for (const [[message]] of summarize.mock.calls) perMessage.set(message, (perMessage.get(message) ?? 0) + 1);
    expect([...perMessage.values()].every((calls) => calls === 1)).toBe(true);
  });

  it("takes seed 004's custom weights through pruneMessages and the lane's text option alike", () => {
    const messages: Message[] = [user('start'), assistant('the invoice total is wrong'), assistant('the weather is fine'), assistant('end')];
    const { tokens } = analyzeTranscript(messages);
    const maxTokens = (tokens[0] as number) + (tokens[3] as number) + Math.max(tokens[1] as number, tokens[2] as number);
    const weights = { priority: 0, relevance: 1, recency: 0, type_bonus: 0 };
    const byObject = pruneMessages(messages, { strategy: 'governor', maxTokens, query: 'invoice total', weights });
    const byText = pruneMessages(messages, { strategy: 'governor', maxTokens, query: 'invoice total', weights: 'priority=0, relevance=1, recency=0, type_bonus=0' });
    expect(byObject).toEqual(byText);
    expect(byObject).toContain(messages[1]);
    expect(byObject).not.toContain(messages[2]);
    expect(() => pruneMessages(messages, { strategy: 'governor', maxTokens, weights: 'relevence=1' })).toThrow(/weights\.relevence is not a known weight/);
    expect(() => pruneMessages(messages, { strategy: 'governor', maxTokens, typeWeights: { files: 1 } as never })).toThrow(/typeWeights\.files is not a known weight/);
  });

  it('plans an empty transcript', () => {
    const plan = planGovernor([], { tokens: new Float64Array(0), maxTokens: 10 });
    expect(plan.fates).toHaveLength(0);
    expect(plan.tokens).toBe(0);
    expect(plan.intent.intent).toBe('generic');
  });

  describe('rejects bad input with errors that name the field', () => {
    const messages = session();
    const tokens = charTokens(messages);
    it.each([
      ['tokens must be a Float64Array of per-message token counts, g', { tokens: [1, 2], maxTokens: 1 }, TypeError, /tokens must be a Float64Array of per-message token counts, got an array/],
      ['tokens must hold one count per message (9), got 2', { tokens: new Float64Array(2), maxTokens: 1 }, RangeError, /tokens must hold one count per message \(9\), got 2/],
      ['tokens[3] must be a finite count from 0 up, got -1', { tokens: Float64Array.from(tokens, (t, i) => (i === 3 ? -1 : t)), maxTokens: 1 }, RangeError, /tokens\[3\] must be a finite count from 0 up, got -1/],
      ['maxTokens must be a number, got number NaN', { tokens, maxTokens: Number.NaN }, TypeError, /maxTokens must be a number, got number NaN/],
      ['maxTokens must be 0 or more, got -5', { tokens, maxTokens: -5 }, RangeError, /maxTokens must be 0 or more, got -5/],
      ['maxTurns must be 0 or more, got -1', { tokens, maxTokens: 5, maxTurns: -1 }, RangeError, /maxTurns must be 0 or more, got -1/],
      ['pinned[1] must be a message index, an integer from 0 to 8, g', { tokens, maxTokens: 5, pinned: [0, 9] }, RangeError, /pinned\[1\] must be a message index, an integer from 0 to 8, got 9/],
      ['keepThreshold must be from 0 to 100, got 200 (hundredths of the score, as the lane)', { tokens, maxTokens: 5, keepThreshold: 200 }, RangeError, /keepThreshold must be from 0 to 100, got 200/],
      ['keepThreshold must be a whole number, got 0.5', { tokens, maxTokens: 5, keepThreshold: 0.5 }, TypeError, /keepThreshold must be a whole number, got 0.5/],
      ['unknown key, naming the nearest', { tokens, maxTokens: 5, keepTreshold: 50 }, TypeError, /no option "keepTreshold"; did you mean "keepThreshold"\?/],
      ['summarizer must be a function, got "yes"', { tokens, maxTokens: 5, summarizer: 'yes' }, TypeError, /summarizer must be a function, got "yes"/],
      ['intent must be one of auto, code_generation, debugging, .*, got "c', { tokens, maxTokens: 5, intent: 'coding' }, TypeError, /intent must be one of auto, code_generation, debugging, .*, got "coding"/],
      ['weights.relevence is not a known weight; allowed keys are pr', { tokens, maxTokens: 5, weights: { priority: 1, relevence: 1 } }, TypeError, /weights\.relevence is not a known weight; allowed keys are priority, relevance, recency, type_bonus/],
      ['weights.recency must be a finite number from 0 up, got -0.5', { tokens, maxTokens: 5, weights: { recency: -0.5 } }, RangeError, /weights\.recency must be a finite number from 0 up, got -0\.5/],
      ['all 0', { tokens, maxTokens: 5, weights: { priority: 0, relevance: 0, recency: 0, type_bonus: 0 } }, RangeError, /all 0/],
      ['typeWeights.files is not a known weight; allowed keys are fi', { tokens, maxTokens: 5, typeWeights: { files: 1 } }, TypeError, /typeWeights\.files is not a known weight; allowed keys are file, snippet, error/],
      ['query must be a string, got 42', { tokens, maxTokens: 5, query: 42 }, TypeError, /query must be a string, got 42/],
    ])('%s', (_label, input, kind, message) => {
      expect(() => planGovernor(messages, input as never)).toThrow(kind);
      expect(() => planGovernor(messages, input as never)).toThrow(message);
    });

    it('a summarizer that returns no string', () => {
      const plain: Message[] = [user('x'), assistant('y '.repeat(400)), assistant('z')];
      expect(() =>
        planGovernor(plain, { tokens: charTokens(plain), maxTokens: 1, keepThreshold: 0, summarizer: (() => 3) as never }),
      ).toThrow(/summarize must return a string, got number/);
    });
  });
});
