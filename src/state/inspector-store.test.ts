import { describe, expect, it, vi } from 'vitest';
import { PruneClient } from '../worker/client';
import { inProcessTransport } from '../worker/transport';
import { createInspectorStore } from './inspector-store';
import { laneStatus } from './inspector-state';
import { lowerBound, positionOf } from './bounds';
import { EMPTY_VIEW } from './view';

const transcript = JSON.stringify(
  Array.from({ length: 20 }, (_, i) =>
    i % 4 === 1
      ? { role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: i % 8 === 1 ? 'Read' : 'Bash', input: {} }] }
      : i % 4 === 2
        ? { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i - 1}`, content: `out ${i} `.repeat(40) }] }
        : { role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i}` },
  ),
);

/** Waits for `check`; fails with what it last saw instead of passing on a timeout. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

const messagesView = (value: number) => ({ ...EMPTY_VIEW, budget: { unit: 'messages' as const, value } });

// The store's tests plan over the estimate: exact counts are the worker's (see client.test.ts).
const estimateOnly = (store: ReturnType<typeof createInspectorStore>) => store.setState({ encoding: 'chars' });

describe('inspector store', () => {
  it('loads every default lane, re-plans on a budget change, and places each insert where its plan puts it', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    const outcome = await store.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, messagesView(10));
    expect(outcome.status).toBe('loaded');
    let s = store.getState();
    expect(s.doc?.count).toBe(20);
    expect(s.budget).toEqual({ unit: 'messages', value: 10 });
    expect(s.lanes.map((l) => l.strategy)).toEqual(['sliding-window', 'summarize', 'importance', 'observation-masking', 'token-budget', 'governor']);
    // The quick lanes are planned with the first paint; the slow ones follow.
    for (const lane of s.lanes.slice(0, 4)) expect(laneStatus(s, lane)).toBe('ready');
    await until(() => store.getState().lanes.every((lane) => laneStatus(store.getState(), lane) === 'ready'));
    s = store.getState();
    const summarize = s.plans[s.lanes[1]!.id]!;
    expect(summarize.summarized).toBeGreaterThan(0);
    // The summary row sits just before the first message summarize keeps.
    const at = Array.from(s.items).indexOf(-1);
    const first = s.extras[0];
    expect(first?.kind === 'insert' && first.insert.before).toBe(summarize.summarized);
    expect(s.items[at + 1]).toBe(summarize.summarized);

    s.setBudget({ unit: 'messages', value: 4 });
    await until(() => laneStatus(store.getState(), store.getState().lanes[0]!) === 'ready');
    expect(store.getState().plans[s.lanes[0]!.id]?.kept).toBeLessThanOrEqual(5);

    s = store.getState();
    s.setFilters({ tools: ['Read'] });
    const shown = Array.from(store.getState().items).filter((i) => i >= 0);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((i) => [1, 2, 9, 10, 17, 18].includes(i))).toBe(true);
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

  it("a budget change's scorecards land apart from its plans, each kept under the key of the plan it scores", async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, messagesView(10));
    const lane = store.getState().lanes[0]!;
    const loadedCard = store.getState().plans[lane.id]!.scorecard;
    expect(loadedCard).toBeDefined();
    store.getState().setBudget({ unit: 'messages', value: 4 });
    await until(() => store.getState().plans[lane.id]?.key.includes('messages:4') === true);
    let s = store.getState();
    // Its plan came without its scorecard: the lane header reads it from `scorecards`.
    expect(s.plans[lane.id]!.scorecard).toBeUndefined();
    await until(() => store.getState().scorecards[lane.id]?.key === store.getState().plans[lane.id]?.key);
    s = store.getState();
    expect(s.scorecards[lane.id]!.scorecard).toBeDefined();
  });

  it('a budget change keeps the rows on screen (the same array) until a plan moves one', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, messagesView(10));
    await until(() => store.getState().lanes.every((lane) => laneStatus(store.getState(), lane) === 'ready'));
    const { items, extras, lanes } = store.getState();
    store.getState().setBudget({ unit: 'messages', value: 9 });
    // Nothing on screen moves before the plans land: the timeline gets the very same rows.
    expect(store.getState().items).toBe(items);
    expect(store.getState().extras).toBe(extras);
    // A fate filter on sliding window: its next plan decides which rows show.
    store.getState().setFilters({ fates: { [lanes[0]!.id]: ['kept'] } });
    const filtered = store.getState().items;
    expect(Array.from(filtered).filter((i) => i >= 0)).toHaveLength(store.getState().plans[lanes[0]!.id]!.kept);
    store.getState().setBudget({ unit: 'messages', value: 4 });
    await until(() => laneStatus(store.getState(), store.getState().lanes[0]!) === 'ready');
    expect(store.getState().items).not.toBe(filtered);
    expect(Array.from(store.getState().items).filter((i) => i >= 0)).toHaveLength(store.getState().plans[lanes[0]!.id]!.kept);
  });

  it('when plans land with a message open, asks again only for the lanes\' accounts of it, not for the whole message', async () => {
    const transport = inProcessTransport();
    const asked: string[] = [];
    const post = transport.post;
    transport.post = (request) => {
      asked.push(request.type);
      post(request);
    };
    const client = new PruneClient(transport);
    const store = createInspectorStore(client);
    estimateOnly(store);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, messagesView(10));
    await until(() => store.getState().lanes.every((lane) => laneStatus(store.getState(), lane) === 'ready'));
    store.getState().select(3);
    await until(() => store.getState().detail?.index === 3);
    const shown = store.getState().detail!;
    asked.length = 0;

    store.getState().setBudget({ unit: 'messages', value: 4 });
    await until(() => store.getState().lanes.every((lane) => laneStatus(store.getState(), lane) === 'ready'));
    const fresh = await client.detail(store.getState().doc!.docId, 3);
    await until(() => JSON.stringify(store.getState().detail?.explain) === JSON.stringify(fresh?.explain));
    // The store holds the accounts of the plans now on screen, and the message's text did not cross again.
    expect(fresh?.explain.length).toBeGreaterThan(0);
    expect(asked.filter((t) => t === 'detail')).toHaveLength(1); // the fresh one this test asked for
    expect(asked).toContain('explain');
    expect(store.getState().detail?.messageJson).toBe(shown.messageJson);
  });

  it('adds, moves and removes lanes; a lane with new options plans afresh; pins reach the lanes that honour them', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 't.json' }, messagesView(6));
    store.getState().addLane('importance', {}, { unit: 'messages', value: 12 });
    const added = store.getState().lanes[6]!;
    await until(() => laneStatus(store.getState(), added) === 'ready');
    expect(store.getState().plans[added.id]?.kept).toBeGreaterThan(store.getState().plans[store.getState().lanes[2]!.id]!.kept);

    store.getState().moveLane(added.id, -1);
    expect(store.getState().lanes[5]?.id).toBe(added.id);
    store.getState().removeLane(added.id);
    expect(store.getState().lanes).toHaveLength(6);
    expect(store.getState().plans[added.id]).toBeUndefined();

    const masking = store.getState().lanes[3]!;
    store.getState().updateLane(masking.id, { options: { keepRecent: 0 } });
    expect(laneStatus(store.getState(), store.getState().lanes[3]!)).toBe('planning');
    await until(() => laneStatus(store.getState(), store.getState().lanes[3]!) === 'ready');
    expect(store.getState().plans[masking.id]?.masked).toBe(5);

    store.getState().togglePin(0);
    const importance = store.getState().lanes[2]!;
    await until(() => laneStatus(store.getState(), importance) === 'ready');
    expect(store.getState().plans[importance.id]?.fates[0]).toBe(0);
    expect(store.getState().pinned).toEqual([0]);
  });

  it('a failed load keeps the previous transcript and reports the error', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 'good.json' });
    await store.getState().load({ kind: 'text', text: '{"nope": 1}', fileName: 'bad.json' });
    const s = store.getState();
    expect(s.doc?.fileName).toBe('good.json');
    expect(s.loadError?.fileName).toBe('bad.json');
  });

  // Regression: a pin (a message index) and a tool filter of one file were applied to the next one opened: its message
  // #3 came in pinned in every lane, and a filter on a tool it lacks hid every row.
  it('a new file opens without the old one’s pins and filters; a load that fails keeps them', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 'a.json' });
    store.getState().togglePin(3);
    store.getState().setFilters({ tools: ['Read'] });
    await store.getState().load({ kind: 'text', text: '{"nope": 1}', fileName: 'bad.json' });
    expect(store.getState().pinned).toEqual([3]);
    expect(store.getState().filters.tools).toEqual(['Read']);
    await store.getState().load({ kind: 'text', text: transcript, fileName: 'b.json' });
    const s = store.getState();
    expect(s.doc?.fileName).toBe('b.json');
    expect(s.pinned).toEqual([]);
    expect(s.filters.tools).toEqual([]);
    expect(Array.from(s.items).filter((i) => i >= 0)).toHaveLength(20);
  });

  // Regression: the picker is bound to the open conversation, so under load it snapped back to the old one for the
  // seconds the new one took to open, and a person could think the choice had not taken.
  it('while another conversation opens, loading names it (the picker shows it), and the doc becomes it', async () => {
    const store = createInspectorStore(new PruneClient(inProcessTransport()));
    estimateOnly(store);
    const traj = (n: number) => Array.from({ length: n }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `turn ${i}` }));
    const file = JSON.stringify([{ task_id: 1, traj: traj(4) }, { task_id: 2, traj: traj(6) }, { task_id: 3, traj: traj(8) }]);
    await store.getState().load({ kind: 'text', text: file, fileName: 'tau.json' });
    expect(store.getState().doc?.conversationIndex).toBe(0);
    const opening = store.getState().selectConversation(2);
    expect(store.getState().loading?.conversation).toBe(2);
    await opening;
    const s = store.getState();
    expect(s.loading).toBeUndefined();
    expect(s.doc?.conversationIndex).toBe(2);
    expect(s.doc?.count).toBe(8);
    // The same conversation opened again (another scope or repair) names none: the picker has nothing to show.
    const again = store.getState().setRepair(false);
    expect(store.getState().loading?.conversation).toBeUndefined();
    await again;
  });

  it('binary searches step over extra rows', () => {
    const items = Int32Array.from([0, 1, -1, -2, 2, 3]);
    expect(lowerBound(items, 2)).toBe(2);
    expect(positionOf(items, 2)).toBe(4);
    expect(lowerBound(items, 3)).toBe(5);
    expect(lowerBound(items, 0)).toBe(0);
    expect(positionOf(items, 4)).toBe(-1);
  });

  it("tells the worker of a model of the user's own only when what the lanes use changes", () => {
    const client = new PruneClient(inProcessTransport());
    const setModel = vi.spyOn(client, 'setModel');
    const off = { protocol: 'openai-chat' as const, baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', apiKey: '', rememberKey: false, summarizeLanes: false };
    const store = createInspectorStore(client, off);
    // Off (the lanes do not use it): nothing to say, at start or on an edit.
    store.getState().setModelSettings({ ...off, model: 'qwen' });
    expect(setModel).not.toHaveBeenCalled();
    store.getState().setModelSettings({ ...off, summarizeLanes: true });
    expect(setModel).toHaveBeenLastCalledWith({ protocol: 'openai-chat', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' });
    // Remembering the key changes nothing the lanes use.
    store.getState().setModelSettings({ ...off, summarizeLanes: true, rememberKey: true });
    expect(setModel).toHaveBeenCalledTimes(1);
    store.getState().setModelSettings({ ...off, summarizeLanes: false });
    expect(setModel).toHaveBeenLastCalledWith(null);
    expect(store.getState().modelSettings.summarizeLanes).toBe(false);
    // A page opened with the lanes on tells the worker at once.
    const again = new PruneClient(inProcessTransport());
    const told = vi.spyOn(again, 'setModel');
    createInspectorStore(again, { ...off, summarizeLanes: true });
    expect(told).toHaveBeenCalledTimes(1);
  });
});
