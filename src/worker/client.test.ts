import { describe, expect, it } from 'vitest';
import { PruneClient } from './client';
import { heldTransport } from '../../test/support/held-transport';
import { defaultLanes, type Budget } from './lanes';

const chat = JSON.stringify([
  { role: 'user', content: 'read a file' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/a' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'A\nmore' }] },
  { role: 'assistant', content: 'done' },
  { role: 'user', content: 'thanks' },
  { role: 'assistant', content: 'bye' },
]);

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));
// The quick lanes only: slow ones (a summary, TF-IDF) answer later, as extra events these tests are not about.
const lanes = defaultLanes().filter((l) => l.strategy !== 'token-budget' && l.strategy !== 'governor');
const messages = (value: number): Budget => ({ unit: 'messages', value });
const plan = (value: number) => ({ lanes, pinned: [], budget: messages(value), epoch: 0 });
// The estimate only: exact counts would arrive as extra events these tests do not look at (one test below does).
const load = { plan: { lanes, pinned: [] }, open: { encoding: 'chars' as const } };

describe('PruneClient', () => {
  it('loads a transcript, with rows, a plan for every quick lane and the budget asked for', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const outcome = await client.load({ kind: 'text', text: chat, fileName: 'chat.json' }, { plan: plan(2), open: { encoding: 'chars' } });
    expect(outcome.status).toBe('loaded');
    if (outcome.status !== 'loaded') return;
    expect(outcome.doc.count).toBe(6);
    expect(outcome.doc.format).toBe('anthropic');
    expect(outcome.budget).toEqual(messages(2));
    expect(outcome.plans.map((p) => p.strategy)).toEqual(['sliding-window', 'summarize', 'importance', 'observation-masking']);
    expect(outcome.rows.previewText.slice(outcome.rows.previewOffsets[1], outcome.rows.previewOffsets[2])).toBe('Read(/a)');
    // The call and its result are partners.
    expect(Array.from(outcome.rows.partners.subarray(outcome.rows.partnerOffsets[1], outcome.rows.partnerOffsets[2]))).toEqual([2]);
    expect(outcome.rows.toolNames).toEqual(['Read']);
  });

  it('a newer load makes the older one stale, whatever order the answers come in', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const first = client.load({ kind: 'text', text: chat, fileName: 'first.json' }, load);
    const second = client.load({ kind: 'text', text: chat, fileName: 'second.json' }, load);
    expect((await first).status).toBe('stale');
    const outcome = await second;
    expect(outcome.status === 'loaded' && outcome.doc.fileName).toBe('second.json');
  });

  it('a parse error comes back with its line and column', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const outcome = await client.load({ kind: 'text', text: '[\n  {"role": "user",, }\n]', fileName: 'bad.json' }, load);
    expect(outcome.status).toBe('error');
    if (outcome.status !== 'error') return;
    expect(outcome.error.line).toBe(2);
    expect(outcome.error.column).toBeGreaterThan(0);
    expect(outcome.error.fileName).toBe('bad.json');
  });

  it('coalesces plan requests: one in flight, the newest sent next, intermediate values never sent', async () => {
    const env = heldTransport();
    const client = new PruneClient(env.transport);
    const loaded = await client.load({ kind: 'text', text: chat, fileName: 'c.json' }, load);
    if (loaded.status !== 'loaded') throw new Error('load failed');
    const planned: string[] = [];
    client.events.onPlanned = (u) => planned.push(u.plans[0]!.key.split('|')[2]!);
    env.hold(true);
    for (const value of [1, 2, 3, 4]) client.setPlan(loaded.doc.docId, plan(value));
    const plans = () => env.sent.flatMap((r) => (r.type === 'plan' ? [r.plan.budget.value] : []));
    expect(plans()).toEqual([1]);
    env.hold(false);
    env.release(env.held.splice(0).filter((r) => r.type === 'planned'));
    await tick(20);
    expect(plans()).toEqual([1, 4]);
    expect(planned).toEqual(['messages:1', 'messages:4']);
    // The plan in flight was cancelled when the next was sent, so its slow lanes and verdicts stop.
    expect(env.sent.filter((r) => r.type === 'cancel').length).toBeGreaterThan(0);
  });

  it('drops plans and searches that answer for a transcript no longer loaded', async () => {
    const env = heldTransport();
    const client = new PruneClient(env.transport);
    const a = await client.load({ kind: 'text', text: chat, fileName: 'a.json' }, load);
    if (a.status !== 'loaded') throw new Error('load failed');
    const planned: number[] = [];
    client.events.onPlanned = (u) => planned.push(u.docId);
    env.hold(true);
    client.setPlan(a.doc.docId, plan(3));
    const search = client.search(a.doc.docId, 'file');
    const oldAnswers = env.held.splice(0);
    env.hold(false);
    const b = await client.load({ kind: 'text', text: chat, fileName: 'b.json' }, load);
    expect(b.status).toBe('loaded');
    env.release(oldAnswers);
    await tick();
    expect(planned).toEqual([]);
    expect(await search).toBeNull();
  });

  it('search finds matches in text, tool inputs and results', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const loaded = await client.load({ kind: 'text', text: chat, fileName: 'c.json' }, load);
    if (loaded.status !== 'loaded') throw new Error('load failed');
    expect(Array.from((await client.search(loaded.doc.docId, 'READ'))!)).toEqual([0, 1]);
    expect(Array.from((await client.search(loaded.doc.docId, 'more'))!)).toEqual([2]);
    // Only the newest search answers.
    const older = client.search(loaded.doc.docId, 'done');
    const newer = client.search(loaded.doc.docId, 'bye');
    expect(await older).toBeNull();
    expect(Array.from((await newer)!)).toEqual([5]);
  });

  it('a failing worker ends pending loads with an error instead of hanging', async () => {
    const env = heldTransport();
    const client = new PruneClient(env.transport);
    env.hold(true);
    const pending = client.load({ kind: 'text', text: chat, fileName: 'c.json' }, load);
    env.transport.onFailure?.('boom');
    const outcome = await pending;
    expect(outcome.status === 'error' && outcome.error.message).toBe('boom');
  });

  it('detail and export', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const loaded = await client.load({ kind: 'text', text: chat, fileName: 'c.json' }, load);
    if (loaded.status !== 'loaded') throw new Error('load failed');
    const detail = await client.detail(loaded.doc.docId, 2);
    expect(detail?.blocks[0]).toMatchObject({ kind: 'tool_result', text: 'A\nmore', toolId: 't1' });
    const exported = await client.exportLane(loaded.doc.docId, plan(2), 'l2');
    expect(exported?.fileName).toBe('c.summarize-2msg.json');
    const messages = JSON.parse(exported!.text) as { content: unknown }[];
    expect(messages[0]?.content).toBe('[Previous context: 4 turns summarized]');
    expect(messages).toHaveLength(3);
  });

  it('exact counts follow the first paint, then every lane again for the counts of the new epoch', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const tokens: { epoch: number; encoding: string; total: number }[] = [];
    const planned: string[] = [];
    client.events.onTokens = (t) => tokens.push({ epoch: t.epoch, encoding: t.encoding, total: t.totalTokens });
    client.events.onPlanned = (u) => planned.push(...u.plans.map((p) => p.key.split('|').at(-1)!));
    const loaded = await client.load({ kind: 'text', text: chat, fileName: 'chat.json' }, { plan: { lanes, pinned: [] } });
    if (loaded.status !== 'loaded') throw new Error('load failed');
    expect(loaded.doc.encoding).toBe('chars');
    for (let i = 0; i < 200 && planned.length === 0; i++) await tick(10);
    expect(tokens).toEqual([{ epoch: 1, encoding: 'claude', total: expect.any(Number) }]);
    expect(tokens[0]!.total).not.toBe(loaded.doc.totalTokens);
    expect(new Set(planned)).toEqual(new Set(['1']));
  });

  it('a load that fails while the loaded transcript is still counted leaves its counting to finish: exact counts, lanes planned on them', async () => {
    const { transport } = heldTransport();
    const client = new PruneClient(transport);
    const tokens: number[] = [];
    const planned: string[] = [];
    client.events.onTokens = (t) => tokens.push(t.epoch);
    client.events.onPlanned = (u) => planned.push(...u.plans.map((p) => p.key.split('|').at(-1)!));
    const loaded = await client.load({ kind: 'text', text: chat, fileName: 'chat.json' }, { plan: { lanes, pinned: [] } });
    if (loaded.status !== 'loaded') throw new Error('load failed');
    // Dropped at once, before the counts are in: a file no format reads.
    const rejected = await client.load({ kind: 'text', text: 'not a transcript', fileName: 'notes.txt' }, { plan: { lanes, pinned: [] } });
    expect(rejected.status).toBe('error');
    client.setPlan(loaded.doc.docId, { lanes, pinned: [], budget: messages(3), epoch: 0 });
    for (let i = 0; i < 300 && !(tokens.length > 0 && planned.includes('1')); i++) await tick(10);
    expect(tokens).toEqual([1]);
    expect(planned).toContain('1');
  });
});

