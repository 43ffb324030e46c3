import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Message } from '../../types';
import type { StrategyPlan } from '../../plan/types';
import { findProbes } from './find-probes';
import { scoreProbes } from './score-probes';
import { FATE } from '../../plan/fate';
import { planPrune } from '../../prune/plan-prune';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { probeTranscript } from '../../../../test/support/probe-transcript-arbitrary';

const session: Message[] = [
  { role: 'user', content: 'Fix the failing import in src/app.ts' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't0', name: 'TodoWrite', input: { todos: [{ content: 'Find the import', status: 'completed' }, { content: 'Add the dependency', status: 'pending' }] } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't0', content: 'ok' }] },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'r1', name: 'Read', input: { file_path: '/repo/src/app.ts' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r1', content: 'import x from "left_pad_v2";\n' }] },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'b1', name: 'Bash', input: { command: 'npm test' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'b1', content: 'Error: cannot find module left_pad_v2', is_error: true }] },
  { role: 'assistant', content: 'The module is missing.' },
  { role: 'user', content: 'Then add it to package.json' },
  { role: 'assistant', content: 'Adding left_pad_v2 to package.json.' },
];

const plan = (count: number, fate: (i: number) => number, inserts: StrategyPlan['inserts'] = []) => ({ fates: Uint8Array.from({ length: count }, (_, i) => fate(i)), inserts });

describe('findProbes', () => {
  it('draws a probe of every family, each pointing at the message that holds its fact', () => {
    const probes = findProbes(session);
    expect(probes.map((p) => [p.id, p.family, p.messageIndex, p.fact, p.weight])).toEqual([
      ['task', 'recall', 0, 'Fix the failing import in src/app.ts', 3],
      ['plan:1', 'continuation', 1, 'Add the dependency', 2],
      ['file:/repo/src/app.ts', 'artifact', 3, '/repo/src/app.ts', 1],
      ['reference:4', 'decision', 4, 'left_pad_v2', 1],
      ['error:6', 'decision', 6, 'Error: cannot find module left_pad_v2', 1],
      ['request:8', 'recall', 8, 'Then add it to package.json', 2],
    ]);
  });

  it('is deterministic and never mutates', () => {
    const copy = structuredClone(session);
    expect(findProbes(session)).toEqual(findProbes(copy));
    expect(session).toEqual(copy);
  });
});

describe('scoreProbes', () => {
  it('says kept, summarized or lost, and weighs the loss', () => {
    const probes = findProbes(session);
    const summary = { role: 'user' as const, content: 'Summary: read /repo/src/app.ts; Error: cannot find module left_pad_v2 (npm test)' };
    const score = scoreProbes(probes, plan(session.length, (i) => (i >= 7 || i === 0 ? FATE.kept : FATE.summarized), [{ before: 1, message: summary, replaces: 6, tokens: 20 }]));
    // The reference's token is in the summary too (the error line names it): summarized, not lost.
    expect(score.fates).toEqual(['kept', 'lost', 'summarized', 'summarized', 'summarized', 'kept']);
    expect(score.loss).toBeCloseTo(2 / 10);
    expect(score.byFamily.artifact).toEqual({ total: 1, kept: 0, summarized: 1, lost: 0, loss: 0 });
    expect(score.byFamily.continuation.loss).toBe(1);
  });

  it('a masked result loses its fact unless what replaces it still holds it', () => {
    const probes = findProbes(session).filter((p) => p.kind === 'error');
    const masked = (text: string) => ({ ...plan(session.length, (i) => (i === 6 ? FATE.masked : FATE.kept)), replacement: () => ({ role: 'user' as const, content: [{ type: 'tool_result', tool_use_id: 'b1', content: text }] }) });
    expect(scoreProbes(probes, masked('[cleared]')).fates).toEqual(['lost']);
    expect(scoreProbes(probes, masked('Error: cannot find module left_pad_v2 …')).fates).toEqual(['kept']);
  });

  it('a real plan that keeps everything loses nothing; a tight window loses the task', () => {
    const probes = findProbes(session);
    const analysis = analyzeTranscript(session);
    expect(scoreProbes(probes, planPrune(analysis, { strategy: 'sliding-window', maxTurns: 100 })).loss).toBe(0);
    const tight = scoreProbes(probes, planPrune(analysis, { strategy: 'sliding-window', maxTurns: 2 }));
    expect(tight.fates[0]).toBe('lost');
    expect(tight.loss).toBeGreaterThan(0.5);
  });

  it('property: keeping everything loses nothing; keeping only the last message loses all but its probes', () => {
    fc.assert(
      fc.property(probeTranscript(), (messages) => {
        const probes = findProbes(messages);
        const n = messages.length;
        const all = scoreProbes(probes, plan(n, () => FATE.kept));
        expect(all.lost).toBe(0);
        expect(all.loss).toBe(0);
        const last = scoreProbes(probes, plan(n, (i) => (i === n - 1 ? FATE.kept : FATE.dropped)));
        probes.forEach((probe, k) => expect(last.fates[k]).toBe(probe.messages.includes(n - 1) ? 'kept' : 'lost'));
        const lostAll = probes.every((p) => !p.messages.includes(n - 1));
        if (probes.length > 0 && lostAll) expect(last.loss).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('property: a probe is never lost from a message a plan sends as it was', () => {
    fc.assert(
      fc.property(probeTranscript(), fc.integer({ min: 1, max: 40 }), (messages, maxTurns) => {
        const probes = findProbes(messages);
        const p = planPrune(analyzeTranscript(messages), { strategy: 'sliding-window', maxTurns });
        const score = scoreProbes(probes, p);
        probes.forEach((probe, k) => {
          if (probe.messages.some((i) => p.fates[i] === FATE.kept)) expect(score.fates[k]).toBe('kept');
        });
      }),
      { numRuns: 100 },
    );
  });
});
