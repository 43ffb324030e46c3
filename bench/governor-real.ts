/**
 * The Context Governor on real sessions (fixtures/, licences in fixtures/README.md), at a budget of half their
 * tokens (characters ÷ 4): does it keep the task, and how many of the user's prompts and of the failed tool calls
 * does it keep, beside two baselines at the same budget.
 *
 *   npx tsx bench/governor-real.ts
 *
 * - governor: `planGovernor` with its defaults (intent detected, task always sent).
 * - governor, task not pinned: the same with `keepTask: false`, to see whether the scores alone keep it.
 * - recency: the newest units first until the tokens run out (tool pairs whole), as a token-budget sliding window.
 * - importance: `pruneMessages` with the importance strategy at the number of messages the governor sent.
 *
 * A prompt is a message a person typed into (`findUserPrompts`: tool results and harness text excluded); an error
 * is a `tool_result` with `is_error: true`, which the harness sets, so the count does not depend on the governor's
 * own classifier.
 */
import { readFileSync } from 'node:fs';
import type { Message } from '../src/core';
import { parseTranscript, pruneMessages } from '../src/core';
import { planGovernor } from '../src/core/strategies/governor/plan-governor';
import { applyPrunePlan } from '../src/core/plan/apply-prune-plan';
import { findUserPrompts } from '../src/core/text/find-user-prompts';
import { buildContextUnits } from '../src/core/governor/build-context-units';
import { groupMessages } from '../src/core/links/group-messages';
import { messageTextLength } from '../src/core/text/message-text-length';
import { estimateTokens } from '../src/core/tokens/estimate-tokens';

const SESSIONS = [
  'spotter-session.jsonl',
  'spotter-tool-heavy.jsonl',
  'spotter-short.jsonl',
  'codemie-session-9eda1058.jsonl',
  // Not Claude Code, but real: for comparison.
  'codex-rollout-agentcmd-2025-09-24.jsonl',
  'openhands-sdk-fncall-llm-message.json',
];

const isError = (message: Message): boolean =>
  Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result' && block.is_error === true);

/** Newest units first, each sent whole if it fits; the last message always. */
function recency(messages: Message[], tokens: Float64Array, maxTokens: number): Set<Message> {
  const units = buildContextUnits(groupMessages(messages));
  const unitTokens = new Float64Array(units.count);
  for (let i = 0; i < messages.length; i++) { const u = units.unitOf[i] as number; unitTokens[u] = (unitTokens[u] as number) + (tokens[i] as number); }
  const byNewest = [...Array(units.count).keys()].sort((a, b) => (units.lastMember[b] as number) - (units.lastMember[a] as number));
  const sent = new Set<Message>();
  let spent = 0;
  byNewest.forEach((u, k) => {
    if (k > 0 && spent + (unitTokens[u] as number) > maxTokens) return;
    spent += unitTokens[u] as number;
    for (let m = units.memberStart[u] as number; m < (units.memberStart[u + 1] as number); m++) sent.add(messages[units.members[m] as number] as Message);
  });
  return sent;
}

/** `tokens` per message as sent: the governor's `sentTokens` (a masked result costs less), else the originals. */
function describe(name: string, messages: Message[], sent: Set<Message>, tokens: Float64Array): string {
  const prompts = findUserPrompts(messages);
  const errors = messages.filter(isError);
  const task = prompts.task >= 0 && sent.has(messages[prompts.task] as Message) ? 'yes' : 'no';
  const keptPrompts = prompts.indices.filter((i) => sent.has(messages[i] as Message)).length;
  const keptErrors = errors.filter((m) => sent.has(m)).length;
  const keptTokens = messages.reduce((sum, m, i) => sum + (sent.has(m) ? (tokens[i] as number) : 0), 0);
  return `    ${name.padEnd(26)} task ${task.padEnd(3)}  prompts ${keptPrompts}/${prompts.indices.length}  errors ${keptErrors}/${errors.length}  messages ${sent.size}/${messages.length}  tokens ${keptTokens}`;
}

for (const file of SESSIONS) {
  const [conversation] = parseTranscript(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8'), { fileName: file }).conversations;
  if (conversation === undefined) continue;
  const { messages } = conversation;
  const tokens = Float64Array.from(messages, (m) => estimateTokens(messageTextLength(m)));
  const total = tokens.reduce((a, b) => a + b, 0);
  const maxTokens = Math.floor(total / 2);

  const plan = planGovernor(messages, { tokens, maxTokens });
  const unpinned = planGovernor(messages, { tokens, maxTokens, keepTask: false });
  // Shortened messages count as kept: they are sent, the pair intact.
  const sentBy = (p: typeof plan) => new Set(messages.filter((_, i) => p.fates[i] !== 1));
  const governed = applyPrunePlan(messages, plan);
  console.log(`\n${file}: ${messages.length} messages, ${total} tokens, budget ${maxTokens}; intent ${plan.intent.intent} (${plan.profile.name}, confidence ${plan.intent.confidence})`);
  console.log(describe('governor', messages, sentBy(plan), plan.sentTokens) + `  (masked ${plan.masked}, summarized ${plan.summarized})`);
  console.log(describe('governor, task not pinned', messages, sentBy(unpinned), unpinned.sentTokens));
  console.log(describe('recency', messages, recency(messages, tokens, maxTokens), tokens));
  const importance = new Set(pruneMessages(messages, { strategy: 'importance', maxTurns: governed.length }));
  console.log(describe(`importance (${governed.length} turns)`, messages, importance, tokens));
}
