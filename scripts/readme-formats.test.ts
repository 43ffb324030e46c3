import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listFormats } from '../src/core/formats/list-formats';
import { END, START, withFormatTable } from './readme-formats';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe("the README's list of formats", () => {
  it('is the format registry, row for row (`npm run readme:formats` rewrites it)', () => {
    expect(README).toBe(withFormatTable(README));
  });

  it('lists exactly the registered formats, each once', () => {
    const list = README.slice(README.indexOf(START), README.indexOf(END));
    const ids = [...list.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(ids).toEqual(listFormats().map((f) => f.id));
  });
});
