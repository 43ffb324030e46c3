import { describe, expect, it } from 'vitest';
import { PruneClient } from '../worker/client';
import { inProcessTransport } from '../worker/client';
import { createInspectorStore, lowerBound } from './inspector-store';
import { SUMMARY_ROW } from './visible-rows';

const transcript = JSON.stringify(
  Array.from({ length: 20 }, (_, i) =>
    i % 4 === 1
      ? { role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: i % 8 === 1 ? 'Read' : 'Bash', input: {} }] }
      : i % 4 === 2
        ? { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i - 1}`, content: `out ${i}` }] }
        : { role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i}` },
  ),
);

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('inspector store', () => {
  it('loads, re-plans on maxTurns, places the summary row, filters and moves the selection', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    const outcome = await store.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, { maxTurns: 10 });
    expect(outcome.status).toBe('loaded');
    let s = store.getState();
    expect(s.doc?.count).toBe(20);
    expect(s.planMaxTurns).toBe(10);
    const summarize = s.plans?.find((p) => p.strategy === 'summarize');
    expect(summarize?.summarized).toBeGreaterThan(0);
    // The synthetic summary row sits just before the first message summarize keeps.
    const at = Array.from(s.items).indexOf(SUMMARY_ROW);
    expect(s.items[at + 1]).toBe(summarize!.summarized);

    s.setMaxTurns(4);
    await until(() => store.getState().planMaxTurns === 4);
    expect(store.getState().plans?.find((p) => p.strategy === 'sliding-window')?.kept).toBeLessThanOrEqual(5);

    s = store.getState();
    s.setFilters({ tools: ['Read'] });
    expect(Array.from(store.getState().items).every((i) => i === SUMMARY_ROW || [1, 2, 9, 10, 17, 18].includes(i))).toBe(true);
    s.clearFilters();

    s.moveSelection('first');
    expect(store.getState().selected).toBe(0);
    s.moveSelection(1);
    s.moveSelection(1);
    expect(store.getState().selected).toBe(2);
    s.moveSelection('last');
    expect(store.getState().selected).toBe(19);
    await until(() => store.getState().detail?.index === 19);
  });

  it('a failed load keeps the previous transcript and reports the error', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    await store.getState().load({ kind: 'text', text: transcript, fileName: 'good.json' });
    await store.getState().load({ kind: 'text', text: '{"nope": 1}', fileName: 'bad.json' });
    const s = store.getState();
    expect(s.doc?.fileName).toBe('good.json');
    expect(s.loadError?.fileName).toBe('bad.json');
    expect(s.loadError?.formatsTried.length).toBeGreaterThan(0);
  });

  it('lowerBound steps over the summary row', () => {
    const items = Int32Array.from([0, 1, SUMMARY_ROW, 2, 3]);
    expect(lowerBound(items, 2)).toBe(2);
    expect(lowerBound(items, 3)).toBe(4);
    expect(lowerBound(items, 0)).toBe(0);
  });
});
