import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { findScorecardFacts } from '../advisor/probes/find-scorecard-facts';
import { scorePlan } from './score-plan';
import { pruneMessages } from '../prune/prune-messages';
import { planPrune } from '../prune/plan-prune';
import { analyzeTranscript } from '../plan/analyze-transcript';
import { FATE } from '../plan/fate';
import { findProbes } from '../advisor/probes/find-probes';
import { scoreProbes } from '../advisor/probes/score-probes';

const session: Message[] = [
  { role: 'user', content: 'Fix the failing import in src/app.ts' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'r1', name: 'Read', input: { file_path: '/repo/src/app.ts' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r1', content: 'import x from "y";\n'.repeat(50) }] },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'b1', name: 'Bash', input: { command: 'npm test' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'b1', content: 'Error: cannot find module y', is_error: true }] },
  { role: 'assistant', content: 'The module is missing.' },
  { role: 'user', content: 'Then add it to package.json' },
  { role: 'assistant', content: 'Done.' },
];

describe('scorecard', () => {
  it('finds the task, the prompts, the failed results and the files touched', () => {
    const facts = findScorecardFacts(session);
    expect(facts.task).toBe(0);
    expect(facts.prompts).toEqual([0, 6]);
    expect(facts.errors).toEqual([4]);
    expect([...facts.files.keys()]).toEqual(['/repo/src/app.ts']);
  });

  it('says what a plan still sends: everything, then only the tail', () => {
    const facts = findScorecardFacts(session);
    const analysis = analyzeTranscript(session);
    expect(scorePlan(facts, planPrune(analysis, { strategy: 'sliding-window', maxTurns: 100 }))).toEqual({
      task: true,
      prompts: { kept: 2, total: 2 },
      errors: { kept: 1, total: 1 },
      files: { named: 1, total: 1 },
    });
    expect(scorePlan(facts, planPrune(analysis, { strategy: 'sliding-window', maxTurns: 2 }))).toEqual({
      task: false,
      prompts: { kept: 1, total: 2 },
      errors: { kept: 0, total: 1 },
      files: { named: 0, total: 1 },
    });
  });

  it('a summary that names a file keeps it named', () => {
    const facts = findScorecardFacts(session);
    const plan = planPrune(analyzeTranscript(session), { strategy: 'token-budget', maxTokens: 40 });
    expect(plan.inserts.length).toBe(1);
    expect(scorePlan(facts, plan).files.named).toBe(1);
    expect(pruneMessages(session, { strategy: 'token-budget', maxTokens: 40 }).length).toBeLessThan(session.length);
  });

  // The scorecard and the advisor's probes judged a masked message by two rules: the scorecard counted a masked
  // failed result as sent although masking cleared its error, where the probes found the error lost.
  it('a masked error counts only while what replaces it still holds the error, as the probes say', () => {
    const facts = findScorecardFacts(session);
    const masked = (text: string) => ({
      fates: Uint8Array.from(session, (_, i) => (i === 4 ? FATE.masked : FATE.kept)),
      inserts: [],
      replacement: () => ({ role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'b1', content: text }] }),
    });
    expect(scorePlan(facts, masked('[output cleared]')).errors).toEqual({ kept: 0, total: 1 });
    expect(scorePlan(facts, masked('Error: cannot find module y (cleared)')).errors).toEqual({ kept: 1, total: 1 });
  });

  it('a file a summary names in place (a message summarized with a replacement) stays named', () => {
    const facts = findScorecardFacts(session);
    const plan = {
      fates: Uint8Array.from(session, (_, i) => (i === 1 || i === 2 ? FATE.summarized : FATE.kept)),
      inserts: [],
      replacement: (i: number) => (i === 1 ? { role: 'assistant' as const, content: 'Read /repo/src/app.ts' } : undefined),
    };
    expect(scorePlan(facts, plan).files).toEqual({ named: 1, total: 1 });
  });

  it('agrees with the probes on every real plan: the same rule, one place', () => {
    const facts = findScorecardFacts(session);
    const probes = findProbes(session);
    const analysis = analyzeTranscript(session);
    for (const config of [
      { strategy: 'observation-masking', maxTokens: 60 },
      { strategy: 'sliding-window', maxTurns: 3 },
      { strategy: 'token-budget', maxTokens: 40 },
      { strategy: 'importance', maxTokens: 80 },
    ] as const) {
      const plan = planPrune(analysis, config);
      const fateOf = new Map(scoreProbes(probes, plan).fates.map((fate, k) => [probes[k]!.id, fate]));
      const card = scorePlan(facts, plan);
      expect(card.task, config.strategy).toBe(fateOf.get('task') === 'kept');
      expect(card.errors.kept, config.strategy).toBe(facts.errors.filter((i) => fateOf.get(`error:${i}`) === 'kept').length);
      expect(card.files.named, config.strategy).toBe([...facts.files.keys()].filter((path) => fateOf.get(`file:${path}`) !== 'lost').length);
    }
  });
});
