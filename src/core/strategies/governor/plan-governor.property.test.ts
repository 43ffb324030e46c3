/**
 * Laws of `planGovernor`, over generated agent transcripts, with random budgets, turn caps, pins, thresholds,
 * intents and queries: clean ones (`cleanTranscript`: the validator accepts them; long multi-line outputs, errors,
 * constraints) and broken ones (`agentTranscript`: orphan calls and results, ids reused within a turn, empty texts):
 *
 *  1. No mutation of the input; 2. determinism; 3. kept messages are the input's objects, in input order, and only
 *     summarized or masked ones are replaced; 4. no orphan added; 5. no validator problem added (Anthropic), so a
 *     clean input stays clean; 6. never over the budget unless the always-sent units alone are, and then only they
 *     are sent and `overBudgetBy` says by how much; 7. the turn cap holds beyond the always-sent units; 8. the last
 *     message, pinned units and the task are sent whole; 9. every score term is in [0, 1] and they add up;
 *     10. the fill equals an obvious O(n²) greedy over `naiveGroups`.
 *
 * On failure fast-check prints `{ seed, path }`; replay with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run src/core/governor/plan-governor.property.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import type { TaskIntent } from '../../governor/types';
import { planGovernor, type GovernorInput } from './plan-governor';
import type { GovernorPlan } from './plan-governor-lane';
import { applyPrunePlan } from '../../plan/apply-prune-plan';
import { FATE } from '../../plan/fate';
import { findUserPrompts } from '../../text/find-user-prompts';
import { TASK_INTENTS } from '../../governor/constants';
import { linkToolCalls } from '../../links/link-tool-calls';
import { validateMessages } from '../../formats/validate-messages';
import { agentTranscript } from '../../../../test/support/agent-transcript-arbitrary';
import { cleanTranscript } from '../../../../test/support/clean-transcript-arbitrary';
import { naiveGroups } from '../../../../test/support/naive-oracles';
import { addedValidationProblems } from '../../../../test/support/validation-diff';
import { charTokens, charTokensOf, firstSentence } from '../../../../test/support/governor-helpers';

const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};

interface Case {
  messages: Message[];
  maxTokens: number;
  maxTurns: number | undefined;
  pinned: number[];
  keepTask: boolean;
  summarization: boolean;
  keepThreshold: number;
  intent: TaskIntent | undefined;
  query: string | undefined;
  /** Count replacements by characters ÷ 4 (`countTokens`), so the budget can be checked by recounting. */
  exactCounts: boolean;
}

const budgeted = (transcripts: fc.Arbitrary<Message[]>): fc.Arbitrary<Case> =>
  transcripts.chain((messages) => {
    const total = charTokens(messages).reduce((a, b) => a + b, 0);
    return fc.record({
      messages: fc.constant(messages),
      // Half the budgets leave room beyond the always-sent units, where units get dropped, masked and summarized.
      maxTokens: fc.oneof(fc.integer({ min: 0, max: total + 10 }), fc.integer({ min: Math.floor(total / 3), max: total })),
      maxTurns: fc.option(fc.integer({ min: 0, max: messages.length + 2 }), { nil: undefined }),
      pinned: messages.length === 0 ? fc.constant([]) : fc.uniqueArray(fc.nat(messages.length - 1), { maxLength: 3 }),
      keepTask: fc.boolean(),
      summarization: fc.boolean(),
      keepThreshold: fc.constantFrom(0, 0, 30, 50, 100),
      intent: fc.option(fc.constantFrom<TaskIntent>(...TASK_INTENTS), { nil: undefined }),
      query: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      exactCounts: fc.boolean(),
    });
  });

function inputOf(c: Case): GovernorInput {
  return {
    tokens: charTokens(c.messages),
    maxTokens: c.maxTokens,
    ...(c.maxTurns === undefined ? {} : { maxTurns: c.maxTurns }),
    pinned: c.pinned,
    keepTask: c.keepTask,
    summarization: c.summarization,
    summarizer: firstSentence,
    keepThreshold: c.keepThreshold,
    ...(c.intent === undefined ? {} : { intent: c.intent }),
    ...(c.query === undefined ? {} : { query: c.query }),
    ...(c.exactCounts ? { countTokens: charTokensOf } : {}),
  };
}

