import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AdviseRequest, AdviseResponse } from './advise-protocol';
import { runAdvise } from './advise-run';

const text = readFileSync(new URL('../../fixtures/spotter-session.jsonl', import.meta.url), 'utf8');
const request: AdviseRequest = { source: { kind: 'text', text, fileName: 'spotter-session.jsonl' }, conversation: 0, open: {}, encoding: 'auto', calibrate: false };

describe('runAdvise', () => {
  it('reads, counts and sweeps the transcript as opened on screen, with progress, to one result', async () => {
    const posted: AdviseResponse[] = [];
    await runAdvise(request, (r) => posted.push(r));
    const phases = [...new Set(posted.filter((r) => r.type === 'progress').map((r) => r.phase))];
    expect(phases).toEqual(['reading', 'parsing', 'counting', 'sweeping']);
    const result = posted.at(-1);
    if (result?.type !== 'result') throw new Error(`no result: ${JSON.stringify(result)}`);
    expect(result.sweep.points[0]?.strategy).toBe('none');
    expect(result.sweep.points.length).toBeGreaterThan(20);
    expect(result.sweep.probes).toBeGreaterThan(0);
    const sweeping = posted.filter((r): r is Extract<AdviseResponse, { type: 'progress' }> => r.type === 'progress' && r.phase === 'sweeping');
    expect(sweeping.at(-1)).toMatchObject({ done: sweeping.at(-1)?.total });
  }, 60_000);

  it('stops between steps once its signal is aborted, and says nothing more', async () => {
    const posted: AdviseResponse[] = [];
    const abort = new AbortController();
    await runAdvise(
      request,
      (r) => {
        posted.push(r);
        if (r.type === 'progress' && r.phase === 'sweeping' && r.done >= 1) abort.abort();
      },
      abort.signal,
    );
    expect(posted.some((r) => r.type === 'result' || r.type === 'error')).toBe(false);
  }, 60_000);

  it('says which model has no prices, and where to give them', async () => {
    const posted: AdviseResponse[] = [];
    await runAdvise({ ...request, model: 'nobody/no-such-model-xyz' }, (r) => posted.push(r));
    expect(posted.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/^No prices for nobody\/no-such-model-xyz/) });
  }, 60_000);
});
