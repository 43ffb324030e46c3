import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { findScorecardFacts } from './find-scorecard-facts';
import { scorePlan } from './score-plan';
import { pruneMessages } from '../prune/prune-messages';
import { planPrune } from '../prune/plan-prune';
import { analyzeTranscript } from '../plan/analyze-transcript';

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
});
