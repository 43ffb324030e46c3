import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIo } from '../../../test/support/cli-io';
import { adviseCommand } from './advise';
import { run } from '../run';
import type { AdviseJson } from '../advise/types';
import { adviseText } from '../advise/advise-text';

const CLAUDE = 'fixtures/spotter-short.jsonl';
const CODEX = 'fixtures/codex-rollout-gpt-5.5.jsonl';
const FAST = ['--encoding', 'chars', '--jobs', '1', '--bounds', '5000,20000', '-s', 'sliding-window,observation-masking,anthropic-compaction'];

async function advise(args: string[]): Promise<{ code: number; json: AdviseJson; err: string }> {
  const io = testIo();
  const code = await adviseCommand([...args, '--json'], io);
  return { code, json: JSON.parse(io.out) as AdviseJson, err: io.err };
}

describe('advise', () => {
  it('writes { recommendation, frontier, points } for a Claude Code and a Codex file', async () => {
    // One window for both (their models' differ), so both are swept on one grid.
    const { code, json } = await advise([CLAUDE, CODEX, ...FAST, '--keep', 'task,errors', '--window', '200000']);
    expect(code).toBe(0);
    expect(json.conversations.map((c) => c.file)).toEqual([CLAUDE, CODEX]);
    expect(json.recommendation).toMatchObject({ strategy: expect.any(String), options: expect.any(Object), mode: expect.stringMatching(/^(stateless|live)$/), costUsd: expect.any(Number), loss: expect.any(Number) });
    expect(json.recommendation?.best.of).toBe(2);
    const keys = new Set(json.points.map((p) => p.key));
    for (const f of json.frontier) expect(keys.has(f.key)).toBe(true);
    expect(json.points[0]?.strategy).toBe('none');
    expect(json.points.every((p) => p.conversations === 2)).toBe(true);
    expect(json.reason).toMatch(/keeps the task and every error/);
    // The reason is said once, beside the recommendation, not copied into it.
    expect(json.recommendation).not.toHaveProperty('reason');
  }, 60_000);

  it('says in words what it recommends, and draws the frontier', async () => {
    const io = testIo();
    expect(await adviseCommand([CODEX, ...FAST], io)).toBe(0);
    expect(io.out).toMatch(/^1 conversation swept in 1 file; \d+ settings; window [\d,]+ tokens\n/);
    expect(io.out).toMatch(/\nRecommended: .+: the cheapest of the \d+ settings that keeps the task/);
    expect(io.out).toContain('Frontier (no other setting is both cheaper and loses less):');
  }, 60_000);

  it('says a note once when settings of one strategy are left out for the same reason', async () => {
    const { json } = await advise([CODEX, ...FAST]);
    const reason = 'its plan keeps 315,771 tokens, over the trigger (160,000): it would prune before every request (O(n²)); not swept over 200 messages';
    const skip = (key: string) => ({ strategy: 'observation-masking' as const, mode: 'live' as const, key, reason });
    const text = adviseText({ ...json, skipped: [skip('observation-masking maxTokens=5000 live>160000'), skip('observation-masking maxTokens=20000 live>160000')] });
    expect(text.split(`note: observation-masking live: ${reason}`).length - 1).toBe(1);
  }, 60_000);

  it('resumes with --merge: files already swept are not read again, and the answer is the whole run’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'advise-'));
    const part = join(dir, 'part.json');
    const first = await advise([CLAUDE, ...FAST]);
    writeFileSync(part, JSON.stringify(first.json));
    const resumed = await advise([CLAUDE, CODEX, '--merge', part, '--jobs', '1']);
    const whole = await advise([CLAUDE, CODEX, ...FAST]);
    expect(resumed.code).toBe(0);
    expect(resumed.json.conversations.map((c) => c.file)).toEqual([CLAUDE, CODEX]);
    expect(resumed.json.recommendation).toEqual(whole.json.recommendation);
    expect(resumed.json.points).toEqual(whole.json.points);
    // With --merge, --window is the constraint only: the parts keep the window they were swept at.
    const tight = await advise(['--merge', part, '--window', '1000']);
    expect(tight.json.settings).toEqual(first.json.settings);
    expect(tight.json.constraints.window).toBe(1000);
  }, 90_000);

  it('rejects bad flags with what was wrong', async () => {
    const io = testIo();
    expect(await run(['advise', CODEX, '--keep', 'tasks'], io)).toBe(2);
    expect(io.err).toMatch(/--keep.*tasks/);
    const io2 = testIo();
    expect(await run(['advise', CODEX, '--max-extra-cost', 'lots'], io2)).toBe(2);
    expect(io2.err).toContain('--max-extra-cost takes a percentage');
    const dir = mkdtempSync(join(tmpdir(), 'advise-'));
    writeFileSync(join(dir, 'x.json'), '{"prunescope":"report"}');
    const io3 = testIo();
    expect(await run(['advise', '--merge', join(dir, 'x.json')], io3)).toBe(2);
    expect(io3.err).toContain('is not the --json output of prunescope advise');
  });

  it('--merge of parts swept with other settings names the part and the settings that differ', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'advise-'));
    const base = { prunescope: 'advise', version: 1, files: [], conversations: [] };
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ ...base, settings: { encoding: 'chars', bounds: [5000] } }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ ...base, settings: { encoding: 'chars', bounds: [8000] } }));
    writeFileSync(join(dir, 'v2.json'), JSON.stringify({ ...base, version: 2, settings: {} }));
    const io = testIo();
    expect(await run(['advise', '--merge', join(dir, 'a.json'), '--merge', join(dir, 'b.json')], io)).toBe(2);
    expect(io.err).toContain(`advise: ${join(dir, 'b.json')} was run with other settings than ${join(dir, 'a.json')} (bounds differs); merge parts of one run`);
    const io2 = testIo();
    expect(await run(['advise', '--merge', join(dir, 'v2.json')], io2)).toBe(2);
    expect(io2.err).toContain('is a version 2 sweep; this prunescope merges version 1');
  });

  it('says so when nothing meets the constraints', async () => {
    const io = testIo();
    expect(await adviseCommand([CODEX, ...FAST, '--window', '1000'], io)).toBe(1);
    expect(io.out).toMatch(/No recommendation\. No setting keeps the task and sends no request over 1,000 tokens/);
  }, 60_000);
});
