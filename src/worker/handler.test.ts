import { describe, expect, it } from 'vitest';
import { createPruneHandler } from './handler';
import type { WorkerRequest, WorkerResponse } from './protocol';

function run(requests: WorkerRequest[]): Promise<WorkerResponse[]> {
  const out: WorkerResponse[] = [];
  const handle = createPruneHandler((r) => out.push(r), { verdictDelay: () => 0 });
  for (const r of requests) handle(r);
  return new Promise((resolve) => setTimeout(() => resolve(out), 30));
}

describe('prune handler', () => {
  it('sends the system prompt and its full length, apart from the message totals', async () => {
    const system = 'You are an airline agent. '.repeat(10);
    const text = JSON.stringify([
      { role: 'system', content: system },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]);
    const out = await run([{ type: 'load', id: 1, source: { kind: 'text', text, fileName: 'chat.json' } }]);
    const loaded = out.find((r) => r.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('not loaded');
    expect(loaded.doc.count).toBe(2);
    expect(loaded.doc.systemChars).toBe(system.length);
    expect(loaded.doc.system).toBe(system);
    expect(loaded.doc.totalChars).toBe('hi'.length + 'hello'.length);
  });

  it('verdict counts agree: output problems = added + carried, and the input count is every input problem', async () => {
    const blank = { type: 'text', text: '   ' };
    const text = JSON.stringify([
      { role: 'user', content: [blank, { type: 'text', text: 'first' }] },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: [blank, { type: 'text', text: 'second' }] },
      { role: 'assistant', content: 'b' },
      { role: 'user', content: [blank, { type: 'text', text: 'third' }] },
      { role: 'assistant', content: 'c' },
    ]);
    const out = await run([{ type: 'load', id: 1, source: { kind: 'text', text, fileName: 'm.json' }, maxTurns: 2 }]);
    const verdicts = out.find((r) => r.type === 'verdicts');
    if (verdicts?.type !== 'verdicts') throw new Error('no verdicts');
    for (const v of verdicts.verdicts) {
      expect(v.inputProblemCount).toBe(3);
      expect(v.addedCount + v.carriedCount).toBe(v.problemCount);
      expect(v.problems.filter((p) => p.inherited)).toHaveLength(v.carriedCount);
      expect(v.carriedCount).toBeLessThanOrEqual(v.inputProblemCount);
    }
    const sw = verdicts.verdicts.find((v) => v.strategy === 'sliding-window');
    // The last two messages: #4 (blank block, from the input) and #5.
    expect(sw?.problems.map((p) => [p.messageIndex, p.inherited])).toEqual([[4, true]]);
  });
});