/** Orphans as (input message, block, kind): replacements keep their blocks' positions. */
function orphanKeys(messages: readonly Message[], origin: (m: number) => number): Set<string> {
  return new Set(linkToolCalls(messages).orphans.map((o) => `${origin(o.messageIndex)}:${o.blockIndex}:${o.kind}`));
}

function checkLaws(c: Case): void {
  const { messages } = c;
  const input = inputOf(c);
  const before = structuredClone(messages);
  const plan = planGovernor(messages, input);
  const n = messages.length;

  // 1, 2
  expect(messages).toEqual(before);
  const again = planGovernor(messages, input);
  expect(again.fates).toEqual(plan.fates);
  expect(applyPrunePlan(messages, again)).toEqual(applyPrunePlan(messages, plan));
  expect(again.score).toEqual(plan.score);

  // 3
  const sentIndices = [...plan.fates.keys()].filter((i) => plan.fates[i] !== FATE.dropped);
  const out = applyPrunePlan(messages, plan);
  expect(out).toHaveLength(sentIndices.length);
  sentIndices.forEach((i, k) => {
    const shortened = plan.fates[i] === FATE.summarized || plan.fates[i] === FATE.masked;
    expect((plan.replacement?.(i) !== undefined)).toBe(shortened);
    if (!shortened) expect(out[k]).toBe(messages[i]);
  });

  // 4, 5
  const origin = new Map<Message, number>(sentIndices.map((i, k) => [out[k] as Message, i]));
  const inputOrphans = orphanKeys(messages, (m) => m);
  const added = [...orphanKeys(out, (m) => sentIndices[m] as number)].filter((key) => !inputOrphans.has(key));
  expect(added.join('\n'), 'orphans added').toBe('');
  expect(addedValidationProblems(messages, out, origin).join('\n'), 'validator problems added').toBe('');

  // 6
  const always = new Set<number>();
  if (n > 0) always.add(plan.unitOf[n - 1] as number);
  for (const i of c.pinned) always.add(plan.unitOf[i] as number);
  const task = findUserPrompts(messages).task;
  if (c.keepTask && task >= 0) always.add(plan.unitOf[task] as number);
  const alwaysTokens = [...Array(n).keys()].filter((i) => always.has(plan.unitOf[i] as number)).reduce((sum, i) => sum + (input.tokens[i] as number), 0);
  expect((plan.over?.by ?? 0)).toBe(Math.max(0, alwaysTokens - c.maxTokens));
  if ((plan.over?.by ?? 0) === 0) expect(plan.tokens).toBeLessThanOrEqual(c.maxTokens);
  else expect(sentIndices.every((i) => always.has(plan.unitOf[i] as number))).toBe(true);
  expect(plan.tokens).toBe(plan.sentTokens.reduce((a, b) => a + b, 0));
  if (c.exactCounts) expect(plan.tokens).toBe(out.reduce((sum, m) => sum + charTokensOf(m), 0));

  // 7, 8
  const alwaysCount = [...Array(n).keys()].filter((i) => always.has(plan.unitOf[i] as number)).length;
  if (c.maxTurns !== undefined) expect(out.length).toBeLessThanOrEqual(Math.max(Math.max(1, c.maxTurns), alwaysCount));
  for (let i = 0; i < n; i++) if (always.has(plan.unitOf[i] as number)) expect(plan.fates[i]).toBe(FATE.kept);

  // 9
  for (let u = 0; u < plan.score.length; u++) {
    const terms = [plan.priority[u], plan.relevance[u], plan.recency[u], plan.typeBonus[u]] as number[];
    for (const term of terms) {
      expect(term).toBeGreaterThanOrEqual(0);
      expect(term).toBeLessThanOrEqual(1);
    }
    expect(terms.reduce((a, b) => a + b, 0)).toBeCloseTo(plan.score[u] as number, 9);
  }

  // 10
  if (!c.summarization) expect(new Set(sentIndices)).toEqual(naiveFill(c, plan, always));
}

