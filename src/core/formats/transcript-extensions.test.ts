import { describe, expect, it } from 'vitest';
import { listFormats } from './list-formats';
import { transcriptExtensions } from './transcript-extensions';

describe('transcriptExtensions', () => {
  it('lists every extension of every registered format once, lower-case, with its dot', () => {
    const extensions = transcriptExtensions();
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const format of listFormats()) {
      for (const extension of format.extensions) expect(extensions).toContain(extension.toLowerCase());
    }
    for (const extension of extensions) expect(extension).toMatch(/^\.[a-z0-9]+$/);
    expect(extensions).toEqual(expect.arrayContaining(['.json', '.jsonl', '.traj']));
  });
});
