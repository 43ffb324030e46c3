import { describe, expect, it } from 'vitest';
import { heldTransport, type HeldTransport } from '../../test/support/held-transport';
import { PruneClient } from './client';
import { defaultLanes } from './lanes';
import type { LaneModelSettings, WorkerResponse } from './protocol';

const chat = (last: string) =>
  JSON.stringify([
    { role: 'user', content: 'read a file' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/a' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'A\nmore' }] },
    { role: 'assistant', content: last },
  ]);
const lanes = defaultLanes().filter((l) => l.strategy !== 'token-budget' && l.strategy !== 'governor');
const load = { plan: { lanes, pinned: [] }, open: { encoding: 'chars' as const } };
const plan = (value: number) => ({ lanes, pinned: [], budget: { unit: 'messages' as const, value }, epoch: 0 });
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

/** A client whose factory makes held transports, each kept for the test to look at; no spare unless asked. */
function clientWithWorkers(spares = false): { client: PruneClient; workers: HeldTransport[] } {
  const workers: HeldTransport[] = [];
  const make = () => {
    const worker = heldTransport();
    workers.push(worker);
    return worker.transport;
  };
  const client = new PruneClient(make, {}, { spares });
  return { client, workers };
}

async function loaded(client: PruneClient, name: string) {
  const outcome = await client.load({ kind: 'text', text: chat(name), fileName: `${name}.json` }, load);
  if (outcome.status !== 'loaded') throw new Error(`${name} did not load`);
  return outcome.doc;
}

describe('PruneClient: a new document gets fresh workers', () => {
  it('the first file opens in the worker made at the start; each next one in a fresh worker, the old one let go', async () => {
    const { client, workers } = clientWithWorkers();
    const a = await loaded(client, 'a');
    expect(workers).toHaveLength(1);
    const b = await loaded(client, 'b');
    expect(workers).toHaveLength(2);
    expect(workers.map((w) => w.terminated())).toEqual([true, false]);
    expect(workers[1]!.sent.map((r) => r.type)).toEqual(['load']);
    // Each worker numbers its documents by the request that opened them: never the same id for two files.
    expect(b.docId).not.toBe(a.docId);
    expect((await client.detail(b.docId, 3))?.blocks[0]?.text).toBe('b');
  });

  it('an answer of the old worker is never shown, whatever it still sends after the new file loaded', async () => {
    const { client, workers } = clientWithWorkers();
    const a = await loaded(client, 'a');
    const planned: number[] = [];
    client.events.onPlanned = (u) => planned.push(u.docId);
    const old = workers[0]!;
    const heard = old.transport.onResponse!;
    old.hold(true);
    // Asked of the transcript on screen while the next file opens: the old worker never answers them in time.
    const opening = loaded(client, 'b');
    client.setPlan(a.docId, plan(2));
    const search = client.search(a.docId, 'file');
    const b = await opening;
    // What was pending on the old worker ended when it was let go, instead of waiting forever.
    expect(await search).toBeNull();
    const late: WorkerResponse[] = old.held.splice(0);
    expect(late.map((r) => r.type)).toEqual(expect.arrayContaining(['planned', 'search-result']));
    // Through the listener the client gave the old worker, and through whatever listens there now.
    late.forEach(heard);
    old.release(late);
    await tick();
    expect(await search).toBeNull();
    expect(planned).toEqual([]);
    // Plans go on, to the new worker: the one in flight on the old worker does not hold them back.
    client.setPlan(b.docId, plan(3));
    await tick(20);
    expect(planned).toEqual([b.docId]);
  });

  it('opening the file on screen again (repair switched) goes to its worker, which makes no new one', async () => {
    const { client, workers } = clientWithWorkers();
    await loaded(client, 'a');
    const b = await loaded(client, 'b');
    const again = await client.reopen(b.docId, 0, { repair: false, encoding: 'chars' }, load.plan);
    expect(again.status === 'loaded' && again.doc.repair.on).toBe(false);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent.map((r) => r.type)).toEqual(['load', 'open']);
  });

  it('a load that fails lets its fresh worker go; the transcript on screen keeps its worker, which still answers', async () => {
    const { client, workers } = clientWithWorkers();
    const a = await loaded(client, 'a');
    const rejected = await client.load({ kind: 'text', text: 'not a transcript', fileName: 'notes.txt' }, load);
    expect(rejected.status).toBe('error');
    expect(workers.map((w) => w.terminated())).toEqual([false, true]);
    expect(Array.from((await client.search(a.docId, 'READ'))!)).toEqual([0, 1]);
  });

  it('a load superseded while it opens stops with its worker at once, and the newest file replaces the old one', async () => {
    const { client, workers } = clientWithWorkers();
    await loaded(client, 'a');
    workers[0]!.hold(false);
    const b = client.load({ kind: 'text', text: chat('b'), fileName: 'b.json' }, load);
    const c = client.load({ kind: 'text', text: chat('c'), fileName: 'c.json' }, load);
    expect(workers).toHaveLength(3);
    expect(workers[1]!.terminated()).toBe(true);
    expect((await b).status).toBe('stale');
    const outcome = await c;
    expect(outcome.status === 'loaded' && outcome.doc.fileName).toBe('c.json');
    expect(workers.map((w) => w.terminated())).toEqual([true, true, false]);
  });

  it('a worker that breaks while a file opens fails that load alone; the transcript on screen stays', async () => {
    const { client, workers } = clientWithWorkers();
    const a = await loaded(client, 'a');
    const opening = client.load({ kind: 'text', text: chat('b'), fileName: 'b.json' }, load);
    workers[1]!.transport.onFailure?.('out of memory');
    const outcome = await opening;
    expect(outcome.status === 'error' && outcome.error.message).toBe('out of memory');
    expect(workers.map((w) => w.terminated())).toEqual([false, true]);
    expect((await client.detail(a.docId, 3))?.blocks[0]?.text).toBe('a');
  });

  it('the model the lanes ask is told to every fresh worker before its file', async () => {
    const { client, workers } = clientWithWorkers();
    const model: LaneModelSettings = { protocol: 'openai-chat', baseUrl: 'http://127.0.0.1:9', model: 'm' };
    client.setModel(model);
    await loaded(client, 'a');
    await loaded(client, 'b');
    const first = workers[1]!.sent[0];
    expect(first?.type === 'set-model' && first.model).toEqual(model);
    expect(workers[1]!.sent[1]?.type).toBe('load');
  });

  it('a single transport (no factory) serves every file, as before', async () => {
    const only = heldTransport();
    const client = new PruneClient(only.transport);
    await loaded(client, 'a');
    const b = await loaded(client, 'b');
    expect(only.terminated()).toBe(false);
    expect((await client.detail(b.docId, 3))?.blocks[0]?.text).toBe('b');
  });

  it('the next file opens in a spare made when the user is about to open one, which held nothing until then', async () => {
    const { client, workers } = clientWithWorkers(true);
    await loaded(client, 'a');
    await tick(40);
    // No spare after a load: a page whose user opens no other file never pays for one.
    expect(workers).toHaveLength(1);
    client.prepareNextLoad();
    client.prepareNextLoad();
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent).toEqual([]);
    const b = await loaded(client, 'b');
    expect(workers[1]!.sent.map((r) => r.type)).toEqual(['load']);
    expect(workers[0]!.terminated()).toBe(true);
    expect((await client.detail(b.docId, 3))?.blocks[0]?.text).toBe('b');
    await tick(40);
    expect(workers).toHaveLength(2);
    client.prepareNextLoad();
    expect(workers).toHaveLength(3);
    client.dispose();
    expect(workers.map((w) => w.terminated())).toEqual([true, true, true]);
  });

  it('no spare before the first file, nor beside a file that is opening', async () => {
    const { client, workers } = clientWithWorkers(true);
    client.prepareNextLoad();
    expect(workers).toHaveLength(1);
    await loaded(client, 'a');
    const b = client.load({ kind: 'text', text: chat('b'), fileName: 'b.json' }, load);
    expect(workers).toHaveLength(2);
    workers[1]!.hold(true);
    client.prepareNextLoad();
    await tick(20);
    expect(workers).toHaveLength(2);
    workers[1]!.hold(false);
    workers[1]!.release(workers[1]!.held.splice(0));
    expect((await b).status).toBe('loaded');
    client.prepareNextLoad();
    expect(workers).toHaveLength(3);
    client.dispose();
  });

  it('without spares (a client told so), the user\'s intent makes no worker', async () => {
    const { client, workers } = clientWithWorkers(false);
    await loaded(client, 'a');
    client.prepareNextLoad();
    expect(workers).toHaveLength(1);
    client.dispose();
  });

  it('the spare is warmed with the encoding the last counts used, once they are in, so the next file\'s counts do not pay for its vocabulary', async () => {
    const { client, workers } = clientWithWorkers(true);
    const counted = new Promise<string>((resolve) => (client.events.onTokens = (u) => resolve(u.encoding)));
    await client.load({ kind: 'text', text: chat('a'), fileName: 'a.json' }, { ...load, open: { encoding: 'o200k_base' as const } });
    // Made before the counts are in: warmed when they arrive.
    client.prepareNextLoad();
    expect(workers).toHaveLength(2);
    expect(await counted).toBe('o200k_base');
    await tick(5);
    expect(workers[1]!.sent).toEqual([expect.objectContaining({ type: 'warm', encoding: 'o200k_base' })]);
    await loaded(client, 'b');
    expect(workers[1]!.sent.map((r) => r.type)).toEqual(['warm', 'load']);
    client.dispose();
  });

  it('a spare that fails to start is let go, and the next file makes its own worker', async () => {
    const { client, workers } = clientWithWorkers(true);
    await loaded(client, 'a');
    client.prepareNextLoad();
    workers[1]!.transport.onFailure?.('the worker script did not load');
    expect(workers[1]!.terminated()).toBe(true);
    const b = await loaded(client, 'b');
    expect(workers[2]!.sent.map((r) => r.type)).toEqual(['load']);
    expect((await client.detail(b.docId, 3))?.blocks[0]?.text).toBe('b');
    client.dispose();
  });
});
