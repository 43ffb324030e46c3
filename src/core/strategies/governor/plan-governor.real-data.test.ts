/**
 * The governor on every real transcript in fixtures/ (licences in fixtures/README.md) at budgets from 0 to all of
 * its tokens, under every intent: no orphan added, no validator problem added (none at all where the input is
 * clean), never over the budget unless the always-sent units are, the task and the last message always sent.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import type { TaskIntent } from '../../governor/types';
import { planGovernor } from './plan-governor';
import { applyPrunePlan } from '../../plan/apply-prune-plan';
import { FATE } from '../../plan/fate';
import { findUserPrompts } from '../../text/find-user-prompts';
import { TASK_INTENTS } from '../../governor/constants';
import { validateMessages } from '../../formats/validate-messages';
import { linkToolCalls } from '../../links/link-tool-calls';
import { loadFixture } from '../../../../test/support/load-fixture';
import { addedValidationProblems } from '../../../../test/support/validation-diff';
import { charTokens, charTokensOf, firstSentence } from '../../../../test/support/governor-helpers';

const FILES = [
  'spotter-session.jsonl',
  'spotter-short.jsonl',
  'spotter-tool-heavy.jsonl',
  'codemie-session-9eda1058.jsonl',
  'codex-rollout-agentcmd-2025-09-24.jsonl',
  'openhands-sdk-fncall-llm-message.json',
  'pause-turn-web-search.messages.json',
  'tau-bench-gpt-4o-airline.json',
];
const FRACTIONS = [0, 0.05, 0.2, 0.5, 0.8, 1];

function check(messages: Message[], fraction: number, intent: TaskIntent | undefined): void {
  const tokens = charTokens(messages);
  const total = tokens.reduce((a, b) => a + b, 0);
  const maxTokens = Math.floor(total * fraction);
  const plan = planGovernor(messages, {
    tokens,
    maxTokens,
    summarizer: firstSentence,
    countTokens: charTokensOf,
    ...(intent === undefined ? {} : { intent }),
  });
  const label = `${fraction} of ${total} tokens, intent ${intent ?? 'detected'}`;
  const out = applyPrunePlan(messages, plan);
  const sent = [...plan.fates.keys()].filter((i) => plan.fates[i] !== FATE.dropped);
  const origin = new Map(sent.map((i, k) => [out[k] as Message, i] as const));

  const orphanKeys = (list: readonly Message[], at: (m: number) => number) =>
    new Set(linkToolCalls(list).orphans.map((o) => `${at(o.messageIndex)}:${o.blockIndex}:${o.kind}`));
  const before = orphanKeys(messages, (m) => m);
  expect([...orphanKeys(out, (m) => sent[m] as number)].filter((k) => !before.has(k)), label).toEqual([]);

  if (validateMessages(messages, 'anthropic').length === 0) expect(validateMessages(out, 'anthropic'), label).toEqual([]);
  else expect(addedValidationProblems(messages, out, origin), label).toEqual([]);

  if ((plan.over?.by ?? 0) === 0) expect(plan.tokens, label).toBeLessThanOrEqual(maxTokens);
  expect(plan.tokens, label).toBe(out.reduce((sum, m) => sum + charTokensOf(m), 0));
  const task = findUserPrompts(messages).task;
  if (task >= 0) expect(plan.fates[task], label).toBe(FATE.kept);
  if (messages.length > 0) expect(plan.fates[messages.length - 1], label).toBe(FATE.kept);
}

describe.each(FILES)('planGovernor on %s', (file) => {
  const conversations = loadFixture(file);

  it('adds no orphan and no validator problem, keeps the budget, the task and the last message', () => {
    // tau-bench holds 200 conversations: every one at half its tokens, the first ten at every budget and intent.
    conversations.forEach(({ messages }, c) => {
      if (c >= 10) return check(messages, 0.5, undefined);
      for (const fraction of FRACTIONS) for (const intent of [undefined, ...TASK_INTENTS]) check(messages, fraction, intent);
    });
  });
});

describe('planGovernor on the spotter session as last sent (from its compaction on)', () => {
  it('sends the compact summary, the task as the agent knew it, at every budget and intent', () => {
    const [conversation] = loadFixture('spotter-session.jsonl');
    const from = conversation?.boundaries?.at(-1)?.messageIndex ?? -1;
    expect(from).toBeGreaterThan(0);
    const messages = (conversation as { messages: Message[] }).messages.slice(from);
    expect(findUserPrompts(messages).task).toBe(0);
    for (const fraction of FRACTIONS) for (const intent of [undefined, ...TASK_INTENTS]) check(messages, fraction, intent);
  });
});