/** Groups by score (highest first, then newest), each sent if it fits the tokens and turns left. */
function naiveFill(c: Case, plan: GovernorPlan, always: Set<number>): Set<number> {
  const tokens = charTokens(c.messages);
  const maxTurns = c.maxTurns === undefined ? Infinity : Math.max(1, c.maxTurns);
  // Units are the analysis's: tool groups (the naive oracle's), with an orphan's broken turn glued to its neighbours,
  // as every strategy's units are; so the naive groups that share a unit of the plan are filled as one.
  const byUnit = new Map<number, number[]>();
  for (const members of naiveGroups(c.messages)) {
    const unit = plan.unitOf[members[0] as number] as number;
    byUnit.set(unit, [...(byUnit.get(unit) ?? []), ...members].sort((a, b) => a - b));
  }
  const groups = [...byUnit.values()].map((members) => ({
    members,
    score: plan.score[plan.unitOf[members[0] as number] as number] as number,
    newest: Math.max(...members),
    tokens: members.reduce((sum, i) => sum + (tokens[i] as number), 0),
    always: always.has(plan.unitOf[members[0] as number] as number),
  }));
  const sent = new Set<number>();
  let spent = 0;
  for (const g of groups.filter((g) => g.always)) {
    g.members.forEach((i) => sent.add(i));
    spent += g.tokens;
  }
  const rest = groups.filter((g) => !g.always).sort((a, b) => b.score - a.score || b.newest - a.newest);
  for (const g of rest) {
    if (spent + g.tokens <= c.maxTokens && sent.size + g.members.length <= maxTurns) {
      g.members.forEach((i) => sent.add(i));
      spent += g.tokens;
    }
  }
  return sent;
}

describe('planGovernor laws over generated agent transcripts', () => {
  it('hold on clean transcripts, which stay clean', () => {
    fc.assert(
      fc.property(budgeted(cleanTranscript()), (c) => {
        expect(validateMessages(c.messages, 'anthropic'), 'the generator makes clean transcripts').toEqual([]);
        checkLaws(c);
        const out = applyPrunePlan(c.messages, planGovernor(c.messages, inputOf(c)));
        expect(validateMessages(out, 'anthropic')).toEqual([]);
      }),
      { numRuns: 120, ...replay },
    );
  });

  it('hold where units are shortened: valuable units that do not fit are masked or summarized', () => {
    let shortened = 0;
    const shortening: fc.Arbitrary<Case> = cleanTranscript().chain((messages) => {
      const total = charTokens(messages).reduce((a, b) => a + b, 0);
      return fc.record({
        messages: fc.constant(messages),
        maxTokens: fc.integer({ min: Math.floor(total / 5), max: Math.floor((total * 2) / 3) }),
        maxTurns: fc.constant<number | undefined>(undefined),
        pinned: fc.constant<number[]>([]),
        keepTask: fc.boolean(),
        summarization: fc.constant(true),
        keepThreshold: fc.constant(0),
        intent: fc.option(fc.constantFrom<TaskIntent>(...TASK_INTENTS), { nil: undefined }),
        query: fc.constant<string | undefined>(undefined),
        exactCounts: fc.boolean(),
      });
    });
    fc.assert(
      fc.property(shortening, (c) => {
        checkLaws(c);
        const plan = planGovernor(c.messages, inputOf(c));
        if (plan.masked + plan.summarized > 0) shortened++;
      }),
      { numRuns: 80, ...replay },
    );
    expect(shortened, 'cases that shortened a unit').toBeGreaterThan(20);
  });

  it('hold on broken transcripts (orphans, reused ids, empty texts): nothing is made worse', () => {
    fc.assert(fc.property(budgeted(agentTranscript({ broken: true, maxEpisodes: 20 })), (c) => checkLaws(c)), { numRuns: 100, ...replay });
  });
});
