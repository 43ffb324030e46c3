import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIo } from '../../../test/support/cli-io';
import { reportCommand } from './report';

const FILES = ['fixtures/codex-rollout-gpt-5.5.jsonl', 'fixtures/spotter-short.jsonl'];

describe('report: the cost column', () => {
  it('prices a folder holding a model the table lacks (gpt-5.5) at its family’s nearest entry, and says which entries it used', async () => {
    const io = testIo();
    expect(await reportCommand([...FILES, '-s', 'sliding-window', '--encoding', 'chars', '--jobs', '1'], io)).toBe(0);
    const [summary = '', header = ''] = io.out.split('\n');
    expect(header).toMatch(/\bcost\s+vs none$/);
    expect(summary).not.toContain('no cost column');
    expect(io.out).toContain('priced with ai-tokenizer\'s price table: openai/gpt-5, the nearest entry to "gpt-5.5"');
  }, 30_000);

  it('--prices replaces the table’s prices for every conversation', async () => {
    const io = testIo();
    expect(await reportCommand([FILES[1] as string, '-s', 'sliding-window', '--encoding', 'chars', '--jobs', '1', '--prices', 'input=0,output=0,cache-read=0,cache-write=0', '--json'], io)).toBe(0);
    const json = JSON.parse(io.out) as { totals: { costUsd?: number }[] };
    expect(json.totals.map((t) => t.costUsd)).toEqual([0, 0]);
  });

  it('says its counts and sources in words: one conversation, a model priced as given, a file skipped (regressions: "1 conversations", "priced with given", "column 67.; skipped")', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'prunescope-report-')), 'broken.json');
    writeFileSync(broken, '{"messages": [');
    const io = testIo();
    expect(await reportCommand([FILES[1] as string, broken, '-s', 'sliding-window', '--encoding', 'chars', '--jobs', '1', '--model', 'in-house-7b', '--prices', 'input=1,output=2'], io)).toBe(1);
    expect(io.out).toMatch(/^1 conversation in 1 file \(1 skipped\);/);
    expect(io.out).toContain('priced with in-house-7b at the prices given (--prices)');
    expect(io.err).toMatch(/broken\.json.*[^.]; skipped\n/);
  });
});
