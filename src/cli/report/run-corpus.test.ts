import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectFiles } from './run-corpus';

describe('collectFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prunescope-corpus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Regression: a folder of SWE-agent trajectories gave "0 conversations in 0 files" and exit 0, because a folder
  // contributed only .json and .jsonl files while the format registry reads .traj too.
  it("takes from a folder every file with an extension some format reads, SWE-agent's .traj included, sorted", async () => {
    for (const name of ['b.json', 'a.traj', 'notes.txt', 'c.JSONL', 'run.traj.json']) writeFileSync(join(dir, name), '[]');
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'd.traj'), '{}');
    const files = (await collectFiles([dir])).map((f) => f.file.slice(dir.length + 1));
    expect(files).toEqual(['a.traj', 'b.json', 'c.JSONL', 'run.traj.json', join('sub', 'd.traj')]);
  });
});
