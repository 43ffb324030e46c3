import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscript, toolResultOutcome, type Message } from '../core';
import { findTaskIndex } from '../core/context-pruner/find-task-index';
import { analyzeForGovernor } from '../core/governor/analyze-for-governor';
import { UNIT_TYPES } from '../core/governor/constants';
import { findScorecardFacts } from '../core/advisor/probes/find-scorecard-facts';
import { collectSummaryFacts } from '../core/summary/collect-summary-facts';
import { findUserPrompts } from '../core/text/find-user-prompts';
import { rowFacts } from './preview';
import { ROW_FLAG } from './protocol';

/**
 * Every part of prunescope that reads what a message says reads it through `src/core/text`, so on every real
 * transcript they agree: which message is the task (scorecard, governor, token budget), which messages a person
 * typed into (scorecard, governor, summary), and which tool results failed (the timeline's error badge, the
 * scorecard; the governor counts each as an error, and may count more: it also weighs errors an output shows).
 */
const FIXTURES = new URL('../../fixtures/', import.meta.url);
const ERROR = 1 << UNIT_TYPES.indexOf('error');

const conversations = readdirSync(FIXTURES)
  .filter((name) => /\.jsonl?$/.test(name))
  .flatMap((name) => parseTranscript(readFileSync(new URL(name, FIXTURES), 'utf8'), { fileName: name }).conversations.map((c) => ({ name, c })));

/** The messages holding a tool result that failed, by the shared rule. */
function failedMessages(messages: readonly Message[]): number[] {
  const out: number[] = [];
  messages.forEach((m, i) => {
    if (Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result' && toolResultOutcome(b as { content?: unknown; is_error?: unknown }).failed)) out.push(i);
  });
  return out;
}

describe('the readers of what a message says agree on every real fixture', () => {
  it('reads every fixture, with failures and typed prompts to agree on', () => {
    expect(new Set(conversations.map((x) => x.name)).size).toBeGreaterThanOrEqual(10);
    expect(conversations.reduce((n, { c }) => n + failedMessages(c.messages).length, 0)).toBeGreaterThan(10);
    expect(conversations.reduce((n, { c }) => n + findUserPrompts(c.messages).indices.length, 0)).toBeGreaterThan(100);
  });

  it.each(conversations.map(({ name, c }, k) => [`${name} ${c.id} #${k}`, c.messages] as const))('%s', (_, messages) => {
    const prompts = findUserPrompts(messages);
    const scorecard = findScorecardFacts(messages);
    const governor = analyzeForGovernor(messages);

    // The task and the typed prompts.
    expect(scorecard.task).toBe(prompts.task);
    expect(governor.prompts.task).toBe(prompts.task);
    expect(findTaskIndex(messages)).toBe(prompts.task);
    expect(scorecard.prompts).toEqual(prompts.indices);
    expect(governor.prompts.indices).toEqual(prompts.indices);
    const summary = collectSummaryFacts(messages, { maxRequestChars: Infinity, maxTaskChars: Infinity });
    expect((summary.task === undefined ? 0 : 1) + summary.lists.requests.length).toBe(prompts.indices.length);

    // Failed tool results.
    const failed = failedMessages(messages);
    const badged = messages.flatMap((m, i) => (rowFacts(m).flags & ROW_FLAG.error ? [i] : []));
    expect(badged).toEqual(failed);
    expect(scorecard.errors).toEqual(failed);
    for (const i of failed) expect(governor.types.typeMask[governor.units.unitOf[i] as number]! & ERROR, `message ${i}`).toBe(ERROR);
  });
});
