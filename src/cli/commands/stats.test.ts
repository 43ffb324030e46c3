import { describe, expect, it } from 'vitest';
import { testIo } from '../../../test/support/cli-io';
import { statsCommand } from './stats';

describe('stats: a run’s recorded total', () => {
  it('SWE-agent v0: the recorded input against the sum of the counted requests, output and cost, in the table and in --json', async () => {
    const io = testIo();
    expect(await statsCommand(['fixtures/swe-agent-gpt4-pydicom-1458.traj'], io)).toBe(0);
    expect(io.out).toContain('fixtures/swe-agent-gpt4-pydicom-1458.traj: swe-agent, tokens counted with o200k_base');
    expect(io.out).toMatch(/\nrecorded total \(info\.model_stats\): 12 requests, input 122,612 vs 122,\d{3} counted \([+−]0\.\d\d%\) over 12 requests, output 1,369 vs 1,\d{3} counted, cost \$1\.27\n$/);
    const json = testIo();
    await statsCommand(['fixtures/swe-agent-gpt4-pydicom-1458.traj', '--json'], json);
    const [conversation] = JSON.parse(json.out).conversations as Record<string, unknown>[];
    expect(conversation).toMatchObject({ messages: 25, toolPairs: 0, recordedTotal: { requests: 12, inputTokens: 122612, outputTokens: 1369, costUsd: 1.26719, where: 'info.model_stats', countedRequests: 12 } });
    expect(conversation).not.toHaveProperty('recorded');
  });

  it('what the file does not give is not made up: a replayed demonstration records its calls only', async () => {
    const io = testIo();
    await statsCommand(['fixtures/swe-agent-marshmallow-1867-replay.traj', '--encoding', 'chars'], io);
    expect(io.out).toMatch(/\nrecorded total \(info\.model_stats\): 11 requests, [\d,]+ input counted over 11 requests\n$/);
  });

  it('per request and the run total together (mini-SWE-agent): both shown', async () => {
    const io = testIo();
    await statsCommand(['fixtures/mini-swe-agent-run.traj.json', '--encoding', 'chars'], io);
    expect(io.out).toMatch(/^trajectory\s+5\s+2\s+1 \/ 0\s+[\d,]+\s+[\d,]+\s+3\s+1,700\s/m);
    expect(io.out).toContain('recorded total (info.model_stats): 3 requests, ');
    expect(io.out).toContain('cost $0.0061 (anthropic/claude-sonnet-4-5-20250929)');
  });

  it('the last request recorded, as a sum: counted plus what the file does not hold (a trial read it as a 39% miscount)', async () => {
    const io = testIo();
    await statsCommand(['fixtures/mini-swe-agent-run.traj.json', '--encoding', 'chars'], io);
    const line = /\nlast request: ([\d,]+) recorded = ([\d,]+) counted ([+−]) ([\d,]+) /.exec(io.out);
    expect(line, io.out).not.toBeNull();
    const n = (s: string) => Number(s.replace(/,/g, ''));
    const [, recorded, counted, sign, rest] = line as unknown as string[];
    expect(n(counted as string) + (sign === '+' ? 1 : -1) * n(rest as string)).toBe(n(recorded as string));
  });

  it('a file with no total prints no total line', async () => {
    const io = testIo();
    await statsCommand(['fixtures/swe-agent-function-calling-simple.traj', '--encoding', 'chars'], io);
    expect(io.out).not.toContain('recorded total');
  });
});
